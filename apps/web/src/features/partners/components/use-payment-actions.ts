import { PARTNER_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useCollectPayment, usePartnerPortal } from '../api/partners.ts';

/** Sends the partner to its billing portal, or says there is none (no payment provider configured). */
export function useOpenPartnerPortal(partnerId: string) {
  const { t } = useTranslation();
  const portal = usePartnerPortal(partnerId);
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (url) window.location.assign(url);
        else showMessage({ type: 'warning', message: t('partners.payments.noPortal') });
      },
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });
  return { open, pending: portal.isPending };
}

/** 'Pay now': charges the card on file for the dues and says how it went. */
export function usePayDues(partnerId: string) {
  const { t } = useTranslation();
  const collect = useCollectPayment(partnerId);
  const pay = () =>
    collect.mutate(undefined, {
      onSuccess: (after) =>
        showMessage(
          after.paymentState === 'ok'
            ? { type: 'success', message: t('partners.payments.paid') }
            : { type: 'error', message: translateMessage(t, PARTNER_MESSAGES.paymentFailed) },
        ),
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });
  return { pay, pending: collect.isPending };
}
