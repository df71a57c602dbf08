import { Modal } from '@mantine/core';
import { DELIVERY_MESSAGES, type DeliveryEventRow } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { DeliveryStatusView } from '../../campaigns/index.ts';
import { trainingDeliverySource, useResendDelivery } from '../api/get-deliveries.ts';

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
  const resend = useResendDelivery(props.companyId, props.trainingId);
  const resendOf = (open: DeliveryEventRow) => ({
    sending: resend.isPending ? (resend.variables?.email ?? null) : null,
    send: (email: string) =>
      resend.mutate(
        { eventId: open.id, email },
        {
          onSuccess: () =>
            showMessage({ type: 'success', message: translateMessage(t, DELIVERY_MESSAGES.reminderSent) }),
          onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
        },
      ),
  });
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
      <DeliveryStatusView
        source={trainingDeliverySource(props.companyId, props.trainingId)}
        firstSend="batch"
        subjectTitles={props.subjectTitles}
        resend={props.canResend ? resendOf : undefined}
        event={event}
        onEventChange={setEvent}
      />
    </Modal>
  );
}
