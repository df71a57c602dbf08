import { PHISHING_MESSAGES } from '@vigil/shared';
import { useProgramActions } from '../../campaigns/index.ts';
import { useChangePhishing, useDeletePhishing } from '../api/phishing-api.ts';
import { PHISHING_PATHS } from '../phishing-paths.ts';
import { translatePhishingError, translatePhishingMessage } from '../phishing-messages.ts';

/**
 * What a manager may do with a simulation, from the permissions the server derived: View, Edit (not
 * once completed), Copy, Pause and Stop (a running one too: its unsent mails wait or are dropped) and
 * Delete, the last three confirmed.
 */
export function usePhishingActions(companyId: string) {
  return useProgramActions({
    section: 'phishing',
    change: useChangePhishing(companyId),
    remove: useDeletePhishing(companyId),
    paths: { view: (row) => PHISHING_PATHS.view(row), edit: PHISHING_PATHS.edit, copy: PHISHING_PATHS.copy },
    messages: PHISHING_MESSAGES,
    translateError: translatePhishingError,
    translateMessage: translatePhishingMessage,
    editable: (row) => row.status !== 'completed',
    confirmPause: true,
  });
}
