import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES } from '@vigil/shared';

/** A score filter as typed: each side empty ('') or a number (spec 2 §5 Filters). */
export interface ScoreRangeInput {
  min: number | '';
  max: number | '';
}

export const NO_SCORE_RANGE: ScoreRangeInput = { min: '', max: '' };
export const RISK_SCORE_RANGE: ScoreRangeInput = {
  min: ASSESSMENT_LIMITS.riskMin,
  max: ASSESSMENT_LIMITS.riskMax,
};

const SCORE_MIN = 0;
const SCORE_MAX = 100;

/** A typed value as a whole score 0–100, or '' for none (a NumberInput also gives strings). */
export function toScoreValue(value: string | number): number | '' {
  if (value === '' || value === null) return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  return Math.min(SCORE_MAX, Math.max(SCORE_MIN, Math.round(number)));
}

/** "Max value must be higher than min value." when both are set and max is not above min. */
export function scoreRangeError(range: ScoreRangeInput): string | null {
  if (range.min === '' || range.max === '') return null;
  return range.max > range.min ? null : ASSESSMENT_MESSAGES.scoreRange;
}

/** The query's minScore and maxScore; an invalid range narrows nothing until it is fixed. */
export function scoreRangeQuery(range: ScoreRangeInput): { minScore?: number; maxScore?: number } {
  if (scoreRangeError(range)) return {};
  return {
    ...(range.min === '' ? {} : { minScore: range.min }),
    ...(range.max === '' ? {} : { maxScore: range.max }),
  };
}

export const isRiskRange = (range: ScoreRangeInput): boolean =>
  range.min === RISK_SCORE_RANGE.min && range.max === RISK_SCORE_RANGE.max;
