import { Modal } from '@mantine/core';
import type { DeliveryEventRow } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { DeliveriesTable } from './deliveries-table.tsx';
import { DeliveryUsersTable } from './delivery-users-table.tsx';

interface DeliveryStatusModalProps {
  opened: boolean;
  onClose: () => void;
  companyId: string;
  trainingId: string;
  /** Subject titles by id, to name what a delivery held. */
  subjectTitles: ReadonlyMap<string, string>;
  /** Admins may send a delivery's mail again. */
  canResend: boolean;
}

/** Spec 2 §2: the delivery status view, per delivery and then per employee, with a resend option. */
export function DeliveryStatusModal({ opened, onClose, ...props }: DeliveryStatusModalProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [event, setEvent] = useState<DeliveryEventRow | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => setEvent(null)}
      title={t('trainingDelivery.deliveries.title')}
      size={1080}
      fullScreen={phone}
      data-testid="delivery-status-modal"
    >
      {event ? (
        <DeliveryUsersTable
          key={event.id}
          event={event}
          companyId={props.companyId}
          trainingId={props.trainingId}
          canResend={props.canResend}
          onBack={() => setEvent(null)}
        />
      ) : (
        <DeliveriesTable
          companyId={props.companyId}
          trainingId={props.trainingId}
          subjectTitles={props.subjectTitles}
          onOpen={setEvent}
        />
      )}
    </Modal>
  );
}
