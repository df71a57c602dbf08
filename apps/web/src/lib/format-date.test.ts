import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatShortDate } from './format-date.ts';

describe('formatLongDate', () => {
  it('writes the date out in the interface language', () => {
    expect(formatLongDate('2026-03-05T12:00:00.000Z', 'en')).toBe('March 5, 2026');
    expect(formatLongDate('2026-03-05T12:00:00.000Z', 'de')).toBe('5. März 2026');
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatLongDate('soon', 'en')).toBe('soon');
  });
});

describe('formatShortDate and formatDateTime', () => {
  const local = new Date(2026, 11, 12, 10, 0).toISOString();

  it('writes the day first and the time on a 24-hour clock', () => {
    expect(formatShortDate(local, 'en')).toBe('12 Dec 2026');
    expect(formatDateTime(local, 'en')).toBe('12 Dec 2026, 10:00');
    expect(formatDateTime(new Date(2026, 11, 12, 17, 5).toISOString(), 'en')).toBe('12 Dec 2026, 17:05');
    expect(formatDateTime(local, 'de')).toBe('12. Dez. 2026, 10:00');
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatShortDate('soon', 'en')).toBe('soon');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});
