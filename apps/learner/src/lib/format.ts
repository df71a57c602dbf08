/** A date as the reader's language writes it ("12 May 2026"); the raw text if it is not a date. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}
