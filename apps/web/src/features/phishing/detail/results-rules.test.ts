import { describe, expect, it } from 'vitest';
import { chartDays, durationParts } from './results-rules.ts';

describe('results rules', () => {
  it('says a duration in its two largest units, leaving out a zero second unit', () => {
    expect(durationParts(42)).toEqual([{ unit: 'seconds', value: 42 }]);
    expect(durationParts(330)).toEqual([
      { unit: 'minutes', value: 5 },
      { unit: 'seconds', value: 30 },
    ]);
    expect(durationParts(3 * 3600 + 12 * 60 + 9)).toEqual([
      { unit: 'hours', value: 3 },
      { unit: 'minutes', value: 12 },
    ]);
    expect(durationParts(86_400 + 60)).toEqual([{ unit: 'days', value: 1 }]);
    expect(durationParts(0)).toEqual([{ unit: 'seconds', value: 0 }]);
  });

  it('orders the chart days and labels them', () => {
    const rows = chartDays([{ date: '2026-11-02' }, { date: '2026-11-01' }], (d) => d.slice(5));
    expect(rows.map((r) => r.day)).toEqual(['11-01', '11-02']);
  });
});
