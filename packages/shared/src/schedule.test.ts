import { describe, expect, it } from 'vitest';
import {
  addIntervals,
  canRemoveReminderStep,
  defaultScheduleStart,
  generateSchedule,
  isValidReminderStep,
  nextReminderStep,
  type ReminderStep,
  SCHEDULE_MESSAGES,
  SCHEDULE_TYPES,
  scheduleProblem,
} from './schedule.ts';

const now = new Date('2026-11-21T10:25:00Z');
const subjects = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);

describe('generateSchedule', () => {
  it('sends everything in one batch now, or as download links', () => {
    for (const scheduleType of [SCHEDULE_TYPES.now, SCHEDULE_TYPES.downloadLinks]) {
      expect(
        generateSchedule({ scheduleType, subjects: subjects(5), interval: 'W', subjectsPerInterval: 2, now }),
      ).toEqual([{ date: now.toISOString(), subjects: subjects(5) }]);
    }
  });

  it('splits a future schedule into batches of subjects per interval, weekly by default', () => {
    const start = new Date('2026-12-01T09:00:00Z');
    const batches = generateSchedule({
      scheduleType: 0,
      subjects: subjects(7),
      interval: 'W',
      subjectsPerInterval: 3,
      start,
      now,
    });
    expect(batches).toEqual([
      { date: '2026-12-01T09:00:00.000Z', subjects: ['s1', 's2', 's3'] },
      { date: '2026-12-08T09:00:00.000Z', subjects: ['s4', 's5', 's6'] },
      { date: '2026-12-15T09:00:00.000Z', subjects: ['s7'] },
    ]);
  });

  it('spaces biweekly batches by 14 days and monthly ones by calendar month', () => {
    const start = new Date('2027-01-31T08:00:00Z');
    const biweekly = generateSchedule({
      scheduleType: 0,
      subjects: subjects(2),
      interval: 'B',
      subjectsPerInterval: 1,
      start,
      now,
    });
    expect(biweekly.map((b) => b.date)).toEqual(['2027-01-31T08:00:00.000Z', '2027-02-14T08:00:00.000Z']);
    const monthly = generateSchedule({
      scheduleType: 0,
      subjects: subjects(3),
      interval: 'M',
      subjectsPerInterval: 1,
      start,
      now,
    });
    expect(monthly.map((b) => b.date)).toEqual([
      '2027-01-31T08:00:00.000Z',
      '2027-02-28T08:00:00.000Z',
      '2027-03-31T08:00:00.000Z',
    ]);
  });

  it('never dates a batch before the start, and starts at the next full hour when the start is in the past', () => {
    const past = new Date('2026-11-20T09:00:00Z');
    const batches = generateSchedule({
      scheduleType: 0,
      subjects: subjects(4),
      interval: 'W',
      subjectsPerInterval: 2,
      start: past,
      now,
    });
    expect(batches[0]!.date).toBe('2026-11-21T11:00:00.000Z');
    expect(batches.every((b) => b.date >= batches[0]!.date)).toBe(true);
    expect(
      scheduleProblem({
        scheduleType: 0,
        subjects: [],
        interval: 'W',
        subjectsPerInterval: 3,
        start: past,
        now,
      }),
    ).toBe(SCHEDULE_MESSAGES.dateInPast);
    expect(
      scheduleProblem({
        scheduleType: 1,
        subjects: [],
        interval: 'W',
        subjectsPerInterval: 3,
        start: past,
        now,
      }),
    ).toBeNull();
  });

  it('caps the schedule at 200 batches, the last one taking the rest', () => {
    const batches = generateSchedule({
      scheduleType: 0,
      subjects: subjects(450),
      interval: 'W',
      subjectsPerInterval: 1,
      now,
    });
    expect(batches).toHaveLength(200);
    expect(batches[199]!.subjects).toHaveLength(251);
    expect(batches.flatMap((b) => b.subjects)).toEqual(subjects(450));
  });

  it('keeps subjects per interval within 1 to 20', () => {
    const many = generateSchedule({
      scheduleType: 0,
      subjects: subjects(45),
      interval: 'W',
      subjectsPerInterval: 50,
      now,
    });
    expect(many.map((b) => b.subjects.length)).toEqual([20, 20, 5]);
    const none = generateSchedule({
      scheduleType: 0,
      subjects: subjects(2),
      interval: 'W',
      subjectsPerInterval: 0,
      now,
    });
    expect(none.map((b) => b.subjects.length)).toEqual([2]);
  });
});

describe('schedule helpers', () => {
  it('defaults the start to the next full hour', () => {
    expect(defaultScheduleStart(now).toISOString()).toBe('2026-11-21T11:00:00.000Z');
    expect(defaultScheduleStart(new Date('2026-11-21T23:59:00Z')).toISOString()).toBe(
      '2026-11-22T00:00:00.000Z',
    );
  });

  it('adds months across a year end', () => {
    expect(addIntervals(new Date('2026-12-15T00:00:00Z'), 'M', 2).toISOString()).toBe(
      '2027-02-15T00:00:00.000Z',
    );
  });
});

describe('reminder steps', () => {
  it('starts at one day, then adds a day after the latest, up to five steps', () => {
    const steps: ReminderStep[] = [];
    for (let i = 0; i < 5; i++) {
      const step = nextReminderStep(steps)!;
      steps.push(step);
    }
    expect(steps.map((s) => s.delay)).toEqual([1, 2, 3, 4, 5]);
    expect(nextReminderStep(steps)).toBeNull();
    expect(nextReminderStep([{ delay: 36, delayType: 2 }])).toEqual({ delay: 3, delayType: 3 });
  });

  it('keeps the first step and delays of 1 to 1000', () => {
    expect(canRemoveReminderStep(0)).toBe(false);
    expect(canRemoveReminderStep(1)).toBe(true);
    expect(isValidReminderStep({ delay: 1000, delayType: 1 })).toBe(true);
    expect(isValidReminderStep({ delay: 0, delayType: 3 })).toBe(false);
    expect(isValidReminderStep({ delay: 1001, delayType: 2 })).toBe(false);
    expect(isValidReminderStep({ delay: 1.5, delayType: 3 })).toBe(false);
  });
});
