import { z } from 'zod';
import { Brand } from './company-settings.ts';
import { LANGUAGES, ROLES, type LanguageCode, type RoleCode } from './constants.ts';
import { timeZoneName } from './time-zones.ts';
import { ScoreRangeSetting } from './score-ranges.ts';
import { companyName, MESSAGES } from './validation.ts';

/**
 * What a subscription definition allows; the entitlement policy (entitlements.ts) is its one reader.
 * A feature flag left out means allowed, so a package written before the flag existed keeps it.
 */
export const SubscriptionDefinition = z.object({
  trainingSubjects: z.union([z.literal('all'), z.array(z.string())]).optional(),
  assessmentQuestions: z.union([z.literal('all'), z.array(z.string())]).optional(),
  integrations: z.array(z.string()).optional(),
  always_show_assessments: z.number().optional(),
  /** SCORM / cmi5 packages of the company's programs. */
  scorm: z.boolean().optional(),
  /** Company colours and logo on mails, PDFs and the learner app. */
  branding: z.boolean().optional(),
  /** Single sign-on for the company's people. */
  sso: z.boolean().optional(),
  /** The public API (API keys). */
  api: z.boolean().optional(),
  /**
   * Employees beyond the seats bought: true adds them and bills them from that day (the FAQ's
   * "exceeding the limit adjusts the fee"); false or left out refuses them ('Employees limit reached.').
   */
  overage: z.boolean().optional(),
});
export type SubscriptionDefinition = z.infer<typeof SubscriptionDefinition>;

export const CompanySubscription = z.object({
  package_name: z.string(),
  package_users: z.number().nullable(),
  package_trial: z.boolean(),
  package_valid_from: z.string().nullable(),
  package_valid_to: z.string().nullable(),
  package_valid: z.union([z.literal(0), z.literal(1)]),
  partner: z.boolean(),
  definition: SubscriptionDefinition,
});
export type CompanySubscription = z.infer<typeof CompanySubscription>;

/** The company as the current user sees it (spec 1 §3). */
export const Company = z.object({
  company_id: z.string(),
  company_name: z.string(),
  settings: z.record(z.string(), z.string()),
  logo_name: z.string().nullable(),
  color_main: z.string().nullable(),
  /** The company's name, colours and logo as its people see them (the theme follows it). */
  brand: Brand,
  /** The score ranges every band on screens follows: the company's, else the global ones; null: the spec's. */
  scoreRanges: z.array(ScoreRangeSetting).nullable(),
  defaultLanguage: z.string(),
  role: z.union([z.literal(ROLES.admin), z.literal(ROLES.viewer)]),
  permissions: z.array(z.string()),
  anonymousTracking: z.union([z.literal(0), z.literal(1)]),
  users_total: z.number(),
  users_available: z.number().nullable(),
  usersLeft: z.number().nullable(),
  /** False once the employees in lists fill the subscription's seats. */
  canAddUsers: z.boolean(),
  /** False when the subscription or trial has ended: no new training can be started ("No license available"). */
  canCreateTraining: z.boolean(),
  trial_ends: z.string().nullable(),
  billingEnabled: z.boolean(),
  isProvider: z.boolean(),
  partnerId: z.string().nullable(),
  havePartnerSubscription: z.boolean(),
  subscription: CompanySubscription.nullable(),
  managers: z.array(z.object({ created: z.string(), email: z.string(), name: z.string(), role: z.number() })),
});
export type Company = z.infer<typeof Company>;

export const MyCompaniesResponse = z.array(Company);

/** GET /partners/{partnerId}/companies — the short list the user menu shows. */
export const PartnerCompanyRef = z.object({ company_id: z.string(), company_name: z.string() });
export const PartnerCompaniesResponse = z.object({
  rows: z.array(PartnerCompanyRef),
  total: z.number(),
});

export const Language = z.object({
  code: z.string(),
  english_name: z.string(),
  file: z.string(),
  filePattern: z.string(),
});
export type Language = z.infer<typeof Language>;

/** A viewer requirement admits admin and viewer; admin admits only admin. */
export function hasRole(role: RoleCode, required: RoleCode): boolean {
  return required === ROLES.viewer ? role === ROLES.admin || role === ROLES.viewer : role === ROLES.admin;
}

/** PUT /companies/{id}: the company save of spec 1 §7 (admins). */
export const CompanyUpdate = z
  .object({
    company_name: companyName.optional(),
    defaultLanguage: z.enum(LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]]).optional(),
    primaryColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour like #2f9e44')
      .optional(),
    /** The quiz score in percent a certificate needs. */
    passMark: z
      .number({ error: MESSAGES.passMarkRange })
      .int(MESSAGES.passMarkRange)
      .min(0, MESSAGES.passMarkRange)
      .max(100, MESSAGES.passMarkRange)
      .optional(),
    timeZone: timeZoneName.optional(),
    /** The branding's secondary colour (ui.secondary_color). */
    secondaryColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour like #e03131')
      .optional(),
    /** ui.sendEnrolment: employees added to a list of a running program get a welcome mail. */
    sendEnrolment: z.boolean().optional(),
  })
  .strict();
export type CompanyUpdate = z.input<typeof CompanyUpdate>;
