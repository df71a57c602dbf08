import { z } from 'zod';
import type { LocalizedText } from './content.ts';
import { LocalizedInteractive } from './interactive.ts';

/** The text in `lang`, else its base language, else English. */
export function localize(text: LocalizedText | undefined, lang: string): string {
  if (!text) return '';
  return text[lang] ?? text[lang.split('-')[0] ?? 'en'] ?? text.en;
}

/** A category in the route matches by lower-casing and replacing spaces with underscores. */
export const categorySlug = (name: string): string => name.toLowerCase().replace(/ /g, '_');

export const SubjectSummary = z.object({
  id: z.string(),
  subject_id: z.string(),
  title: z.string(),
  description: z.string(),
  thumb: z.string().nullable(),
  /** The thumbnail's alternative text ('' when it only decorates). */
  thumbAlt: z.string().optional(),
  type: z.number(),
  duration: z.number(),
  category: z.string(),
  languages: z.array(z.string()),
  disabled: z.boolean(),
  availableForBeta: z.boolean(),
  questions_count: z.number(),
});
export type SubjectSummary = z.infer<typeof SubjectSummary>;

export const CategoryWithSubjects = z.object({
  id: z.string(),
  name: z.string(),
  subjects: z.array(SubjectSummary),
});
export const CategoriesResponse = z.array(CategoryWithSubjects);

export const SubjectNote = z.object({
  id: z.string(),
  content: z.string(),
  created: z.string(),
  author: z.string(),
});
export type SubjectNote = z.infer<typeof SubjectNote>;
export const NoteSave = z.object({
  content: z
    .string({ error: 'You need to enter some information to save' })
    .trim()
    .min(1, 'You need to enter some information to save')
    .max(5000),
});

/** One step of a decision subject, in one language: the situation and the choices it offers. */
export const DecisionStep = z.object({
  id: z.string(),
  situation: z.string(),
  options: z.array(
    z.object({
      label: z.string(),
      /** The next step, or null when this choice ends the story. */
      next: z.string().nullable(),
      correct: z.boolean(),
      feedback: z.string(),
    }),
  ),
});
export type DecisionStep = z.infer<typeof DecisionStep>;

/** A decision subject's story (spec 3 video_decisions): its steps, the first one, the path of right choices. */
export const DecisionStory = z.object({
  start: z.string(),
  correctPath: z.array(z.string()),
  decisions: z.array(DecisionStep),
});
export type DecisionStory = z.infer<typeof DecisionStory>;

export const SubjectDetail = SubjectSummary.extend({
  language: z.string(),
  video: z.object({ url: z.string(), captions: z.string().nullable() }).nullable(),
  slides: z.array(z.object({ title: z.string(), narration: z.string() })),
  questions: z.array(
    z.object({
      question: z.string(),
      correct_answer: z.string(),
      wrong_answer1: z.string(),
      wrong_answer2: z.string(),
      wrong_answer3: z.string(),
    }),
  ),
  content: z.string(),
  numberOfDecisions: z.number(),
  video_decisions: DecisionStory.nullable(),
  notes: z.array(SubjectNote),
  /** SCORM subjects: where the package starts. */
  scorm: z.object({ url: z.string() }).nullable(),
  /** Interactive subjects (type 5): the scenes in the language shown. */
  interactive: LocalizedInteractive.nullable().default(null),
});
export type SubjectDetail = z.infer<typeof SubjectDetail>;

/** Fills the personalised keys of assessment texts ({companyName}, {companyDomain}, {emailHR}). */
export function personalize(
  text: string,
  keys: { companyName: string; companyDomain: string; emailHR: string },
): string {
  return text
    .replaceAll('{companyName}', keys.companyName)
    .replaceAll('{companyDomain}', keys.companyDomain)
    .replaceAll('{emailHR}', keys.emailHR);
}

export const QuestionSummary = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string(),
  area: z.string(),
  areaName: z.string(),
  difficulty: z.number(),
  duration: z.number(),
  adminDescription: z.string(),
  behaviours: z.array(z.object({ code: z.string(), name: z.string(), max: z.number() })),
  key_behaviour_count: z.number(),
  component_names: z.array(z.string()),
  languages: z.array(z.string()),
  disabled: z.boolean(),
});
export type QuestionSummary = z.infer<typeof QuestionSummary>;

/** A question's blocks as the employee sees them: localized, personalised. */
export const PreviewBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('scenario'), text: z.string() }),
  z.object({ type: z.literal('image'), src: z.string(), alt: z.string() }),
  z.object({
    type: z.literal('multiple-choice'),
    actionId: z.string(),
    question: z.string(),
    options: z.array(z.object({ label: z.string(), scores: z.record(z.string(), z.number()) })),
  }),
  z.object({
    type: z.literal('yes-no-list'),
    actionId: z.string(),
    question: z.string(),
    items: z.array(
      z.object({
        text: z.string(),
        yes: z.record(z.string(), z.number()),
        no: z.record(z.string(), z.number()),
      }),
    ),
  }),
]);
export type PreviewBlock = z.infer<typeof PreviewBlock>;

export const QuestionDetail = QuestionSummary.extend({ language: z.string(), blocks: z.array(PreviewBlock) });
export type QuestionDetail = z.infer<typeof QuestionDetail>;

export const ThreatAreaDefinition = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  behaviours: z.array(z.object({ code: z.string(), name: z.string(), greenThreshold: z.number() })),
  questionsCount: z.number(),
});

export const TemplateSummary = z.object({
  id: z.string(),
  kind: z.enum(['training', 'assessment']),
  name: z.string(),
  description: z.string(),
  items: z.array(z.string()),
  tip: z.string().nullable(),
  verboseDuration: z.string().nullable(),
  frequency: z.object({ interval: z.enum(['W', 'B', 'M']), subjectsPerInterval: z.number() }).nullable(),
});

export const MaterialItem = z.object({
  id: z.string(),
  kind: z.enum(['poster', 'sticker', 'file']),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  languages: z.array(z.string()),
  files: z.record(z.string(), z.string()),
  tags: z.array(z.string()),
});
export type MaterialItem = z.infer<typeof MaterialItem>;

/** The content browser (/content, /resources): the three sections, already filtered. */
export const ContentBrowserQuery = z.object({
  type: z.enum(['training', 'assessment', 'material']).optional(),
  category: z.string().max(100).optional(),
  language: z.string().max(10).optional(),
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .default('en'),
});
export const ContentBrowserResponse = z.object({
  subjects: z.array(SubjectSummary),
  questions: z.array(QuestionSummary),
  materials: z.array(MaterialItem),
  languages: z.array(z.string()),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** Event codes a subject preview records (spec 3 §3). */
export const PreviewEvent = z.object({
  code: z.union([
    z.literal(3),
    z.literal(4),
    z.literal(5),
    z.literal(6),
    z.literal(7),
    z.literal(8),
    z.literal(9),
    z.literal(10),
    z.literal(11),
    z.literal(12),
    z.literal(16),
    z.literal(17),
  ]),
});
