import { z } from 'zod';
import { Brand, companySettings } from './company-settings.ts';
import { LANGUAGES, MENU_TABS, ROLES, type LanguageCode, type MenuTab, type RoleCode } from './constants.ts';
import { timeZoneName } from './time-zones.ts';
import { ScoreRangeSetting } from './score-ranges.ts';
import { companyName, MESSAGES } from './validation.ts';

/** What a subscription definition allows (the subscriptions issue fills in the rest). */
export const SubscriptionDefinition = z.object({
  trainingSubjects: z.union([z.literal('all'), z.array(z.string())]).optional(),
  assessmentQuestions: z.union([z.literal('all'), z.array(z.string())]).optional(),
  integrations: z.array(z.string()).optional(),
  always_show_assessments: z.number().optional(),
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

type AvailabilityInput = Pick<Company, 'settings' | 'havePartnerSubscription' | 'subscription'>;

function allows(list: 'all' | string[] | undefined): boolean {
  return list === 'all' || (Array.isArray(list) && list.length > 0);
}

/** Training is enabled without a partner subscription, or when its definition allows subjects. */
export function isTrainingEnabled(c: AvailabilityInput): boolean {
  if (!c.havePartnerSubscription) return true;
  return allows(c.subscription?.definition.trainingSubjects);
}

/** Spec 1 §4 Feature availability: assessments. */
export function isAssessmentEnabled(c: AvailabilityInput): boolean {
  if (!companySettings(c.settings).assessments) return false;
  if (c.havePartnerSubscription && c.subscription?.definition.always_show_assessments === 1) return true;
  if (!c.havePartnerSubscription) return true;
  return allows(c.subscription?.definition.assessmentQuestions);
}

/** SCORM/cmi5 packages exist only when the company setting ui.cmi5.enabled is on (spec 2 §1). */
export const isCmi5Enabled = (c: Pick<AvailabilityInput, 'settings'>): boolean =>
  companySettings(c.settings).cmi5Enabled;

export function isUpgradeAllowed(c: AvailabilityInput): boolean {
  return !c.havePartnerSubscription;
}

export function isIntegrationAvailable(c: AvailabilityInput, name: 'slack' | 'teams'): boolean {
  if (!c.havePartnerSubscription) return true;
  return c.subscription?.definition.integrations?.includes(name) ?? false;
}

export function visibleMenuTabs(c: AvailabilityInput): MenuTab[] {
  const settings = companySettings(c.settings);
  return MENU_TABS.filter((tab) => {
    if (settings.menuHidden[tab]) return false;
    if (tab === 'trainings') return isTrainingEnabled(c);
    if (tab === 'assessments') return isAssessmentEnabled(c) || settings.alwaysShowAssessments;
    return true;
  });
}

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
