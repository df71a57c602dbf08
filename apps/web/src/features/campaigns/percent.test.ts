import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent.ts';

describe('percentages', () => {
  it('rounds a known value and says N/A for an unknown one', () => {
    expect(formatPercent(66.6, 'N/A')).toBe('67%');
    expect(formatPercent(0, 'N/A')).toBe('0%');
    expect(formatPercent(null, 'N/A')).toBe('N/A');
  });
});
