import { scoreDistribution } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  assessmentDownloads,
  BAND_LEGEND,
  DISTRIBUTION_TICKS,
  distributionBars,
  pageOf,
  reminderListScope,
  scoreBandOf,
  showsPager,
} from './report-rules.ts';

describe('score distribution chart', () => {
  it('has one bar per band, coloured as the band, with the share of finished employees', () => {
    const bins = scoreDistribution({ 10: 1, 30: 1, 60: 2 });
    const bars = distributionBars(bins, (title) => title.toUpperCase());
    expect(bars.map((bar) => bar.band)).toEqual(['VERY RISKY', 'RISKY', 'FAIR', 'VERY GOOD', 'EXCELLENT']);
    expect(bars.map((bar) => bar.color)).toEqual(['red.6', 'orange.6', 'yellow.6', 'lime.6', 'green.6']);
    expect(bars.map((bar) => bar.employeePercent)).toEqual([25, 25, 50, 0, 0]);
    expect(bars[2]).toMatchObject({ range: '50–74', employees: 2 });
  });

  it('steps the y axis by 25 % and has a five-step legend', () => {
    expect(DISTRIBUTION_TICKS).toEqual([0, 25, 50, 75, 100]);
    expect(BAND_LEGEND.map((band) => band.range)).toEqual(['0–24', '25–49', '50–74', '75–89', '90–100']);
  });
});

describe('score bands', () => {
  it('gives N/A (null) without a score and the band otherwise', () => {
    expect(scoreBandOf(null)).toBeNull();
    expect(scoreBandOf(49.4)).toEqual({ title: 'Risky', color: 'orange' });
    expect(scoreBandOf(90)).toEqual({ title: 'Excellent', color: 'green' });
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
