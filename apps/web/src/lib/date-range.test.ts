import { describe, expect, it } from 'vitest';
import { dayEndIso, dayStartIso, isDay, isRangeReversed } from './date-range.ts';

describe('filter date ranges', () => {
  it('accepts only real calendar days', () => {
    expect(isDay('2026-12-31')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-1-3')).toBe(false);
    expect(isDay('')).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it('starts a range at 00:00 and ends it at 23:59 local time', () => {
    const start = new Date(dayStartIso('2026-03-05'));
    expect([
      start.getFullYear(),
      start.getMonth(),
      start.getDate(),
      start.getHours(),
      start.getMinutes(),
    ]).toEqual([2026, 2, 5, 0, 0]);
    const end = new Date(dayEndIso('2026-03-05'));
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([5, 23, 59, 59]);
    expect(dayStartIso('2026-03-05')).toMatch(/Z$/);
  });

  it('finds a from date later than the to date', () => {
    expect(isRangeReversed({ from: '2026-03-06', to: '2026-03-05' })).toBe(true);
    expect(isRangeReversed({ from: '2026-03-05', to: '2026-03-05' })).toBe(false);
    expect(isRangeReversed({ from: '2026-03-05', to: null })).toBe(false);
    expect(isRangeReversed({ from: null, to: '2026-03-05' })).toBe(false);
  });
});
