import { z } from 'zod';
import { LearnerAssessmentCard } from './assessments.ts';
import { DecisionStep } from './catalog.ts';
import { LocalizedInteractive } from './interactive.ts';
import { Brand } from './company-settings.ts';
import { EVENT_CODES } from './constants.ts';
import { ScoreRangeSetting } from './score-ranges.ts';

/**
 * The employees' learner app and its API (`/api/learner/…`). An employee signs in with the personal
 * link of a training mail: `{LEARNER_URL}/#t={token}`. The token goes in the fragment so that it never
 * reaches a server log or a Referer header; the app keeps it and sends it as `Authorization: Bearer`.
 */

export const LEARNER_LINK_PARAM = 't';

/** The learner link for a token (the fragment form the app reads). */
export const learnerLink = (learnerUrl: string, token: string) =>
  `${learnerUrl}/#${LEARNER_LINK_PARAM}=${encodeURIComponent(token)}`;

export const LEARNER_MESSAGES = {
  linkInvalid: 'This link is no longer valid. Open the latest email from your security training.',
  subjectNotDelivered: 'This subject is not part of your training yet.',
  trainingNotFound: 'Training program not found :(',
} as const;

/** Progress of one employee in one subject of one program. */
export const LearnerProgress = z.object({
  opened: z.boolean(),
  /** Highest video mark reached: 0, 25, 50, 75, 95 or 100. */
  videoPercent: z.number(),
  answered: z.number(),
  correct: z.number(),
  questions: z.number(),
  finished: z.boolean(),
  finishedAt: z.string().nullable(),
});
export type LearnerProgress = z.infer<typeof LearnerProgress>;

export const LearnerSubjectRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** SUBJECT_TYPES: video 1, scorm 2, decision 3, scorm quiz 4, interactive 5. */
  type: z.number(),
  /** Seconds. */
  duration: z.number(),
  thumb: z.string().nullable(),
  deliveredAt: z.string(),
  progress: LearnerProgress,
});
export type LearnerSubjectRow = z.infer<typeof LearnerSubjectRow>;

export const LearnerTraining = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  /** Subjects delivered so far, in the program's order. */
  subjects: z.array(LearnerSubjectRow),
  /** All subjects of the program, delivered or not. */
  subjectsTotal: z.number(),
  finished: z.number(),
  /** The next delivery still to come, if any. */
  nextDelivery: z.string().nullable(),
  /** Every subject of the program delivered and finished. */
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  /** Quiz score (FIGURES.quizScore) over the delivered lessons; null before any answer. */
  quizScore: z.number().nullable(),
  /** The quiz score a certificate needs (the company's pass mark); null when the company issues none. */
  passMark: z.number().nullable(),
  /** A certificate can be downloaded: completed, the pass mark met, and the company issues certificates. */
  certificate: z.boolean(),
});
export type LearnerTraining = z.infer<typeof LearnerTraining>;

/** GET /api/learner/me */
export const LearnerHome = z.object({
  employee: z.object({ name: z.string(), email: z.string() }),
  /** The employer's name, colours and logo the app wears. */
  brand: Brand,
  /** The company's language for employees: the content's language, the interface's first choice. */
  language: z.string(),
  trainings: z.array(LearnerTraining),
  /** The assessments the employee was invited to. */
  assessments: z.array(LearnerAssessmentCard).default([]),
  /** The company's score ranges the assessment cards' bands follow; null or absent: the spec's bands. */
  scoreRanges: z.array(ScoreRangeSetting).nullable().optional(),
});
export type LearnerHome = z.infer<typeof LearnerHome>;

/** GET /api/learner/trainings/{trainingId}/subjects/{subjectId}: what the player needs, answers hidden. */
export const LearnerSubject = z.object({
  id: z.string(),
  trainingId: z.string(),
  type: z.number(),
  title: z.string(),
  description: z.string(),
  language: z.string(),
  video: z.object({ url: z.string(), captions: z.string().nullable() }).nullable(),
  slides: z.array(z.object({ title: z.string(), narration: z.string() })),
  /** The quiz after the video; the answers in a fixed shuffled order, the correct one not marked. */
  questions: z.array(z.object({ question: z.string(), answers: z.array(z.string()) })),
  /** Further reading: simple HTML from the content pack; render only a safe subset of it. */
  content: z.string(),
  /** A decision subject's steps (the same steps as the manager's preview; no path of right choices). */
  decisions: z.object({ start: z.string(), items: z.array(DecisionStep) }).nullable(),
  scorm: z.object({ url: z.string() }).nullable(),
  /** An interactive subject's scenes, in the learner's language (flags and right choices included). */
  interactive: LocalizedInteractive.nullable().default(null),
  progress: LearnerProgress,
});
export type LearnerSubject = z.infer<typeof LearnerSubject>;

/** The codes the learner app may record itself; quiz answers go through the answer call. */
export const LEARNER_EVENT_CODES = [
  EVENT_CODES.SUBJECT_OPEN,
  EVENT_CODES.SUBJECT_CLOSE,
  EVENT_CODES.VIDEO_START,
  EVENT_CODES.VIDEO_25,
  EVENT_CODES.VIDEO_50,
  EVENT_CODES.VIDEO_75,
  EVENT_CODES.VIDEO_95,
  EVENT_CODES.VIDEO_100,
  EVENT_CODES.DECISION,
  EVENT_CODES.LAST_DECISION,
] as const;

/** POST /api/learner/events */
export const LearnerEventInput = z.object({
  trainingId: z.uuid(),
  subjectId: z.string().min(1).max(100),
  code: z.union(LEARNER_EVENT_CODES.map((c) => z.literal(c))),
  /** The decision step for codes 16 and 17. */
  item: z.number().int().min(0).max(100).optional(),
});
export type LearnerEventInput = z.infer<typeof LearnerEventInput>;

/** POST /api/learner/answers: the server grades; the first answer to a question counts. */
export const LearnerAnswerInput = z.object({
  trainingId: z.uuid(),
  subjectId: z.string().min(1).max(100),
  question: z.number().int().min(0).max(30),
  answer: z.number().int().min(0).max(3),
});
export type LearnerAnswerInput = z.infer<typeof LearnerAnswerInput>;

/**
 * POST /api/learner/scorm-score: what a SCORM subject's own run-time committed as its score, scaled
 * 0–1 (cmi.core.score.raw within min–max for SCORM 1.2, cmi.score.scaled for 2004). The server counts
 * it as the subject's quiz (its first score counts, as a quiz's first answers do).
 */
export const LearnerScormScoreInput = z.object({
  trainingId: z.uuid(),
  subjectId: z.string().min(1).max(100),
  scaled: z.number().min(0).max(1),
});
export type LearnerScormScoreInput = z.infer<typeof LearnerScormScoreInput>;

export const LearnerAnswerResult = z.object({
  correct: z.boolean(),
  /** Index of the correct answer among the shown answers. */
  correctAnswer: z.number(),
  progress: LearnerProgress,
});
export type LearnerAnswerResult = z.infer<typeof LearnerAnswerResult>;

/**
 * A fixed shuffle of a question's four answers (correct first in the content): the same for every
 * employee and call, different per question, so the correct answer is not always in one place.
 */
export function answerOrder(subjectId: string, question: number): number[] {
  let h = 2166136261;
  for (const ch of `${subjectId}#${question}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const order = [0, 1, 2, 3];
  for (let i = order.length - 1; i > 0; i--) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    const j = h % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
