import { z } from 'zod';
import { EmployeeDetail } from './employees.ts';
import { MAIL_LANGUAGES } from './email-settings.ts';
import { hasNoControlCharacters, MESSAGES } from './validation.ts';

/** The public REST API (/api/v1): its version and page sizes. */
export const PUBLIC_API = { version: 'v1', pageSize: 50, pageSizeMax: 100 } as const;

/** Cursor pagination: `cursor` is the `next` of the page before, opaque to the caller. */
export const PublicPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PUBLIC_API.pageSizeMax).default(PUBLIC_API.pageSize),
  cursor: z.string().max(400).optional(),
});

export const publicPage = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), next: z.string().nullable() });

export const PublicEmployee = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  unit: z.string(),
  tags: z.array(z.string()),
  created: z.string(),
  /** When a mail to them last bounced, if ever. */
  bounced: z.string().nullable(),
  /** The language their mails are written in; null: the company's default language. */
  language: z.string().nullable(),
});
export type PublicEmployee = z.infer<typeof PublicEmployee>;

const text = (max: number) =>
  z.string().trim().max(max).refine(hasNoControlCharacters, MESSAGES.controlCharacters);

export const PublicEmployeeUpdate = z
  .object({
    name: text(100).optional(),
    unit: text(100).optional(),
    /** One of the mail languages, or null to follow the company's default language. */
    language: z.enum(MAIL_LANGUAGES).nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.unit !== undefined || v.language !== undefined, MESSAGES.required);

/** One finished assessment's scores of one employee, rounded percent: by threat area and key behaviour. */
export const PublicResilienceScores = z.object({
  assessmentId: z.string(),
  name: z.string(),
  finished: z.string(),
  /** The resilience score: the mean of the area scores. */
  resilience: z.number().nullable(),
  areas: z.array(z.object({ id: z.string(), name: z.string(), score: z.number() })),
  behaviours: z.array(
    z.object({ code: z.string(), name: z.string(), areaId: z.string(), score: z.number() }),
  ),
});
export type PublicResilienceScores = z.infer<typeof PublicResilienceScores>;

/**
 * An employee's results: progress per subject and program, quiz answers, assessment scores, and per
 * finished assessment the resilience scores by threat area and key behaviour.
 */
export const PublicEmployeeResults = EmployeeDetail.pick({
  started: true,
  score: true,
  subjects: true,
  trainings: true,
  assessments: true,
}).extend({ resilience: z.array(PublicResilienceScores) });
