import type { CalendarEvent } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { dayInZone, dayOfDate, groupEventsByDay, monthOf } from './calendar-days.ts';

const event = (id: string, date: string): CalendarEvent => ({
  id,
  date,
  name: `Program ${id}`,
  type: 'training',
  kind: 'delivery',
  eventId: 'p1',
  status: 'active',
});

describe('dayInZone', () => {
  it('reads the day in the viewer’s zone, not in UTC', () => {
    expect(dayInZone('2026-03-31T23:30:00Z', 'UTC')).toBe('2026-03-31');
    expect(dayInZone('2026-03-31T23:30:00Z', 'Europe/Berlin')).toBe('2026-04-01');
    expect(dayInZone('2026-04-01T02:00:00Z', 'America/New_York')).toBe('2026-03-31');
  });

  it('is null for a date it cannot read', () => {
    expect(dayInZone('not a date', 'UTC')).toBeNull();
  });
});

describe('groupEventsByDay', () => {
  it('puts each event on its local day, in time order', () => {
    const days = groupEventsByDay(
      [
        event('late', '2026-05-04T15:00:00Z'),
        event('next', '2026-05-04T22:30:00Z'),
        event('early', '2026-05-04T07:00:00Z'),
      ],
      'Europe/Berlin',
    );
    expect([...days.keys()]).toEqual(['2026-05-04', '2026-05-05']);
    expect(days.get('2026-05-04')?.map((e) => e.id)).toEqual(['early', 'late']);
    expect(days.get('2026-05-05')?.map((e) => e.id)).toEqual(['next']);
  });

  it('skips events without a readable date', () => {
    expect(groupEventsByDay([event('bad', '')], 'UTC').size).toBe(0);
  });
});

describe('calendar days', () => {
  it('writes a local date as the calendar’s day and its month as the events query wants it', () => {
    expect(dayOfDate(new Date(2026, 0, 9))).toBe('2026-01-09');
    expect(monthOf('2026-01-09')).toBe('2026-01');
  });
});
