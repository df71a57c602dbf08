/** A calendar day as the date pickers give it: YYYY-MM-DD. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDay(value: string | null | undefined): value is string {
  const match = value ? DAY.exec(value) : null;
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(y!, m! - 1, d!);
  return date.getFullYear() === y && date.getMonth() === m! - 1 && date.getDate() === d;
}

function localDate(day: string, hours: number, minutes: number, seconds: number, ms: number): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!, hours, minutes, seconds, ms);
}

/** The first moment of a day in the manager's time zone, as ISO (spec 2 §2: ranges start 00:00). */
export const dayStartIso = (day: string): string => localDate(day, 0, 0, 0, 0).toISOString();

/** The last moment of a day in the manager's time zone, as ISO (ranges end 23:59). */
export const dayEndIso = (day: string): string => localDate(day, 23, 59, 59, 999).toISOString();

export interface DayRange {
  from: string | null;
  to: string | null;
}

/**
 * Spec 2 §5 Filters: a from date must not be later than the to date. Both fields are then marked,
 * the from date asking to be earlier than the to date and the to date later than the from date.
 */
export function isRangeReversed({ from, to }: DayRange): boolean {
  return Boolean(from && to && from > to);
}
