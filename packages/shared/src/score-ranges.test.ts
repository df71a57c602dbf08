import { describe, expect, it } from 'vitest';
import {
  bandHex,
  ScoreRanges,
  scoreBand,
  SCORE_RANGE_MESSAGES,
  trainingReportBand,
  type ScoreRangeSetting,
} from './score-ranges.ts';

const range = (from_score: number, to_score: number, category: string, color = '#112233') => ({
  from_score,
  to_score,
  category,
  color,
});

describe('scoreBand', () => {
  it('uses the spec’s bands on the rounded score', () => {
    expect(scoreBand(0).title).toBe('Very risky');
    expect(scoreBand(24.49).title).toBe('Very risky');
    expect(scoreBand(24.5).title).toBe('Risky');
    expect(scoreBand(49).title).toBe('Risky');
    expect(scoreBand(50).title).toBe('Fair');
    expect(scoreBand(74).title).toBe('Fair');
    expect(scoreBand(75).title).toBe('Very good');
    expect(scoreBand(89.4).title).toBe('Very good');
    expect(scoreBand(89.5).title).toBe('Excellent');
    expect(scoreBand(100)).toEqual({ from: 90, to: 100, title: 'Excellent', color: 'green' });
  });

  const branding: ScoreRangeSetting[] = [
    range(60, 100, 'Good', '#00AA00'),
    range(0, 39, 'Bad', '#aa0000'),
    range(40, 54, 'Meh', '#aaaa00'),
  ];

  it('uses a company’s branding ranges on the floored score, in any order, colours folded to lower case', () => {
    expect(scoreBand(20, branding)).toMatchObject({ title: 'Bad', color: '#aa0000', custom: true });
    expect(scoreBand(39.9, branding).title).toBe('Bad');
    expect(scoreBand(40, branding).title).toBe('Meh');
    expect(scoreBand(100, branding)).toMatchObject({ title: 'Good', color: '#00aa00' });
  });

  it('falls back to the spec’s bands without ranges', () => {
    expect(scoreBand(20, null).title).toBe('Very risky');
    expect(scoreBand(20, []).title).toBe('Very risky');
  });

  it('puts a score in a gap into the range below it, and one below every range into the lowest', () => {
    expect(scoreBand(57, branding).title).toBe('Meh');
    expect(scoreBand(3, [range(10, 100, 'All')]).title).toBe('All');
  });
});

describe('trainingReportBand', () => {
  it('follows spec 2 §9 without ranges', () => {
    expect(trainingReportBand(null).color).toBe('grey');
    expect(trainingReportBand(-1).color).toBe('grey');
    expect(trainingReportBand(0).color).toBe('red');
    expect(trainingReportBand(24.9).color).toBe('red');
    expect(trainingReportBand(25).color).toBe('orange');
    expect(trainingReportBand(74).color).toBe('yellow');
    expect(trainingReportBand(99.9).color).toBe('lime');
    expect(trainingReportBand(100).color).toBe('green');
  });

  it('follows branding ranges when they apply, grey still for not started', () => {
    const ranges = [range(0, 49, 'Low', '#123456'), range(50, 100, 'High', '#abcdef')];
    expect(trainingReportBand(49.9, ranges)).toMatchObject({ title: 'Low', color: '#123456' });
    expect(trainingReportBand(100, ranges).color).toBe('#abcdef');
    expect(trainingReportBand(null, ranges).color).toBe('grey');
  });
});

describe('bandHex', () => {
  it('gives palette names as hex and leaves hex as it is', () => {
    expect(bandHex('red')).toBe('#e03131');
    expect(bandHex('#abcdef')).toBe('#abcdef');
  });
});

describe('ScoreRanges', () => {
  const messages = (ranges: unknown) => {
    const result = ScoreRanges.safeParse(ranges);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('accepts ranges that cover 0–100 once, in any order', () => {
    expect(messages([range(50, 100, 'B'), range(0, 49, 'A')])).toEqual([]);
    expect(messages([range(0, 100, 'All')])).toEqual([]);
  });

  it('names the gap, the overlap, the start and the end on the range they are in', () => {
    expect(messages([range(0, 40, 'A'), range(50, 100, 'B')])).toEqual([
      ['1.from_score', SCORE_RANGE_MESSAGES.gap(40)],
    ]);
    expect(messages([range(0, 50, 'A'), range(50, 100, 'B')])).toEqual([
      ['1.from_score', SCORE_RANGE_MESSAGES.overlap(50)],
    ]);
    expect(messages([range(5, 100, 'A')])).toEqual([['0.from_score', SCORE_RANGE_MESSAGES.start]]);
    expect(messages([range(0, 90, 'A')])).toEqual([['0.to_score', SCORE_RANGE_MESSAGES.end]]);
    expect(messages([range(0, 60, 'A'), range(70, 65, 'B'), range(66, 100, 'C')])).toContainEqual([
      '1.to_score',
      SCORE_RANGE_MESSAGES.order,
    ]);
  });

  it('refuses colours that are not hex, scores outside 0–100 and empty categories', () => {
    expect(messages([range(0, 100, 'A', 'red')])[0]?.[0]).toBe('0.color');
    expect(messages([range(0, 101, 'A')])[0]?.[0]).toBe('0.to_score');
    expect(messages([range(0, 100, '  ')])[0]?.[0]).toBe('0.category');
    expect(messages([])).toHaveLength(1);
  });
});
