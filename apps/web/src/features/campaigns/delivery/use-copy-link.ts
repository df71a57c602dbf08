import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { translateError } from '../../../lib/translate-message.ts';

/** Long enough to copy the link by hand when the browser refuses the clipboard. */
const MANUAL_COPY_MS = 30_000;

/**
 * "Copy sign-in link" (spec 2 §2, admins, tracking not anonymous): copies the link that `link`
 * answers for an employee's address; where the clipboard is refused the link is shown.
 */
export function useCopyLinkFrom(link: UseMutationResult<{ link: string }, Error, string>) {
  const { t } = useTranslation();

  const copy = (email: string) =>
    link.mutate(email, {
      onSuccess: async ({ link: url }) => {
        try {
          await navigator.clipboard.writeText(url);
          showMessage({ type: 'success', message: t('trainingDelivery.signinLink.copied', { email }) });
        } catch {
          showMessage({
            type: 'info',
            title: t('trainingDelivery.signinLink.copyByHand'),
            message: url,
            autoClose: MANUAL_COPY_MS,
          });
        }
      },
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });

  return { copy, pendingEmail: link.isPending ? link.variables : null };
}
