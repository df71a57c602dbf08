import { describe, expect, it } from 'vitest';
import { backoffDelay } from './retry.ts';

describe('backoffDelay', () => {
  it('grows with exp(attempt / 2) from the base', () => {
    expect(backoffDelay(1500, 0, () => 0)).toBe(1500);
    expect(backoffDelay(1500, 2, () => 0)).toBe(Math.round(1500 * Math.E));
  });
  it('is capped at 240 000 ms before the random part', () => {
    expect(backoffDelay(1500, 40, () => 0)).toBe(240_000);
    expect(backoffDelay(1500, 40, () => 0.999)).toBeLessThanOrEqual(264_000);
  });
  it('adds at most a tenth as jitter', () => {
    expect(backoffDelay(1000, 0, () => 1)).toBe(1100);
  });
});
