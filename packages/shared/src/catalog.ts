import { z } from 'zod';
import type { CompanySubscription } from './companies.ts';
import type { LocalizedText } from './content.ts';

/** The text in `lang`, else its base language, else English. */
export function localize(text: LocalizedText | undefined, lang: string): string {
  if (!text) return '';
  return text[lang] ?? text[lang.split('-')[0] ?? 'en'] ?? text.en;
}

type Plan = Pick<CompanySubscription, 'package_trial' | 'partner' | 'definition'> | null;

/**
 * Whether a subject is in the company's plan: every subject without a subscription definition,
 * only availableForBeta ones on a trial, else those the definition allows ('all' or a list of ids).
 */
export function isSubjectAvailable(plan: Plan, subject: { id: string; availableForBeta: boolean }): boolean {
  if (!plan) return true;
  if (plan.package_trial) return subject.availableForBeta;
  const allowed = plan.definition.trainingSubjects;
  if (allowed === undefined) return !plan.partner;
  return allowed === 'all' || allowed.includes(subject.id);
}

/** Whether an assessment question is in the plan ('all' or a list of ids). */
export function isQuestionAvailable(plan: Plan, question: { id: string }): boolean {
  if (!plan) return true;
  const allowed = plan.definition.assessmentQuestions;
  if (allowed === undefined) return !plan.partner;
  return allowed === 'all' || allowed.includes(question.id);
}

export const CATALOG_MESSAGES = {
  noSubjects: 'No subjects found',
  tryAdjusting: 'Try adjusting the filters to find what you were looking for.',
  noMatch: 'No match',
  backToSubjects: 'Back to subjects',
  noteSaved: 'Note saved.',
  noteDeleted: 'Note deleted.',
  confirmDeleteNote: 'Are you sure you want to delete this note?',
  unavailable: 'This content is unavailable in your plan',
  contactToUpgrade: 'Contact to upgrade',
  upgradeNow: 'Upgrade now',
} as const;

/** A category in the route matches by lower-casing and replacing spaces with underscores. */
export const categorySlug = (name: string): string => name.toLowerCase().replace(/ /g, '_');

export const SubjectSummary = z.object({
  id: z.string(),
  subject_id: z.string(),
  title: z.string(),
  description: z.string(),
  thumb: z.string().nullable(),
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
  video_decisions: z
    .object({
      start: z.string(),
      correctPath: z.array(z.string()),
      decisions: z.array(
        z.object({
          id: z.string(),
          situation: z.string(),
          options: z.array(
            z.object({
              label: z.string(),
              next: z.string().nullable(),
              correct: z.boolean(),
              feedback: z.string(),
            }),
          ),
        }),
      ),
    })
    .nullable(),
  notes: z.array(SubjectNote),
});
export type SubjectDetail = z.infer<typeof SubjectDetail>;
