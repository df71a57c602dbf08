/**
 * How an assessment scores (spec 2; documented in docs/ASSESSMENT-SCORING.md). Pure functions: the
 * server scores an employee with them when they finish, and the aggregates it keeps in SQL (sums and
 * counts of these exact scores) are read back through them, so every screen agrees.
 *
 * Scores are kept exact and rounded only where they are shown or compared with a band.
 */
import type { QuestionBlock } from './content.ts';
import { bandsOf, scoreBand, type ScoreRangeSetting } from './score-ranges.ts';
import type { AssessmentChoice, DistributionBin, RiskInsight } from './assessments.ts';

/** Points per key-behaviour code. */
export type BehaviourPoints = Record<string, number>;

/** What scoring needs of a question: its area and the most points it can give each behaviour. */
export interface ScoredQuestion {
  id: string;
  areaId: string;
  behaviours: readonly { code: string; max: number }[];
}

/** Below this (rounded) score an employee is at risk in a behaviour, area or overall (spec: 0–49). */
export const AT_RISK_BELOW = 50;

/** Whole percent, half up. */
export const roundScore = (score: number): number => Math.round(score);

/** The points one answer to one action earns: the chosen option's, or each item's yes or no. */
export function actionPoints(block: QuestionBlock, choice: AssessmentChoice): BehaviourPoints {
  const points: BehaviourPoints = {};
  const add = (scores: BehaviourPoints) => {
    for (const [code, value] of Object.entries(scores)) points[code] = (points[code] ?? 0) + value;
  };
  if (block.type === 'multiple-choice' && 'option' in choice) {
    const option = block.options[choice.option];
    if (option) add(option.scores);
  } else if (block.type === 'yes-no-list' && 'items' in choice) {
    block.items.forEach((item, i) => {
      const said = choice.items[i];
      if (said === true) add(item.yes);
      else if (said === false) add(item.no);
    });
  }
  return points;
}

/** Adds the points of a question's actions together. */
export function sumPoints(parts: readonly BehaviourPoints[]): BehaviourPoints {
  const total: BehaviourPoints = {};
  for (const part of parts)
    for (const [code, value] of Object.entries(part)) total[code] = (total[code] ?? 0) + value;
  return total;
}

export interface EmployeeScores {
  /** Per behaviour code: earned ÷ possible over the answered questions that measure it, percent. */
  behaviours: Record<string, number>;
  /** Per threat area: the mean of its behaviours' scores. */
  areas: Record<string, number>;
  /** Per answered question: earned ÷ possible over its behaviours, percent. */
  questions: Record<string, number>;
  /** The mean of the area scores; null when nothing is answered. */
  resilience: number | null;
}

/**
 * One employee's scores from their points per question. A question's points for a behaviour count up
 * to the question's maximum for it; behaviours a question does not measure are ignored. Unanswered
 * questions count for nothing either way.
 */
export function scoreEmployee(
  questions: readonly ScoredQuestion[],
  pointsByQuestion: ReadonlyMap<string, BehaviourPoints> | Record<string, BehaviourPoints>,
  behaviourArea: (code: string) => string | undefined,
): EmployeeScores {
  const get = (id: string) =>
    pointsByQuestion instanceof Map
      ? pointsByQuestion.get(id)
      : (pointsByQuestion as Record<string, BehaviourPoints>)[id];
  const earned: Record<string, number> = {};
  const possible: Record<string, number> = {};
  const questionScores: Record<string, number> = {};
  for (const q of questions) {
    const points = get(q.id);
    if (!points) continue;
    let qEarned = 0;
    let qPossible = 0;
    for (const { code, max } of q.behaviours) {
      const got = Math.min(max, Math.max(0, points[code] ?? 0));
      earned[code] = (earned[code] ?? 0) + got;
      possible[code] = (possible[code] ?? 0) + max;
      qEarned += got;
      qPossible += max;
    }
    if (qPossible > 0) questionScores[q.id] = (qEarned / qPossible) * 100;
  }
  const behaviours: Record<string, number> = {};
  for (const code of Object.keys(possible)) {
    const max = possible[code] ?? 0;
    if (max > 0) behaviours[code] = ((earned[code] ?? 0) / max) * 100;
  }
  const byArea = new Map<string, number[]>();
  for (const [code, score] of Object.entries(behaviours)) {
    const area = behaviourArea(code);
    if (!area) continue;
    byArea.set(area, [...(byArea.get(area) ?? []), score]);
  }
  const areas: Record<string, number> = {};
  for (const [area, scores] of byArea) areas[area] = mean(scores) as number;
  return { behaviours, areas, questions: questionScores, resilience: mean(Object.values(areas)) };
}

/** The mean, or null for none (N/A). */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** A kept aggregate (sum and count of exact scores) as the rounded average, null when empty. */
export const averageOf = (sum: number, count: number): number | null =>
  count > 0 ? roundScore(sum / count) : null;

/** Whether an employee's exact score puts them at risk (rounded score 0–49). */
export const isAtRisk = (score: number): boolean => roundScore(score) < AT_RISK_BELOW;

/** Share of `part` in `whole`, percent rounded; null when `whole` is 0. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? roundScore((part / whole) * 100) : null;

/**
 * The score-distribution chart: one bin per band, with the finished employees in it and their share.
 * `histogram` counts employees per rounded resilience score (0–100).
 */
export function scoreDistribution(
  histogram: ReadonlyMap<number, number> | Record<number, number>,
  ranges?: readonly ScoreRangeSetting[] | null,
): DistributionBin[] {
  const entries: [number, number][] =
    histogram instanceof Map
      ? [...histogram.entries()]
      : Object.entries(histogram).map(([k, v]) => [Number(k), v]);
  const total = entries.reduce((a, [, n]) => a + n, 0);
  const bands = bandsOf(ranges);
  const banded = entries.map(([s, n]) => [scoreBand(s, ranges), n] as const);
  return bands.map((r) => {
    const value = banded.filter(([band]) => band.from === r.from).reduce((a, [, n]) => a + n, 0);
    return {
      from: r.from,
      to: r.to,
      title: r.title,
      color: r.color,
      ...(r.custom ? { custom: true } : {}),
      value,
      employeePercent: percentOf(value, total) ?? 0,
    };
  });
}

/** An aggregate row as kept: the sum and count of exact scores, and how many of them are at risk. */
export interface KeptAggregate {
  sum: number;
  count: number;
  atRisk: number;
}

export interface InsightCandidates {
  keyBehaviours: { code: string; name: string; area: string; agg: KeptAggregate }[];
  threatAreas: { id: string; name: string; agg: KeptAggregate }[];
  lists: { id: string; name: string; agg: KeptAggregate }[];
  questions: { id: string; name: string; area: string; agg: KeptAggregate }[];
}

/** The order the insights are shown in (spec 2 §2: "sorted threat area, key behaviour, employee list, questions"). */
export const RISK_INSIGHT_ORDER: readonly RiskInsight['type'][] = [
  'THREAT_AREA',
  'KEY_BEHAVIOUR',
  'EMPLOYEE_LIST',
  'QUESTIONS',
];

/**
 * Risk insights: the weakest threat area, key behaviour, employee list (only when more than one list
 * has finished employees) and question — lowest exact average, the first in the given order on a
 * tie — each with its rounded average and the share of finished employees at risk in it, in the
 * spec's order. Items nobody has finished are left out.
 */
export function riskInsights(c: InsightCandidates): RiskInsight[] {
  const weakest = <T extends { agg: KeptAggregate }>(items: T[]): T | undefined =>
    items.filter((i) => i.agg.count > 0).sort((a, b) => a.agg.sum / a.agg.count - b.agg.sum / b.agg.count)[0];
  /** An insight on one item; the references it does not name are null. */
  const insight = (
    type: RiskInsight['type'],
    item: { name: string; agg: KeptAggregate },
    id: string,
    refs: Partial<Pick<RiskInsight['context'], 'threatArea' | 'keyBehaviour' | 'listId'>> = {},
  ): RiskInsight => ({
    type,
    context: {
      name: item.name,
      threatArea: null,
      keyBehaviour: null,
      listId: null,
      ...refs,
      id,
      averageScore: averageOf(item.agg.sum, item.agg.count) ?? 0,
      employeesPercentage: percentOf(item.agg.atRisk, item.agg.count),
    },
  });
  const out: RiskInsight[] = [];
  const kb = weakest(c.keyBehaviours);
  if (kb) out.push(insight('KEY_BEHAVIOUR', kb, kb.code, { threatArea: kb.area, keyBehaviour: kb.code }));
  const area = weakest(c.threatAreas);
  if (area) out.push(insight('THREAT_AREA', area, area.id, { threatArea: area.id }));
  const list = c.lists.filter((l) => l.agg.count > 0).length > 1 ? weakest(c.lists) : undefined;
  if (list) out.push(insight('EMPLOYEE_LIST', list, list.id, { listId: list.id }));
  const question = weakest(c.questions);
  if (question) out.push(insight('QUESTIONS', question, question.id, { threatArea: question.area }));
  return out.sort((a, b) => RISK_INSIGHT_ORDER.indexOf(a.type) - RISK_INSIGHT_ORDER.indexOf(b.type));
}

/** The behaviours an employee should work on: below "Very good" (75), weakest first, at most `limit`. */
export function behavioursToWorkOn(
  behaviours: Record<string, number>,
  limit = 3,
): { code: string; score: number }[] {
  return Object.entries(behaviours)
    .map(([code, score]) => ({ code, score: roundScore(score) }))
    .filter((b) => b.score < 75)
    .sort((a, b) => a.score - b.score || a.code.localeCompare(b.code))
    .slice(0, limit);
}
