/** A date as the spec shows dates (long date, spec 3 §9), in the interface language and local time. */
export function formatLongDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}
