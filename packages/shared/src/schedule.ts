/**
 * Training delivery schedules (spec 2 §4 "Schedule types", §5 "Training", §9): pure functions the
 * wizard and the server both use, so what a manager sees is what gets sent.
 */

export const SCHEDULE_TYPES = { future: 0, now: 1, downloadLinks: 2 } as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[keyof typeof SCHEDULE_TYPES];

export const INTERVALS = { W: 'weekly', B: 'biweekly', M: 'monthly' } as const;
export type Interval = keyof typeof INTERVALS;

export const SCHEDULE_LIMITS = {
  maxBatches: 200,
  subjectsPerIntervalMin: 1,
  subjectsPerIntervalMax: 20,
  defaultInterval: 'W' as Interval,
  defaultSubjectsPerInterval: 3,
} as const;

export const SCHEDULE_MESSAGES = { dateInPast: 'Date cannot be set in the past.' } as const;

export interface ScheduledBatch {
  /** ISO date-time in UTC. */
  date: string;
  subjects: string[];
}

/** The default start of a future schedule: the next full hour after `now`. */
export function defaultScheduleStart(now: Date): Date {
  const next = new Date(now);
  next.setUTCMinutes(0, 0, 0);
  next.setUTCHours(next.getUTCHours() + 1);
  return next;
}

/** `date` moved by `count` intervals; months keep the day of month, clamped to the month's last day. */
export function addIntervals(date: Date, interval: Interval, count: number): Date {
  if (interval !== 'M') return new Date(date.getTime() + count * (interval === 'W' ? 7 : 14) * 86_400_000);
  const result = new Date(date);
  const day = date.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export interface ScheduleInput {
  scheduleType: ScheduleType;
  subjects: readonly string[];
  interval: Interval;
  subjectsPerInterval: number;
  /** The chosen start of a future schedule. */
  start?: Date | undefined;
  now: Date;
}

/** Why a schedule cannot be made, in the spec's words; null when it can. */
export function scheduleProblem(input: ScheduleInput): string | null {
  if (
    input.scheduleType === SCHEDULE_TYPES.future &&
    input.start &&
    input.start.getTime() < input.now.getTime()
  ) {
    return SCHEDULE_MESSAGES.dateInPast;
  }
  return null;
}

/**
 * The batches of a training: sending now or by download links delivers every subject in one batch at
 * once; a future schedule sends `subjectsPerInterval` subjects at the start and then one batch per
 * interval, never before the start and never more than 200 batches (the last one takes the rest).
 */
export function generateSchedule(input: ScheduleInput): ScheduledBatch[] {
  const subjects = [...input.subjects];
  if (subjects.length === 0) return [];
  if (input.scheduleType !== SCHEDULE_TYPES.future) return [{ date: input.now.toISOString(), subjects }];
  const perBatch = Math.min(
    Math.max(
      Math.trunc(input.subjectsPerInterval) || SCHEDULE_LIMITS.defaultSubjectsPerInterval,
      SCHEDULE_LIMITS.subjectsPerIntervalMin,
    ),
    SCHEDULE_LIMITS.subjectsPerIntervalMax,
  );
  const start =
    input.start && input.start.getTime() >= input.now.getTime()
      ? input.start
      : defaultScheduleStart(input.now);
  const batches: ScheduledBatch[] = [];
  for (let i = 0; i < subjects.length; i += perBatch) {
    const index = batches.length;
    if (index === SCHEDULE_LIMITS.maxBatches - 1) {
      batches.push({
        date: addIntervals(start, input.interval, index).toISOString(),
        subjects: subjects.slice(i),
      });
      break;
    }
    batches.push({
      date: addIntervals(start, input.interval, index).toISOString(),
      subjects: subjects.slice(i, i + perBatch),
    });
  }
  return batches;
}

/** A campaign event's type (spec 2 "Training event payload": schedule or reminder), as stored. */
export const EVENT_TYPES = { schedule: 1, reminder: 2 } as const;
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/** Reminder steps (spec 2 §5): at most 5, the first undeletable, delay 1–1000 minutes/hours/days. */
export const REMINDER_DELAY_TYPES = { minute: 1, hour: 2, day: 3 } as const;
export type ReminderDelayType = (typeof REMINDER_DELAY_TYPES)[keyof typeof REMINDER_DELAY_TYPES];
export const REMINDER_LIMITS = { maxSteps: 5, delayMin: 1, delayMax: 1000 } as const;

export interface ReminderStep {
  delay: number;
  delayType: ReminderDelayType;
}

const STEP_MINUTES: Record<ReminderDelayType, number> = { 1: 1, 2: 60, 3: 1440 };

/** The step a manager adds: 1 day first, then one day later than the latest step; null past 5 steps. */
export function nextReminderStep(steps: readonly ReminderStep[]): ReminderStep | null {
  if (steps.length >= REMINDER_LIMITS.maxSteps) return null;
  if (steps.length === 0) return { delay: 1, delayType: REMINDER_DELAY_TYPES.day };
  const latestDays = Math.max(...steps.map((s) => Math.ceil((s.delay * STEP_MINUTES[s.delayType]) / 1440)));
  return { delay: Math.min(latestDays + 1, REMINDER_LIMITS.delayMax), delayType: REMINDER_DELAY_TYPES.day };
}

/** Whether a step may be removed: every step but the first. */
export const canRemoveReminderStep = (index: number): boolean => index > 0;

export function isValidReminderStep(step: ReminderStep): boolean {
  return (
    Number.isInteger(step.delay) &&
    step.delay >= REMINDER_LIMITS.delayMin &&
    step.delay <= REMINDER_LIMITS.delayMax &&
    step.delayType in STEP_MINUTES
  );
}
