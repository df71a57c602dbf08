import { Badge } from '@mantine/core';
import type { DeliveryStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<DeliveryStatus, string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'green',
  bounced: 'orange',
  failed: 'red',
};

/** What became of one mail: pending, sending, sent, bounced or failed. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      variant="light"
      color={STATUS_COLORS[status]}
      tt="none"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(`trainingDelivery.status.${status}`)}
    </Badge>
  );
}
