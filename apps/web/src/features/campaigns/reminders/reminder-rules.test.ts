import { DELIVERY_MESSAGES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { hasRecentReminder, reminderFailureNotice, reminderSendNotice } from './reminder-rules.ts';

const NOW = new Date('2026-06-02T12:00:00.000Z');

describe('the 24-hour rule', () => {
  it('asks again when a reminder went out less than 24 hours ago', () => {
    expect(hasRecentReminder([{ date: '2026-06-01T12:00:01.000Z' }], NOW)).toBe(true);
    expect(hasRecentReminder([{ date: '2026-06-02T11:59:00.000Z' }], NOW)).toBe(true);
  });

  it('does not ask for older reminders, none, or unreadable dates', () => {
    expect(hasRecentReminder([{ date: '2026-06-01T12:00:00.000Z' }], NOW)).toBe(false);
    expect(hasRecentReminder([{ date: '2026-05-20T08:00:00.000Z' }, { date: 'soon' }], NOW)).toBe(false);
    expect(hasRecentReminder([], NOW)).toBe(false);
  });

  it('counts a date a little ahead of the browser clock as just sent', () => {
    expect(hasRecentReminder([{ date: '2026-06-02T12:02:00.000Z' }], NOW)).toBe(true);
  });
});

describe('reminder notices', () => {
  it('says "Reminders sent!" on success and gives the reason otherwise', () => {
    expect(reminderSendNotice({ success: true })).toEqual({
      type: 'success',
      message: DELIVERY_MESSAGES.remindersSent,
    });
    expect(reminderSendNotice({ success: false, reason: 'Nobody left' })).toEqual({
      type: 'warning',
      message: 'Nobody left',
    });
    expect(reminderSendNotice({ success: false }).message).toBe(DELIVERY_MESSAGES.remindersNotSent);
  });

  it('shows a refusal\'s message, and "Reminders were not sent!" for other failures', () => {
    const refused = new ApiError(409, { error: 'conflict', description: DELIVERY_MESSAGES.notRemindable });
    expect(reminderFailureNotice(refused).message).toBe(DELIVERY_MESSAGES.notRemindable);
    expect(reminderFailureNotice(new ApiError(0, { error: 'network_error' })).message).toBe(
      DELIVERY_MESSAGES.remindersNotSent,
    );
    expect(reminderFailureNotice(new ApiError(500, {})).message).toBe(DELIVERY_MESSAGES.remindersNotSent);
    expect(reminderFailureNotice(new Error('boom')).message).toBe(DELIVERY_MESSAGES.remindersNotSent);
  });
});
