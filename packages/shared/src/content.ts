import { z } from 'zod';
import { InteractiveBody } from './interactive.ts';

/**
 * The default content pack's format (files under content/). The server's content import validates
 * every file with these schemas; the same shapes describe what the API serves.
 */

/** A text in several languages; English is always present. */
export const LocalizedText = z.object({ en: z.string().min(1) }).catchall(z.string().min(1));
export type LocalizedText = z.infer<typeof LocalizedText>;

export const SUBJECT_TYPES = { video: 1, scorm: 2, decision: 3, scormQuiz: 4, interactive: 5 } as const;
export type SubjectType = (typeof SUBJECT_TYPES)[keyof typeof SUBJECT_TYPES];

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');

export const ContentCategory = z.object({
  id: slug,
  name: LocalizedText,
  order: z.number().int(),
});

export const QuizQuestion = z.object({
  question: LocalizedText,
  correct: LocalizedText,
  /** Exactly three wrong answers. */
  wrong: z.tuple([LocalizedText, LocalizedText, LocalizedText]),
});

/** A narrated slide: the text shown and the words spoken. */
export const VideoSlide = z.object({
  title: LocalizedText,
  narration: LocalizedText,
});

/** One step of a decision subject: a situation, and choices that lead on or end it. */
export const Decision = z.object({
  id: slug,
  situation: LocalizedText,
  options: z
    .array(
      z.object({
        label: LocalizedText,
        /** The next decision, or null when this choice ends the subject. */
        next: slug.nullable(),
        correct: z.boolean(),
        feedback: LocalizedText,
      }),
    )
    .min(2)
    .max(4),
});

export const ContentSubject = z.object({
  id: slug,
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  category: slug,
  /** Seconds. */
  duration: z.number().int().min(30).max(1800),
  availableForBeta: z.boolean(),
  title: LocalizedText,
  description: LocalizedText,
  /** What the subject's illustration (media/thumbs/<id>.svg) shows, for screen readers. */
  thumbAlt: LocalizedText.optional(),
  /** Video subjects: the narrated slides the video generator turns into a captioned video. */
  slides: z.array(VideoSlide).optional(),
  quiz: z.array(QuizQuestion).default([]),
  furtherReading: LocalizedText.optional(),
  /** Decision subjects (type 3): the steps, the first one, and the path of correct choices. */
  decisions: z.array(Decision).optional(),
  startDecision: slug.optional(),
  correctPath: z.array(slug).optional(),
  /** SCORM subjects (types 2 and 4): the package's launch file, relative to content/media. */
  scorm: z.object({ entry: z.string() }).optional(),
  /** Interactive subjects (type 5): the scenes with their red flags and decisions (content/INTERACTIVE.md). */
  interactive: InteractiveBody.optional(),
});
export type ContentSubject = z.infer<typeof ContentSubject>;

/** Scores per key-behaviour code, e.g. { "PH-1": 2 }. */
export const BehaviourScores = z.record(z.string(), z.number().int().min(0).max(10));

export const QuestionBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('scenario'), text: LocalizedText }),
  z.object({ type: z.literal('image'), src: z.string(), alt: LocalizedText }),
  z.object({
    type: z.literal('multiple-choice'),
    actionId: slug,
    question: LocalizedText,
    options: z
      .array(z.object({ label: LocalizedText, scores: BehaviourScores }))
      .min(2)
      .max(5),
  }),
  z.object({
    type: z.literal('yes-no-list'),
    actionId: slug,
    question: LocalizedText,
    items: z
      .array(z.object({ text: LocalizedText, yes: BehaviourScores, no: BehaviourScores }))
      .min(2)
      .max(6),
  }),
]);
export type QuestionBlock = z.infer<typeof QuestionBlock>;

export const AssessmentQuestion = z.object({
  id: slug,
  name: LocalizedText,
  adminDescription: z.string().min(1),
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Seconds an employee typically needs. */
  duration: z.number().int().min(20).max(600),
  /** The behaviours measured, with the most points an answer can earn for each. */
  behaviours: z.array(z.object({ code: z.string(), max: z.number().int().min(1).max(20) })).min(1),
  blocks: z.array(QuestionBlock).min(2),
});
export type AssessmentQuestion = z.infer<typeof AssessmentQuestion>;

export const ThreatArea = z.object({
  id: slug,
  name: LocalizedText,
  description: LocalizedText,
  behaviours: z
    .array(
      z.object({
        code: z.string().regex(/^[A-Z]{2,4}-\d{1,2}$/),
        name: LocalizedText,
        /** Questions needed to cover the behaviour fully in an assessment (spec 2: green threshold). */
        greenThreshold: z.number().int().min(1).max(10),
      }),
    )
    .min(3),
  questions: z.array(AssessmentQuestion).min(1),
});
export type ThreatArea = z.infer<typeof ThreatArea>;

export const TrainingTemplate = z.object({
  id: slug,
  name: LocalizedText,
  description: LocalizedText,
  subjects: z.array(slug).min(1),
  /** W weekly, B every two weeks, M monthly; with subjects per interval. */
  frequency: z.object({
    interval: z.enum(['W', 'B', 'M']),
    subjectsPerInterval: z.number().int().min(1).max(20),
  }),
  tip: LocalizedText,
  verboseDuration: LocalizedText,
});

export const AssessmentTemplate = z.object({
  id: slug,
  name: LocalizedText,
  description: LocalizedText,
  questions: z.array(slug).min(1),
});

export const Material = z.object({
  id: slug,
  kind: z.enum(['poster', 'sticker', 'file']),
  title: LocalizedText,
  description: LocalizedText,
  /** Image path relative to content/media. */
  image: z.string(),
  /** Per language: file path relative to content/media. */
  files: z.record(z.string(), z.string()),
  tags: z.array(z.string()).default([]),
});
