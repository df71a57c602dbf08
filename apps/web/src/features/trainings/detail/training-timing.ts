import { SCHEDULE_TYPES, type TrainingView } from '@vigil/shared';

type TimingInput = Pick<
  TrainingView,
  'status' | 'scheduleType' | 'isScorm' | 'firstBatch' | 'date' | 'events'
>;

/** How the header says when a program starts; `date` is the moment to show, where there is one. */
export type StartText =
  | { kind: 'scorm' | 'downloadLinks' | 'sentNow' | 'notStarted' | 'notScheduled' }
  | { kind: 'starts' | 'started'; date: string };

/**
 * The start text of the detail header: "Sent now" for a program sent at once, otherwise "Starts …"
 * before its first delivery and "Started …" after it.
 */
export function startText(training: TimingInput, now: Date): StartText {
  if (training.isScorm) return { kind: 'scorm' };
  if (training.scheduleType === SCHEDULE_TYPES.downloadLinks) return { kind: 'downloadLinks' };
  if (training.status === 'draft') return { kind: 'notStarted' };
  if (training.scheduleType === SCHEDULE_TYPES.now) return { kind: 'sentNow' };
  const first = training.firstBatch ?? training.date;
  if (!first) return { kind: 'notScheduled' };
  return new Date(first).getTime() > now.getTime()
    ? { kind: 'starts', date: first }
    : { kind: 'started', date: first };
}

/** The date of the next delivery still to go out, or null when none is waiting. */
export function nextDeliveryDate(training: Pick<TrainingView, 'events'>): string | null {
  const waiting = training.events
    .filter((event) => event.type === 1 && event.status === 'scheduled')
    .map((event) => event.date)
    .sort();
  return waiting[0] ?? null;
}

/** Whether any delivery has gone out; until then the figures are all zero. */
export const hasDeliveries = (training: Pick<TrainingView, 'events'>): boolean =>
  training.events.some(
    (event) => event.type === 1 && (event.status === 'sent' || event.status === 'sending'),
  );
