import { describe, expect, it } from 'vitest';
import {
  isRiskRange,
  NO_SCORE_RANGE,
  RISK_SCORE_RANGE,
  scoreRangeError,
  scoreRangeQuery,
  toScoreValue,
} from './score-range.ts';

describe('score range filter', () => {
  it('keeps typed values whole and within 0–100', () => {
    expect(toScoreValue('')).toBe('');
    expect(toScoreValue('42')).toBe(42);
    expect(toScoreValue(49.6)).toBe(50);
    expect(toScoreValue(-5)).toBe(0);
    expect(toScoreValue(250)).toBe(100);
    expect(toScoreValue('abc')).toBe('');
  });

  it('asks for a max above the min, in the spec words', () => {
    expect(scoreRangeError({ min: 10, max: 5 })).toBe('Max value must be higher than min value.');
    expect(scoreRangeError({ min: 10, max: 10 })).toBe('Max value must be higher than min value.');
    expect(scoreRangeError({ min: 10, max: 11 })).toBeNull();
    expect(scoreRangeError({ min: '', max: 0 })).toBeNull();
    expect(scoreRangeError(NO_SCORE_RANGE)).toBeNull();
  });

  it('sends only the set sides of a valid range', () => {
    expect(scoreRangeQuery({ min: 20, max: '' })).toEqual({ minScore: 20 });
    expect(scoreRangeQuery({ min: '', max: 60 })).toEqual({ maxScore: 60 });
    expect(scoreRangeQuery({ min: 0, max: 49 })).toEqual({ minScore: 0, maxScore: 49 });
    expect(scoreRangeQuery({ min: 70, max: 30 })).toEqual({});
  });

  it('knows the risk employees range 0–49', () => {
    expect(RISK_SCORE_RANGE).toEqual({ min: 0, max: 49 });
    expect(isRiskRange({ min: 0, max: 49 })).toBe(true);
    expect(isRiskRange({ min: 0, max: 50 })).toBe(false);
  });
});
