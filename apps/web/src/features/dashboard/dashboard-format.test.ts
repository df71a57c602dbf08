import { describe, expect, it } from 'vitest';
import { durationMinutes } from './dashboard-format.ts';

describe('durationMinutes', () => {
  it('rounds a subject’s seconds to whole minutes, never below one', () => {
    expect(durationMinutes(185)).toBe(3);
    expect(durationMinutes(150)).toBe(3);
    expect(durationMinutes(20)).toBe(1);
    expect(durationMinutes(0)).toBe(1);
  });
});
