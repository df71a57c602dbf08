import {
  actionPoints,
  behavioursToWorkOn,
  darkenFor,
  parseHexColor,
  roundScore,
  SCORE_BANDS,
  scoreBand,
  scoreEmployee,
  sumPoints,
  type AssessmentChoice,
  type BehaviourPoints,
  type LearnerAssessmentBlock,
  type LearnerAssessmentResult,
  type LearnerDemoAssessment,
  type QuestionBlock,
} from '@vigil/shared';
import type { MessageKey } from '../i18n/i18n.ts';
import type { AssessmentQuestion } from './assessment-progress.ts';

/** The score bands' colour names as tones that reach 3:1 on white (WCAG 1.4.11), for rings and bars. */
const BAND_TONES: Record<string, string> = {
  red: '#c92a2a',
  orange: '#d9480f',
  yellow: '#9c6f00',
  lime: '#4f7f0b',
  green: '#2b8a3e',
};
const WHITE = [255, 255, 255] as const;

/** A band's colour (a name of the spec's bands, or a company's own #rrggbb) readable on white. */
export function bandTone(color: string): string {
  const named = BAND_TONES[color.trim().toLowerCase()];
  if (named) return named;
  const rgb = parseHexColor(color);
  if (!rgb) return '#555d66';
  const shade = darkenFor(rgb, WHITE, 3);
  return `#${shade.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

const BAND_TITLES: Record<string, MessageKey> = {
  'Very risky': 'bandVeryRisky',
  Risky: 'bandRisky',
  Fair: 'bandFair',
  'Very good': 'bandVeryGood',
  Excellent: 'bandExcellent',
};
const BAND_MESSAGES: MessageKey[] = [
  'bandMessageVeryRisky',
  'bandMessageRisky',
  'bandMessageFair',
  'bandMessageVeryGood',
  'bandMessageExcellent',
];

/** The band title in the reader's language when it is one of the spec's; a company's own as written. */
export const bandTitleKey = (title: string): MessageKey | null => BAND_TITLES[title] ?? null;

/** A few encouraging words for a score, by the spec's bands (a company's own ranges only rename them). */
export function bandMessageKey(score: number): MessageKey {
  const index = SCORE_BANDS.indexOf(scoreBand(score) as (typeof SCORE_BANDS)[number]);
  return BAND_MESSAGES[Math.max(0, index)]!;
}

type DemoQuestion = LearnerDemoAssessment['questions'][number];
type DemoBlock = DemoQuestion['blocks'][number];

/** The demo's questions as the question player shows them (the points left out). */
export function demoQuestions(demo: LearnerDemoAssessment): AssessmentQuestion[] {
  return demo.questions.map((q) => ({
    id: q.id,
    name: q.name,
    answers: {},
    blocks: q.blocks.map((block): LearnerAssessmentBlock => {
      switch (block.type) {
        case 'scenario':
        case 'image':
          return block;
        case 'multiple-choice':
          return { ...block, options: block.options.map((o) => o.label) };
        case 'yes-no-list':
          return { ...block, items: block.items.map((i) => i.text) };
      }
    }),
  }));
}

/** A shown block as the scoring rules read content blocks (they look only at the points). */
function asContentBlock(block: DemoBlock): QuestionBlock | null {
  const text = (value: string) => ({ en: value });
  if (block.type === 'multiple-choice')
    return {
      ...block,
      question: text(block.question),
      options: block.options.map((o) => ({ label: text(o.label), scores: o.scores })),
    };
  if (block.type === 'yes-no-list')
    return {
      ...block,
      question: text(block.question),
      items: block.items.map((i) => ({ text: text(i.text), yes: i.yes, no: i.no })),
    };
  return null;
}

function questionPoints(
  question: DemoQuestion,
  answers: Record<string, AssessmentChoice>,
): BehaviourPoints | null {
  const parts: BehaviourPoints[] = [];
  for (const block of question.blocks) {
    const scored = asContentBlock(block);
    const choice = scored && 'actionId' in scored ? answers[scored.actionId] : undefined;
    if (scored && choice) parts.push(actionPoints(scored, choice));
  }
  return parts.length > 0 ? sumPoints(parts) : null;
}

/**
 * The demo's result, scored in the browser with the server's rules. The demo names its topics but not
 * its behaviours, so a behaviour to work on is named by the situation that measured it.
 */
export function scoreDemo(
  demo: LearnerDemoAssessment,
  answers: Readonly<Record<string, Record<string, AssessmentChoice>>>,
): LearnerAssessmentResult {
  const areaOf = new Map<string, string>();
  const situationOf = new Map<string, string>();
  for (const q of demo.questions) {
    for (const b of q.behaviours) {
      if (!areaOf.has(b.code)) areaOf.set(b.code, q.area);
      if (!situationOf.has(b.code)) situationOf.set(b.code, q.name);
    }
  }
  const points: Record<string, BehaviourPoints> = {};
  for (const q of demo.questions) {
    const p = questionPoints(q, answers[q.id] ?? {});
    if (p) points[q.id] = p;
  }
  const scores = scoreEmployee(
    demo.questions.map((q) => ({ id: q.id, areaId: q.area, behaviours: q.behaviours })),
    points,
    (code) => areaOf.get(code),
  );
  const resilience = roundScore(scores.resilience ?? 0);
  const band = scoreBand(resilience);
  const areas = [...new Set(demo.questions.map((q) => q.area))].filter((a) => scores.areas[a] !== undefined);
  return {
    resilienceScore: resilience,
    band: { title: band.title, color: band.color },
    areas: areas.map((a) => ({ id: a, name: a, score: roundScore(scores.areas[a]!) })),
    // One situation can measure two weak behaviours: name it once, with the weaker score.
    workOn: behavioursToWorkOn(scores.behaviours)
      .map((b) => ({
        code: b.code,
        name: situationOf.get(b.code) ?? b.code,
        area: areaOf.get(b.code) ?? '',
        score: b.score,
      }))
      .filter((b, i, all) => all.findIndex((x) => x.name === b.name) === i),
  };
}
