import type { InfosecSummary } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  boardColor,
  boardScore,
  boardView,
  missingResults,
  RING_RADIUS,
  ringStroke,
  scoreChange,
} from './board-rules.ts';

const CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;

const summary = (over: Partial<InfosecSummary> = {}): InfosecSummary => ({
  resilienceScore: 67.6,
  areas: [
    { name: 'Email', score: 91.2 },
    { name: 'Passwords', score: null },
  ],
  bestBehaviour: { name: 'Checks the sender', score: 96 },
  worstBehaviour: { name: 'Reuses passwords', score: 12.4 },
  usersFinished: 48,
  assessments: 2,
  minResults: 10,
  updated: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('boardScore', () => {
  it('rounds the score and names its band at the band edges (spec 1 §9)', () => {
    expect(boardScore(24.4)).toEqual({ score: 24, band: { title: 'Very risky', color: 'red' } });
    expect(boardScore(24.5)).toEqual({ score: 25, band: { title: 'Risky', color: 'orange' } });
    expect(boardScore(74.6).band.title).toBe('Very good');
    expect(boardScore(89).band.title).toBe('Very good');
    expect(boardScore(90).band.title).toBe('Excellent');
  });

  it('bands by the company’s ranges when it has them, on the floored score', () => {
    const ranges = [
      { from_score: 0, to_score: 69, category: 'Learning', color: '#5f3dc4' },
      { from_score: 70, to_score: 100, category: 'Strong', color: '#0b7285' },
    ];
    expect(boardScore(69.6, ranges)).toEqual({
      score: 70,
      band: { title: 'Learning', color: '#5f3dc4', custom: true },
    });
    expect(boardScore(70, ranges).band.title).toBe('Strong');
    expect(boardColor('#0b7285')).toBe('#0b7285');
    expect(boardColor('red')).toBe('var(--mantine-color-red-5)');
  });

  it('keeps the printed score within 0–100', () => {
    expect(boardScore(100.4).score).toBe(100);
    expect(boardScore(-1).score).toBe(0);
  });
});

describe('ringStroke', () => {
  it('leaves the whole ring empty at 0 and fills it at 100', () => {
    expect(ringStroke(0).dashOffset).toBeCloseTo(CIRCUMFERENCE);
    expect(ringStroke(100).dashOffset).toBeCloseTo(0);
  });

  it('fills the share of the rounded score', () => {
    expect(ringStroke(49.6).dashOffset).toBeCloseTo(CIRCUMFERENCE / 2);
    expect(ringStroke(150).dashOffset).toBeCloseTo(0);
  });
});

describe('boardView', () => {
  it('is null while nobody has finished (the server sends no score)', () => {
    expect(
      boardView(summary({ resilienceScore: null, areas: [], bestBehaviour: null, worstBehaviour: null })),
    ).toBeNull();
  });

  it('shapes the score, areas (N/A kept) and behaviours with their bands', () => {
    const view = boardView(summary());
    expect(view?.resilience).toEqual({ score: 68, band: { title: 'Fair', color: 'yellow' } });
    expect(view?.areas).toEqual([
      { name: 'Email', score: { score: 91, band: { title: 'Excellent', color: 'green' } } },
      { name: 'Passwords', score: null },
    ]);
    expect(view?.best).toEqual({
      name: 'Checks the sender',
      score: 96,
      band: { title: 'Excellent', color: 'green' },
    });
    expect(view?.worst?.band.title).toBe('Very risky');
  });
});

describe('missingResults', () => {
  const tooFew = { resilienceScore: null, areas: [], bestBehaviour: null, worstBehaviour: null };

  it('counts the results still needed while too few employees have one', () => {
    expect(missingResults(summary({ ...tooFew, usersFinished: 3 }))).toEqual({ finished: 3, needed: 10 });
  });

  it('is null with a score to show, and while nobody has finished', () => {
    expect(missingResults(summary())).toBeNull();
    expect(missingResults(summary({ ...tooFew, usersFinished: 0 }))).toBeNull();
  });
});

describe('scoreChange', () => {
  it('gives the change of the printed score, or null when there is none to show', () => {
    expect(scoreChange(60, 63.2)).toBe(3);
    expect(scoreChange(60.4, 59.6)).toBeNull();
    expect(scoreChange(70, 60)).toBe(-10);
    expect(scoreChange(null, 60)).toBeNull();
    expect(scoreChange(60, null)).toBeNull();
  });
});
