import { bandsOf, scoreDistribution } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  assessmentDownloads,
  bandLegend,
  DISTRIBUTION_TICKS,
  distributionBars,
  pageOf,
  reminderListScope,
  showsPager,
} from './report-rules.ts';

describe('score distribution chart', () => {
  it('has one bar per band, coloured as the band, with the share of finished employees', () => {
    const bins = scoreDistribution({ 10: 1, 30: 1, 60: 2 });
    const bars = distributionBars(bins, (bin) => bin.title.toUpperCase());
    expect(bars.map((bar) => bar.band)).toEqual(['VERY RISKY', 'RISKY', 'FAIR', 'VERY GOOD', 'EXCELLENT']);
    expect(bars.map((bar) => bar.color)).toEqual(['red.6', 'orange.6', 'yellow.6', 'lime.6', 'green.6']);
    expect(bars.map((bar) => bar.employeePercent)).toEqual([25, 25, 50, 0, 0]);
    expect(bars[2]).toMatchObject({ range: '50–74', employees: 2 });
  });

  it('steps the y axis by 25 % and has a five-step legend', () => {
    expect(DISTRIBUTION_TICKS).toEqual([0, 25, 50, 75, 100]);
    expect(bandLegend(bandsOf(null)).map((l) => l.range)).toEqual([
      '0–24',
      '25–49',
      '50–74',
      '75–89',
      '90–100',
    ]);
  });

  it('colours bars and legend by a company’s ranges, hex as it is', () => {
    const ranges = [
      { from_score: 0, to_score: 49, category: 'Low', color: '#5f3dc4' },
      { from_score: 50, to_score: 100, category: 'High', color: '#0b7285' },
    ];
    const bars = distributionBars(scoreDistribution({ 10: 1, 70: 3 }, ranges), (bin) => bin.title);
    expect(bars.map((bar) => [bar.band, bar.color, bar.employeePercent])).toEqual([
      ['Low', '#5f3dc4', 25],
      ['High', '#0b7285', 75],
    ]);
    expect(bandLegend(bandsOf(ranges)).map((l) => [l.band.title, l.color, l.range])).toEqual([
      ['Low', '#5f3dc4', '0–49'],
      ['High', '#0b7285', '50–100'],
    ]);
  });
});

describe('pagination rules (spec 2 §9)', () => {
  it('hides the pager at 10 or fewer users, 5 or fewer for SCORM', () => {
    expect(showsPager('users', 10)).toBe(false);
    expect(showsPager('users', 11)).toBe(true);
    expect(showsPager('scormUsers', 5)).toBe(false);
    expect(showsPager('scormUsers', 6)).toBe(true);
  });

  it('hides the pager under 5 key behaviours or questions', () => {
    expect(showsPager('keyBehaviours', 4)).toBe(false);
    expect(showsPager('keyBehaviours', 5)).toBe(true);
    expect(showsPager('questions', 4)).toBe(false);
    expect(showsPager('questions', 12)).toBe(true);
  });

  it('pages rows the server sends whole, keeping the page in range', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 1)).toHaveLength(10);
    expect(pageOf(rows, 3)).toEqual([20, 21, 22]);
    expect(pageOf(rows, 9)).toEqual([20, 21, 22]);
    expect(pageOf([], 1)).toEqual([]);
  });
});

describe('reminder list text', () => {
  const lists = [
    { id: 'a', name: 'Sales' },
    { id: 'b', name: 'Finance' },
  ];
  it('names one list, counts several, and means all lists when none is chosen', () => {
    expect(reminderListScope(['a'], lists)).toEqual({ kind: 'one', name: 'Sales' });
    expect(reminderListScope([], lists)).toEqual({ kind: 'many', count: 2 });
    expect(reminderListScope([], [lists[0]!])).toEqual({ kind: 'one', name: 'Sales' });
    expect(reminderListScope([], [])).toBeNull();
  });
});

describe('report downloads', () => {
  it('offers every file, but under anonymous tracking only lists.csv (no row per employee)', () => {
    expect(assessmentDownloads(false)).toEqual(['answers', 'lists', 'users']);
    expect(assessmentDownloads(true)).toEqual(['lists']);
  });
});
