import { DELIVERY_MESSAGES, RECENT_REMINDER_HOURS, type ReminderSendResponse } from '@vigil/shared';
import { ApiError } from '../../../lib/api-error.ts';

const HOUR_MS = 3_600_000;

/**
 * Spec 2 §4 Reminder confirmations: whether one of the last reminders went out less than 24 hours
 * before `now`. A date slightly ahead of the browser's clock still counts (the clocks differ).
 */
export function hasRecentReminder(
  lastReminders: readonly { date: string }[],
  now: Date,
  hours: number = RECENT_REMINDER_HOURS,
): boolean {
  return lastReminders.some((reminder) => {
    const sent = new Date(reminder.date).getTime();
    return !Number.isNaN(sent) && now.getTime() - sent < hours * HOUR_MS;
  });
}

export interface ReminderNotice {
  type: 'success' | 'warning';
  /** A message of DELIVERY_MESSAGES or the server's reason, in English. */
  message: string;
}

/** Spec 2 §8: "Reminders sent!", or a warning with the server's reason or "Reminders were not sent!". */
export function reminderSendNotice(
  response: Pick<ReminderSendResponse, 'success' | 'reason'>,
): ReminderNotice {
  if (response.success) return { type: 'success', message: DELIVERY_MESSAGES.remindersSent };
  return { type: 'warning', message: response.reason || DELIVERY_MESSAGES.remindersNotSent };
}

/** A refused send shows the server's message; a network or server failure "Reminders were not sent!". */
export function reminderFailureNotice(error: unknown): ReminderNotice {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
  return { type: 'warning', message: refused ? error.message : DELIVERY_MESSAGES.remindersNotSent };
}
