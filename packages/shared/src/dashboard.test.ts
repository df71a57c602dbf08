import { describe, expect, it } from 'vitest';
import { calendarMonthBounds, CalendarQuery } from './dashboard.ts';

const bounds = (m: string, tz?: string) => {
  const { from, to } = calendarMonthBounds(m, tz);
  return [from.toISOString(), to.toISOString()];
};

describe('calendarMonthBounds', () => {
  it('cuts the month at midnight UTC by default', () => {
    expect(bounds('2026-03')).toEqual(['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']);
    expect(bounds('2026-12')).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
  });

  it('cuts it at midnight in the zone, across daylight-saving changes', () => {
    // Berlin: CET at the start of March, CEST from 29 March.
    expect(bounds('2026-03', 'Europe/Berlin')).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
    // New York: EDT on 1 November, EST from 2 a.m. that day.
    expect(bounds('2026-11', 'America/New_York')).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-12-01T05:00:00.000Z',
    ]);
    // Auckland: NZDT (+13) on 1 April, NZST (+12) from 5 April.
    expect(bounds('2026-04', 'Pacific/Auckland')).toEqual([
      '2026-03-31T11:00:00.000Z',
      '2026-04-30T12:00:00.000Z',
    ]);
    expect(bounds('2026-01', 'Asia/Kolkata')).toEqual([
      '2025-12-31T18:30:00.000Z',
      '2026-01-31T18:30:00.000Z',
    ]);
  });
});

describe('CalendarQuery', () => {
  it('takes YYYY-MM and a known time zone only', () => {
    expect(CalendarQuery.safeParse({ m: '2026-03', tz: 'Europe/Berlin' }).success).toBe(true);
    for (const bad of [{ m: '2026-13' }, { m: '2026-3' }, { m: 'March' }, { m: '2026-03', tz: 'Mars/Base' }])
      expect(CalendarQuery.safeParse(bad).success).toBe(false);
  });
});
