let timeZone: string | undefined;

/**
 * The browser's IANA time zone, read once: building an `Intl.DateTimeFormat` costs milliseconds (far
 * more the first time), and every API call's headers and the dashboard's calendar ask for it.
 */
export function browserTimeZone(): string {
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone;
}
