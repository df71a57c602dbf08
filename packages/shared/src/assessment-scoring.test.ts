import { describe, expect, it } from 'vitest';
import { keyBehaviourCoverage, isBehaviourCovered } from './assessments.ts';
import {
  actionPoints,
  averageOf,
  behavioursToWorkOn,
  isAtRisk,
  mean,
  percentOf,
  riskInsights,
  roundScore,
  scoreDistribution,
  scoreEmployee,
  sumPoints,
  type InsightCandidates,
  type ScoredQuestion,
} from './assessment-scoring.ts';
import { SCORE_BANDS } from './constants.ts';
import type { ScoreRangeSetting } from './score-ranges.ts';
import type { QuestionBlock } from './content.ts';

const t = (en: string) => ({ en });

const choiceBlock: QuestionBlock = {
  type: 'multiple-choice',
  actionId: 'pick',
  question: t('What now?'),
  options: [
    { label: t('Click'), scores: { 'PH-1': 0, 'PH-2': 0 } },
    { label: t('Ask'), scores: { 'PH-2': 1 } },
    { label: t('Report'), scores: { 'PH-1': 2, 'PH-2': 2 } },
  ],
};

const listBlock: QuestionBlock = {
  type: 'yes-no-list',
  actionId: 'signs',
  question: t('Which are warning signs?'),
  items: [
    { text: t('Urgency'), yes: { 'PH-1': 1 }, no: {} },
    { text: t('Known sender'), yes: {}, no: { 'PH-1': 1 } },
    { text: t('Odd link'), yes: { 'PH-3': 2 }, no: { 'PH-3': 0 } },
  ],
};

describe('actionPoints', () => {
  it('gives the chosen option’s points', () => {
    expect(actionPoints(choiceBlock, { option: 2 })).toEqual({ 'PH-1': 2, 'PH-2': 2 });
    expect(actionPoints(choiceBlock, { option: 1 })).toEqual({ 'PH-2': 1 });
  });

  it('gives nothing for an option that does not exist or an answer of the other kind', () => {
    expect(actionPoints(choiceBlock, { option: 7 })).toEqual({});
    expect(actionPoints(choiceBlock, { items: [true] })).toEqual({});
    expect(actionPoints(listBlock, { option: 0 })).toEqual({});
  });

  it('adds up the yes or no points of every item of a yes/no list', () => {
    expect(actionPoints(listBlock, { items: [true, false, true] })).toEqual({ 'PH-1': 2, 'PH-3': 2 });
    expect(actionPoints(listBlock, { items: [false, true, false] })).toEqual({ 'PH-3': 0 });
  });

  it('counts items left unanswered for nothing', () => {
    expect(actionPoints(listBlock, { items: [true] })).toEqual({ 'PH-1': 1 });
  });

  it('scores nothing for blocks without an action', () => {
    expect(actionPoints({ type: 'scenario', text: t('Monday morning…') }, { option: 0 })).toEqual({});
  });
});

describe('sumPoints', () => {
  it('adds a question’s actions per behaviour', () => {
    expect(sumPoints([{ 'PH-1': 2 }, { 'PH-1': 1, 'PH-3': 2 }, {}])).toEqual({ 'PH-1': 3, 'PH-3': 2 });
    expect(sumPoints([])).toEqual({});
  });
});

describe('scoreEmployee', () => {
  // Two areas: phishing (PH-1, PH-2) and passwords (PW-1).
  const questions: ScoredQuestion[] = [
    {
      id: 'q1',
      areaId: 'phishing',
      behaviours: [
        { code: 'PH-1', max: 2 },
        { code: 'PH-2', max: 2 },
      ],
    },
    { id: 'q2', areaId: 'phishing', behaviours: [{ code: 'PH-1', max: 4 }] },
    { id: 'q3', areaId: 'passwords', behaviours: [{ code: 'PW-1', max: 2 }] },
  ];
  const areaOf = (code: string) =>
    code.startsWith('PH') ? 'phishing' : code.startsWith('PW') ? 'passwords' : undefined;

  it('scores behaviours over all their questions, areas as the mean of behaviours, resilience as the mean of areas', () => {
    const scores = scoreEmployee(
      questions,
      { q1: { 'PH-1': 2, 'PH-2': 1 }, q2: { 'PH-1': 1 }, q3: { 'PW-1': 1 } },
      areaOf,
    );
    // PH-1: (2 + 1) / (2 + 4) = 50 %; PH-2: 1 / 2 = 50 %; PW-1: 1 / 2 = 50 %.
    expect(scores.behaviours).toEqual({ 'PH-1': 50, 'PH-2': 50, 'PW-1': 50 });
    expect(scores.areas).toEqual({ phishing: 50, passwords: 50 });
    // q1: (2 + 1) / 4 = 75 %; q2: 1 / 4 = 25 %; q3: 1 / 2 = 50 %.
    expect(scores.questions).toEqual({ q1: 75, q2: 25, q3: 50 });
    expect(scores.resilience).toBe(50);
  });

  it('averages areas by behaviour, not by question', () => {
    const scores = scoreEmployee(
      questions,
      { q1: { 'PH-1': 2, 'PH-2': 0 }, q2: { 'PH-1': 4 }, q3: { 'PW-1': 2 } },
      areaOf,
    );
    // PH-1 6/6 = 100, PH-2 0/2 = 0 → phishing 50; passwords 100 → resilience 75.
    expect(scores.areas).toEqual({ phishing: 50, passwords: 100 });
    expect(scores.resilience).toBe(75);
  });

  it('caps a question’s points at its maximum per behaviour and ignores negative and unmeasured points', () => {
    const scores = scoreEmployee(questions, { q1: { 'PH-1': 9, 'PH-2': -3, 'XX-1': 5 } }, areaOf);
    expect(scores.behaviours).toEqual({ 'PH-1': 100, 'PH-2': 0 });
    expect(scores.questions).toEqual({ q1: 50 });
    expect(scores.behaviours['XX-1']).toBeUndefined();
  });

  it('leaves unanswered questions out (neither earned nor possible)', () => {
    const scores = scoreEmployee(questions, new Map([['q3', { 'PW-1': 1 }]]), areaOf);
    expect(scores).toEqual({
      behaviours: { 'PW-1': 50 },
      areas: { passwords: 50 },
      questions: { q3: 50 },
      resilience: 50,
    });
  });

  it('keeps exact (unrounded) scores', () => {
    const scores = scoreEmployee(
      [{ id: 'q', areaId: 'phishing', behaviours: [{ code: 'PH-1', max: 3 }] }],
      { q: { 'PH-1': 1 } },
      areaOf,
    );
    expect(scores.behaviours['PH-1']).toBeCloseTo(33.3333, 4);
    expect(scores.resilience).toBeCloseTo(100 / 3, 10);
  });

  it('is N/A (null resilience) when nothing is answered', () => {
    expect(scoreEmployee(questions, {}, areaOf)).toEqual({
      behaviours: {},
      areas: {},
      questions: {},
      resilience: null,
    });
  });

  it('drops behaviours of no known area from the area means', () => {
    const scores = scoreEmployee(
      [
        {
          id: 'q',
          areaId: 'phishing',
          behaviours: [
            { code: 'PH-1', max: 2 },
            { code: 'ZZ-1', max: 2 },
          ],
        },
      ],
      { q: { 'PH-1': 2, 'ZZ-1': 0 } },
      areaOf,
    );
    expect(scores.behaviours).toEqual({ 'PH-1': 100, 'ZZ-1': 0 });
    expect(scores.areas).toEqual({ phishing: 100 });
  });
});

describe('means, rounding and shares', () => {
  it('rounds half up to a whole percent', () => {
    expect(roundScore(42.5)).toBe(43);
    expect(roundScore(42.4999)).toBe(42);
    expect(roundScore(0.5)).toBe(1);
    expect(roundScore(99.5)).toBe(100);
  });

  it('takes the mean, or null (N/A) of nothing', () => {
    expect(mean([10, 20, 40])).toBeCloseTo(23.333, 3);
    expect(mean([])).toBeNull();
  });

  it('reads a kept sum and count back as a rounded average, null when nobody counts', () => {
    expect(averageOf(167.5, 3)).toBe(56);
    expect(averageOf(85, 2)).toBe(43);
    expect(averageOf(0, 0)).toBeNull();
  });

  it('gives a share as a rounded percent, null of nothing', () => {
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(0, 5)).toBe(0);
    expect(percentOf(1, 0)).toBeNull();
  });
});

describe('isAtRisk', () => {
  it('is a rounded score of 0–49', () => {
    expect(isAtRisk(0)).toBe(true);
    expect(isAtRisk(49.49)).toBe(true);
    expect(isAtRisk(49.5)).toBe(false);
    expect(isAtRisk(50)).toBe(false);
    expect(isAtRisk(100)).toBe(false);
  });
});

describe('scoreDistribution', () => {
  it('counts employees per band with their share', () => {
    // Rounded resilience scores: 23, 44, 100 (one each), and two at 90.
    const bins = scoreDistribution(
      new Map([
        [23, 1],
        [44, 1],
        [100, 1],
        [90, 2],
      ]),
    );
    expect(bins.map((b) => [b.title, b.value, b.employeePercent])).toEqual([
      ['Very risky', 1, 20],
      ['Risky', 1, 20],
      ['Fair', 0, 0],
      ['Very good', 0, 0],
      ['Excellent', 3, 60],
    ]);
    expect(bins[0]).toMatchObject({ from: 0, to: 24, color: 'red' });
  });

  it('accepts a plain record (keys as text) and gives zeros without employees', () => {
    expect(scoreDistribution({ 49: 2, 50: 1 }).map((b) => b.value)).toEqual([0, 2, 1, 0, 0]);
    expect(scoreDistribution({ 49: 2, 50: 1 }).map((b) => b.employeePercent)).toEqual([0, 67, 33, 0, 0]);
    expect(scoreDistribution(new Map()).every((b) => b.value === 0 && b.employeePercent === 0)).toBe(true);
  });

  it('bins by branding ranges when given', () => {
    const ranges: ScoreRangeSetting[] = [
      { from_score: 0, to_score: 59, category: 'Low', color: '#E03131' },
      { from_score: 60, to_score: 100, category: 'High', color: '#2f9e44' },
    ];
    const bins = scoreDistribution({ 10: 1, 59: 1, 60: 2 }, ranges);
    expect(bins.map((b) => [b.title, b.value, b.color, b.custom])).toEqual([
      ['Low', 2, '#e03131', true],
      ['High', 2, '#2f9e44', true],
    ]);
  });

  it('has one bin per spec band by default', () => {
    expect(scoreDistribution({}).map((b) => b.title)).toEqual(SCORE_BANDS.map((b) => b.title));
  });
});

describe('riskInsights', () => {
  const agg = (sum: number, count: number, atRisk: number) => ({ sum, count, atRisk });
  const candidates: InsightCandidates = {
    keyBehaviours: [
      { code: 'PH-2', name: 'Verify', area: 'phishing', agg: agg(150, 3, 1) },
      { code: 'PH-1', name: 'Spot', area: 'phishing', agg: agg(100, 3, 2) },
      { code: 'PW-9', name: 'Nobody', area: 'passwords', agg: agg(0, 0, 0) },
    ],
    threatAreas: [
      { id: 'phishing', name: 'Phishing', agg: agg(150, 3, 2) },
      { id: 'passwords', name: 'Passwords', agg: agg(185, 3, 1) },
    ],
    lists: [
      { id: 'l1', name: 'Sales', agg: agg(144.1666, 2, 1) },
      { id: 'l2', name: 'Ops', agg: agg(67.5, 2, 2) },
    ],
    questions: [
      { id: 'q1', name: 'Invoice', area: 'phishing', agg: agg(125, 3, 2) },
      { id: 'q2', name: 'Report', area: 'phishing', agg: agg(200, 3, 1) },
    ],
  };

  it('picks the weakest of each kind, in the spec’s order, with its average and share at risk', () => {
    expect(riskInsights(candidates)).toEqual([
      {
        type: 'THREAT_AREA',
        context: {
          name: 'Phishing',
          averageScore: 50,
          employeesPercentage: 67,
          threatArea: 'phishing',
          keyBehaviour: null,
          listId: null,
          id: 'phishing',
        },
      },
      {
        type: 'KEY_BEHAVIOUR',
        context: {
          name: 'Spot',
          averageScore: 33,
          employeesPercentage: 67,
          threatArea: 'phishing',
          keyBehaviour: 'PH-1',
          listId: null,
          id: 'PH-1',
        },
      },
      {
        type: 'EMPLOYEE_LIST',
        context: {
          name: 'Ops',
          averageScore: 34,
          employeesPercentage: 100,
          threatArea: null,
          keyBehaviour: null,
          listId: 'l2',
          id: 'l2',
        },
      },
      {
        type: 'QUESTIONS',
        context: {
          name: 'Invoice',
          averageScore: 42,
          employeesPercentage: 67,
          threatArea: 'phishing',
          keyBehaviour: null,
          listId: null,
          id: 'q1',
        },
      },
    ]);
  });

  it('leaves out the list insight unless more than one list has finished employees', () => {
    const oneList = {
      ...candidates,
      lists: [candidates.lists[0]!, { id: 'l3', name: 'Empty', agg: agg(0, 0, 0) }],
    };
    expect(riskInsights(oneList).map((i) => i.type)).toEqual(['THREAT_AREA', 'KEY_BEHAVIOUR', 'QUESTIONS']);
  });

  it('compares exact averages and keeps the first on a tie', () => {
    const close = riskInsights({
      keyBehaviours: [
        { code: 'A-1', name: 'a', area: 'x', agg: agg(50.4, 1, 0) },
        { code: 'A-2', name: 'b', area: 'x', agg: agg(50.2, 1, 0) },
        { code: 'A-3', name: 'c', area: 'x', agg: agg(50.2, 1, 0) },
      ],
      threatAreas: [],
      lists: [],
      questions: [],
    });
    expect(close).toHaveLength(1);
    expect(close[0]!.context).toMatchObject({ keyBehaviour: 'A-2', averageScore: 50 });
  });

  it('is empty when nobody has finished', () => {
    expect(
      riskInsights({
        keyBehaviours: [{ code: 'A-1', name: 'a', area: 'x', agg: agg(0, 0, 0) }],
        threatAreas: [],
        lists: [],
        questions: [],
      }),
    ).toEqual([]);
  });
});

describe('keyBehaviourCoverage', () => {
  it('is selected questions ÷ green threshold, rounded and capped at 100', () => {
    expect(keyBehaviourCoverage(1, 3)).toBe(33);
    expect(keyBehaviourCoverage(2, 3)).toBe(67);
    expect(keyBehaviourCoverage(1, 2)).toBe(50);
    expect(keyBehaviourCoverage(5, 2)).toBe(100);
    expect(keyBehaviourCoverage(0, 2)).toBe(0);
    expect(isBehaviourCovered(2, 3)).toBe(false);
    expect(isBehaviourCovered(3, 3)).toBe(true);
  });
});

describe('behavioursToWorkOn', () => {
  it('lists behaviours below 75, weakest first, at most three', () => {
    expect(
      behavioursToWorkOn({ 'A-1': 80, 'A-2': 10, 'A-3': 74.6, 'A-4': 74.4, 'A-5': 10, 'A-6': 50 }),
    ).toEqual([
      { code: 'A-2', score: 10 },
      { code: 'A-5', score: 10 },
      { code: 'A-6', score: 50 },
    ]);
    expect(behavioursToWorkOn({ 'A-1': 90 })).toEqual([]);
  });
});
