import { z } from 'zod';
import { MESSAGES } from './validation.ts';

/** A company's time zone (an IANA name such as Europe/Berlin), in which its mails write dates and times. */

/** Where nothing else is known: companies created before the setting, and browsers that do not say. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name the runtime knows, e.g. Europe/Berlin. */
export const timeZoneName = z.string().trim().refine(isTimeZone, MESSAGES.timeZoneUnknown);

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time as a mail writes it, in the company's time zone and naming it:
 * "3 December 2026 at 17:00 CET (Europe/Berlin)", or "… at 16:00 UTC".
 */
export function formatZonedDateTime(date: Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(zone, format);
  }
  const text = format.format(date);
  return zone === DEFAULT_TIME_ZONE ? text : `${text} (${zone})`;
}
