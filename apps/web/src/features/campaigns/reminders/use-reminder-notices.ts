import type { ReminderSendResponse } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { reminderFailureNotice, reminderSendNotice, type ReminderNotice } from './reminder-rules.ts';

/** The notices of a reminder send (spec 2 §8), for the modals of every kind. */
export function useReminderNotices() {
  const { t } = useTranslation();
  const show = (notice: ReminderNotice) =>
    showMessage({ type: notice.type, message: translateMessage(t, notice.message) });
  return {
    /** The server's answer: "Reminders sent!", or its reason or "Reminders were not sent!". */
    answered: (response: Pick<ReminderSendResponse, 'success' | 'reason'>) =>
      show(reminderSendNotice(response)),
    failed: (error: unknown) => show(reminderFailureNotice(error)),
  };
}
