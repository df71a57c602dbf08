import { ASSESSMENT_LIMITS, trackingRules, type DistributionBin, type ScoreRange } from '@vigil/shared';
import { bandColor } from '../../../lib/score-bands.ts';

/** The distribution chart's y axis: percent of finished employees in 25 % steps (spec 2 §2). */
export const DISTRIBUTION_TICKS = [0, 25, 50, 75, 100] as const;

export interface DistributionBar {
  band: string;
  range: string;
  employeePercent: number;
  employees: number;
  color: string;
}

/**
 * One bar per band, coloured as the band, its height the share of finished employees in it. Titles go
 * through `title` so the chart speaks the interface language.
 */
export function distributionBars(
  bins: readonly DistributionBin[],
  title: (band: DistributionBin) => string,
): DistributionBar[] {
  return bins.map((bin) => ({
    band: title(bin),
    range: `${bin.from}–${bin.to}`,
    employeePercent: bin.employeePercent,
    employees: bin.value,
    color: bandColor(bin.color),
  }));
}

/** The legend: each band (the spec's five, or the company's ranges) with its colour and range, lowest first. */
export const bandLegend = (bands: readonly ScoreRange[]) =>
  bands.map((band) => ({ band, color: bandColor(band.color), range: `${band.from}–${band.to}` }));

export type PagerRule = 'users' | 'scormUsers' | 'keyBehaviours' | 'questions';

/**
 * Spec 2 §9: pagination is hidden at 10 or fewer users (5 or fewer for SCORM assessments) and under
 * 5 key behaviours or questions.
 */
export function showsPager(rule: PagerRule, total: number): boolean {
  switch (rule) {
    case 'users':
      return total > ASSESSMENT_LIMITS.paginationUsers;
    case 'scormUsers':
      return total > ASSESSMENT_LIMITS.paginationScormUsers;
    case 'keyBehaviours':
      return total >= ASSESSMENT_LIMITS.paginationKeyBehaviours;
    case 'questions':
      return total >= ASSESSMENT_LIMITS.paginationQuestions;
  }
}

/** One page of rows the server sends whole (key behaviours, questions); pages count from 1. */
export function pageOf<T>(rows: readonly T[], page: number, size: number = ASSESSMENT_LIMITS.pageSize): T[] {
  const last = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), last);
  return rows.slice((current - 1) * size, current * size);
}

/**
 * Which lists the reminder text names: one list by its name, several by their number, none when
 * single employees are reminded. No list chosen means all of the assessment's lists.
 */
export function reminderListScope(
  chosen: readonly string[],
  lists: readonly { id: string; name: string }[],
): { kind: 'one'; name: string } | { kind: 'many'; count: number } | null {
  const reached = chosen.length > 0 ? lists.filter((list) => chosen.includes(list.id)) : lists;
  if (reached.length === 0) return null;
  if (reached.length === 1) return { kind: 'one', name: reached[0]!.name };
  return { kind: 'many', count: reached.length };
}

/** The CSV files of an assessment report; under anonymous tracking only the lists' figures. */
export const ASSESSMENT_DOWNLOADS = ['answers', 'lists', 'users'] as const;
export type AssessmentDownload = (typeof ASSESSMENT_DOWNLOADS)[number];

/** The files offered: under anonymous tracking only lists.csv, which has no row per employee. */
export function assessmentDownloads(anonymous: boolean): AssessmentDownload[] {
  return trackingRules(anonymous).personalFiles ? [...ASSESSMENT_DOWNLOADS] : ['lists'];
}
