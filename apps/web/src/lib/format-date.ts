/** A date as the spec shows dates (long date, spec 3 §9), in the interface language and local time. */
export function formatLongDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

/** English dates are written day first ("12 Dec 2026"), as the product's other languages do. */
const dayFirst = (language: string) => (language === 'en' ? 'en-GB' : language);

/** A short date ("12 Dec 2026") in the interface language and local time. */
export function formatShortDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(dayFirst(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(date);
}

/** A date with its 24-hour time ("12 Dec 2026, 10:00") in the manager's time zone (spec 2 §9). */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(dayFirst(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
