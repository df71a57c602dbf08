import type { TrainingEventView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { hasDeliveries, nextDeliveryDate, startText } from './training-timing.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const base: Parameters<typeof startText>[0] = {
  status: 'scheduled',
  scheduleType: 0,
  isScorm: false,
  firstBatch: '2026-06-10T08:00:00.000Z',
  date: '2026-06-10T08:00:00.000Z',
  events: [],
};

const event = (date: string, status: TrainingEventView['status'], type: 1 | 2 = 1): TrainingEventView => ({
  id: date,
  type,
  date,
  status,
  subjects: [],
  parentId: null,
});

describe('start text', () => {
  it('says when a future program starts, and that it started once the first delivery is past', () => {
    expect(startText(base, NOW)).toEqual({ kind: 'starts', date: base.firstBatch });
    expect(startText({ ...base, status: 'active', firstBatch: '2026-05-01T08:00:00.000Z' }, NOW)).toEqual({
      kind: 'started',
      date: '2026-05-01T08:00:00.000Z',
    });
  });

  it('falls back to the schedule date before the deliveries exist', () => {
    expect(startText({ ...base, firstBatch: null }, NOW)).toEqual({ kind: 'starts', date: base.date });
    expect(startText({ ...base, firstBatch: null, date: null }, NOW)).toEqual({ kind: 'notScheduled' });
  });

  it('says "Sent now" for a program sent at once', () => {
    expect(startText({ ...base, status: 'active', scheduleType: 1 }, NOW)).toEqual({ kind: 'sentNow' });
  });

  it('names SCORM packages, download links and drafts for what they are', () => {
    expect(startText({ ...base, isScorm: true }, NOW)).toEqual({ kind: 'scorm' });
    expect(startText({ ...base, scheduleType: 2 }, NOW)).toEqual({ kind: 'downloadLinks' });
    expect(startText({ ...base, status: 'draft' }, NOW)).toEqual({ kind: 'notStarted' });
  });
});

describe('deliveries', () => {
  it('finds the earliest delivery still waiting, ignoring reminders', () => {
    const events = [
      event('2026-06-20T08:00:00.000Z', 'scheduled'),
      event('2026-06-02T08:00:00.000Z', 'scheduled', 2),
      event('2026-06-13T08:00:00.000Z', 'scheduled'),
      event('2026-05-13T08:00:00.000Z', 'sent'),
    ];
    expect(nextDeliveryDate({ events })).toBe('2026-06-13T08:00:00.000Z');
    expect(nextDeliveryDate({ events: [] })).toBeNull();
  });

  it('knows whether anything has been sent', () => {
    expect(hasDeliveries({ events: [event('2026-06-20T08:00:00.000Z', 'scheduled')] })).toBe(false);
    expect(hasDeliveries({ events: [event('2026-05-20T08:00:00.000Z', 'sending')] })).toBe(true);
    expect(hasDeliveries({ events: [event('2026-05-20T08:00:00.000Z', 'sent', 2)] })).toBe(false);
  });
});
