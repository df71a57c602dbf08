import { PARTNER_MESSAGES, type PartnerOverview } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useCollectPayment, usePartnerPortal } from '../api/partners.ts';

/** The payments page with its card form ('Pay with a new card') open: ?pay=card. */
export const payWithCardPath = (partnerId: string) => `/partner/${partnerId}/payments/?pay=card`;
export const opensCardForm = (search: URLSearchParams) => search.get('pay') === 'card';

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

/**
 * 'Pay now': charges the card on file for the dues and says how it went. `payWithCard` pays with a new
 * card's payment nonce instead, and throws a refusal for the card form to show.
 */
export function usePayDues(partnerId: string) {
  const { t } = useTranslation();
  const collect = useCollectPayment(partnerId);
  const told = (after: PartnerOverview) =>
    showMessage(
      after.paymentState === 'ok'
        ? { type: 'success', message: t('partners.payments.paid') }
        : { type: 'error', message: translateMessage(t, PARTNER_MESSAGES.paymentFailed) },
    );
  const pay = () =>
    collect.mutate(undefined, {
      onSuccess: told,
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });
  const payWithCard = async (paymentNonce: string) => told(await collect.mutateAsync(paymentNonce));
  return { pay, payWithCard, pending: collect.isPending };
}
