/*
 * The results tab's pure rules: how long a report took, in words a manager reads at a glance, and the
 * chart's days.
 */

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Seconds as their two largest units (1 d 4 h, 3 h 12 min, 5 min 30 s, 42 s). */
export function durationParts(totalSeconds: number): { unit: keyof DurationParts; value: number }[] {
  const s = Math.max(0, Math.round(totalSeconds));
  const parts: DurationParts = {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
  const units: (keyof DurationParts)[] = ['days', 'hours', 'minutes', 'seconds'];
  const first = units.findIndex((unit) => parts[unit] > 0);
  if (first === -1) return [{ unit: 'seconds', value: 0 }];
  return units
    .slice(first, first + 2)
    .filter((unit, i) => i === 0 || parts[unit] > 0)
    .map((unit) => ({ unit, value: parts[unit] }));
}

/** The chart's rows: each day with a short label, in order; days without events stay (as zeros). */
export function chartDays<D extends { date: string }>(days: readonly D[], label: (date: string) => string) {
  return [...days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => ({ ...day, day: label(day.date) }));
}
