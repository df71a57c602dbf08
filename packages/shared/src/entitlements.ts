import type { CompanySubscription, SubscriptionDefinition } from './companies.ts';
import { companySettings } from './company-settings.ts';
import { MENU_TABS, type MenuTab } from './constants.ts';

/**
 * The entitlement policy: from a company's subscription (trial, validity, definition, partner
 * subscription) it decides what the company may use. The server's guards and services and the two
 * apps all ask these functions; nothing else reads a subscription's definition.
 */

/** The features a plan unlocks (spec 1 §4 feature availability, spec 3 §2.4 enterprise features). */
export const FEATURES = ['trainings', 'assessments', 'scorm', 'branding', 'sso', 'api'] as const;
export type Feature = (typeof FEATURES)[number];

/** Integrations a definition may list (spec 3 §6: excluded ones carry needsUpgrade). */
export const PLAN_INTEGRATIONS = ['slack', 'teams', 'google', 'azure', 'azuresso'] as const;

/**
 * The free trial: 14 days (the common length for this kind of product; long enough to run one
 * program to its end), at most 50 employees, the trial subjects (availableForBeta) and every
 * assessment question, Slack and Teams and branding. SSO, SCORM export and the public API are
 * for paid plans; employees beyond the 50 are refused, not billed.
 */
export const TRIAL = { days: 14, seats: 50, packageName: 'Trial' } as const;
export const TRIAL_DEFINITION: SubscriptionDefinition = {
  trainingSubjects: 'all',
  assessmentQuestions: 'all',
  integrations: ['slack', 'teams'],
  scorm: false,
  branding: true,
  sso: false,
  api: false,
  overage: false,
};

/** Spec 3 §4: Trial, active (package_valid), Expired/Inactive; `none` has no package at all (no limits). */
export type SubscriptionState = 'none' | 'trial' | 'trialExpired' | 'active' | 'expired';

export const ENTITLEMENT_MESSAGES = {
  /** The route guard's refusal (403, error `not_in_plan`). */
  notInPlan: (feature: Feature) => `Your subscription does not include ${FEATURE_NAMES[feature]}.`,
  /** What an ended trial or subscription refuses (403, error `subscription_expired`). */
  expired: 'Your subscription has expired. Results stay readable, but nothing new can be sent or started.',
  limitReached: 'Employees limit reached.',
} as const;

export const FEATURE_NAMES: Record<Feature, string> = {
  trainings: 'training programs',
  assessments: 'assessments',
  scorm: 'SCORM and cmi5 packages',
  branding: 'branding',
  sso: 'single sign-on',
  api: 'the API',
};

/** What the policy reads of a company (the Company of spec 1 §3 has it all). */
export interface EntitlementInput {
  settings: Record<string, string>;
  trial_ends: string | null;
  subscription: Pick<
    CompanySubscription,
    'package_trial' | 'package_valid_to' | 'package_users' | 'partner' | 'definition'
  > | null;
}

type Plan = Pick<CompanySubscription, 'package_trial' | 'partner' | 'definition'> | null;

const isPast = (iso: string | null, now: Date) => iso !== null && Date.parse(iso) <= now.getTime();

/** A trial while its end lies ahead; a package valid while its valid_to lies ahead (or has none). */
export function subscriptionState(c: EntitlementInput, now: Date): SubscriptionState {
  const sub = c.subscription;
  if (c.trial_ends !== null || sub?.package_trial) {
    return isPast(c.trial_ends ?? sub?.package_valid_to ?? null, now) ? 'trialExpired' : 'trial';
  }
  if (!sub) return 'none';
  return isPast(sub.package_valid_to, now) ? 'expired' : 'active';
}

/** When the trial ends, for its banner; null outside a trial. */
export const trialEnds = (c: EntitlementInput): string | null =>
  c.trial_ends ?? (c.subscription?.package_trial ? c.subscription.package_valid_to : null);

/**
 * After the end a company is read-only: it sees its results and exports them, but sends nothing,
 * starts no program or assessment and adds no employee.
 */
export const isActive = (c: EntitlementInput, now: Date): boolean => {
  const state = subscriptionState(c, now);
  return state !== 'expired' && state !== 'trialExpired';
};

const allows = (list: 'all' | string[] | undefined): boolean =>
  list === 'all' || (Array.isArray(list) && list.length > 0);

/** Spec 1 §4: whether the company's plan includes a feature (whatever its validity). */
export function hasFeature(
  c: Pick<EntitlementInput, 'settings' | 'subscription'>,
  feature: Feature,
): boolean {
  const sub = c.subscription;
  const definition = sub?.definition ?? {};
  const partner = sub?.partner ?? false;
  switch (feature) {
    case 'trainings':
      return !partner || allows(definition.trainingSubjects);
    case 'assessments':
      if (!companySettings(c.settings).assessments) return false;
      if (!partner) return true;
      return definition.always_show_assessments === 1 || allows(definition.assessmentQuestions);
    case 'scorm':
      return companySettings(c.settings).cmi5Enabled && definition.scorm !== false;
    default:
      return definition[feature] !== false;
  }
}

/**
 * Whether an integration is in the plan: the definition's list when it has one; without a list,
 * every integration for the company's own plan and none for a partner subscription (spec 3 §6).
 */
export function integrationAllowed(c: Pick<EntitlementInput, 'subscription'>, name: string): boolean {
  const sub = c.subscription;
  const list = sub?.definition.integrations;
  if (list) return list.includes(name);
  return !(sub?.partner ?? false);
}

/** Spec 3 §3 Integration.needsUpgrade. */
export const needsUpgrade = (c: Pick<EntitlementInput, 'subscription'>, name: string): boolean =>
  !integrationAllowed(c, name);

/**
 * Whether a subject is in the company's plan: every subject without a package, only availableForBeta
 * ones on a trial, else those the definition allows ('all' or a list of ids).
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

/** Whether the plan holds any assessment question (as isQuestionAvailable reads the definition). */
export function planHasQuestions(c: Pick<EntitlementInput, 'subscription'>): boolean {
  const plan = c.subscription;
  if (!plan) return true;
  const allowed = plan.definition.assessmentQuestions;
  if (allowed === undefined) return !plan.partner;
  return allowed === 'all' || allowed.length > 0;
}

/** Upgrade is allowed only without a partner subscription (spec 1 §4). */
export const isUpgradeAllowed = (c: Pick<EntitlementInput, 'subscription'>): boolean =>
  !(c.subscription?.partner ?? false);

/**
 * Adding `adding` employees who hold no seat this billing month to `used` seats: within the seats
 * bought, billed as overage from today (where the plan allows it), or refused.
 */
export type SeatDecision = 'within' | 'overage' | 'refused';
export function seatDecision(
  sub: Pick<CompanySubscription, 'package_users' | 'definition'> | null,
  used: number,
  adding: number,
): SeatDecision {
  const seats = sub?.package_users ?? null;
  if (adding <= 0 || seats === null || used + adding <= seats) return 'within';
  return sub?.definition.overage ? 'overage' : 'refused';
}

/** Spec 3 §5 canAddUsers: an active company with a free seat, or whose plan bills the ones beyond. */
export function canAddUsers(c: EntitlementInput, usersTotal: number, now: Date): boolean {
  if (!isActive(c, now)) return false;
  return seatDecision(c.subscription, usersTotal, 1) !== 'refused';
}

/** Spec 1 §8: the employees registered (n) above the seats the package allows (m); null when within. */
export function seatOverage(c: {
  users_total: number;
  users_available: number | null;
}): { n: number; m: number } | null {
  const { users_total: n, users_available: m } = c;
  return typeof m === 'number' && n > m ? { n, m } : null;
}

/** Training is enabled without a partner subscription, or when its definition allows subjects. */
export const isTrainingEnabled = (c: Pick<EntitlementInput, 'settings' | 'subscription'>): boolean =>
  hasFeature(c, 'trainings');

/** Spec 1 §4 Feature availability: assessments. */
export const isAssessmentEnabled = (c: Pick<EntitlementInput, 'settings' | 'subscription'>): boolean =>
  hasFeature(c, 'assessments');

/** SCORM/cmi5 packages: the company setting ui.cmi5.enabled (spec 2 §1) and a plan that includes them. */
export const isCmi5Enabled = (c: Pick<EntitlementInput, 'settings' | 'subscription'>): boolean =>
  hasFeature(c, 'scorm');

/** Slack and Teams are available unless the plan's integrations list lacks them (spec 1 §4). */
export const isIntegrationAvailable = (c: Pick<EntitlementInput, 'subscription'>, name: 'slack' | 'teams') =>
  integrationAllowed(c, name);

export function visibleMenuTabs(c: Pick<EntitlementInput, 'settings' | 'subscription'>): MenuTab[] {
  const settings = companySettings(c.settings);
  return MENU_TABS.filter((tab) => {
    if (settings.menuHidden[tab]) return false;
    if (tab === 'trainings') return isTrainingEnabled(c);
    if (tab === 'assessments') return isAssessmentEnabled(c) || settings.alwaysShowAssessments;
    return true;
  });
}

/** Everything the policy decides, as one plain value (the web's useEntitlements, the tests' tables). */
export interface Entitlements {
  state: SubscriptionState;
  active: boolean;
  trialEnds: string | null;
  upgradeAllowed: boolean;
  features: Record<Feature, boolean>;
  needsUpgrade: Record<(typeof PLAN_INTEGRATIONS)[number], boolean>;
}

export function entitlements(c: EntitlementInput, now: Date): Entitlements {
  return {
    state: subscriptionState(c, now),
    active: isActive(c, now),
    trialEnds: trialEnds(c),
    upgradeAllowed: isUpgradeAllowed(c),
    features: Object.fromEntries(FEATURES.map((f) => [f, hasFeature(c, f)])) as Record<Feature, boolean>,
    needsUpgrade: Object.fromEntries(PLAN_INTEGRATIONS.map((i) => [i, needsUpgrade(c, i)])) as Record<
      (typeof PLAN_INTEGRATIONS)[number],
      boolean
    >,
  };
}
