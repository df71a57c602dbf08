import type { CalendarEvent } from '@vigil/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/** The `YYYY-MM` month a calendar day (`YYYY-MM-DD`) belongs to, as GET /events?m= wants it. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** A local date as `YYYY-MM-DD` (the calendar's day format). */
export const dayOfDate = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The day (`YYYY-MM-DD`) an ISO date-time falls on in the given time zone; null when unreadable. */
export function dayInZone(iso: string, timeZone: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The month's events by the local day they fall on, each day's in time order. */
export function groupEventsByDay(
  events: readonly CalendarEvent[],
  timeZone: string,
): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  const sorted = [...events].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  for (const event of sorted) {
    const day = dayInZone(event.date, timeZone);
    if (!day) continue;
    const list = days.get(day);
    if (list) list.push(event);
    else days.set(day, [event]);
  }
  return days;
}
