import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-date.ts';

describe('formatLongDate', () => {
  it('writes the date out in the interface language', () => {
    expect(formatLongDate('2026-03-05T12:00:00.000Z', 'en')).toBe('March 5, 2026');
    expect(formatLongDate('2026-03-05T12:00:00.000Z', 'de')).toBe('5. März 2026');
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatLongDate('soon', 'en')).toBe('soon');
  });
});
