import { describe, expect, it } from 'vitest';
import type { CompanySubscription, SubscriptionDefinition } from './companies.ts';
import {
  canAddUsers,
  entitlements,
  hasFeature,
  isQuestionAvailable,
  isSubjectAvailable,
  seatDecision,
  seatOverage,
  subscriptionState,
  TRIAL_DEFINITION,
  visibleMenuTabs,
  type EntitlementInput,
  type Feature,
} from './entitlements.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const PAST = '2026-06-01T00:00:00.000Z';
const FUTURE = '2026-07-01T00:00:00.000Z';

const sub = (over: Partial<CompanySubscription> = {}): CompanySubscription => ({
  package_name: 'Plan',
  package_users: 100,
  package_trial: false,
  package_valid_from: null,
  package_valid_to: FUTURE,
  package_valid: 1,
  partner: false,
  definition: {},
  ...over,
});
const company = (
  subscription: CompanySubscription | null,
  over: Partial<EntitlementInput> = {},
): EntitlementInput => ({ settings: {}, trial_ends: null, subscription, ...over });
const trial = (ends: string) =>
  company(
    sub({ package_trial: true, package_valid_to: ends, package_users: 50, definition: TRIAL_DEFINITION }),
    {
      trial_ends: ends,
    },
  );
const partner = (definition: SubscriptionDefinition) => company(sub({ partner: true, definition }));

describe('subscription state', () => {
  it.each([
    ['no package', company(null), 'none', true],
    ['a running trial', trial(FUTURE), 'trial', true],
    ['an ended trial', trial(PAST), 'trialExpired', false],
    ['a trial marked only on the company', company(null, { trial_ends: PAST }), 'trialExpired', false],
    ['a valid package', company(sub()), 'active', true],
    ['a package without an end', company(sub({ package_valid_to: null })), 'active', true],
    ['a package past its end', company(sub({ package_valid_to: PAST })), 'expired', false],
    [
      'a partner package past its end',
      company(sub({ partner: true, package_valid_to: PAST })),
      'expired',
      false,
    ],
  ] as const)('%s is %s (active: %s)', (_, c, state, active) => {
    expect(subscriptionState(c, NOW)).toBe(state);
    expect(entitlements(c, NOW).active).toBe(active);
  });
});

describe('features', () => {
  const table: Array<[string, EntitlementInput, Partial<Record<Feature, boolean>>]> = [
    [
      'own plan, nothing said',
      company(sub()),
      { trainings: true, assessments: true, scorm: false, branding: true, sso: true, api: true },
    ],
    ['own plan with cmi5 on', company(sub(), { settings: { 'ui.cmi5.enabled': '1' } }), { scorm: true }],
    [
      'plan without SCORM, SSO or API',
      company(sub({ definition: { scorm: false, sso: false, api: false, branding: false } }), {
        settings: { 'ui.cmi5.enabled': '1' },
      }),
      { scorm: false, sso: false, api: false, branding: false, trainings: true },
    ],
    ['trial', trial(FUTURE), { trainings: true, assessments: true, branding: true, sso: false, api: false }],
    ['partner without subjects or questions', partner({}), { trainings: false, assessments: false }],
    ['partner with subjects', partner({ trainingSubjects: 'all' }), { trainings: true, assessments: false }],
    ['partner with a question list', partner({ assessmentQuestions: ['q1'] }), { assessments: true }],
    ['partner with an empty question list', partner({ assessmentQuestions: [] }), { assessments: false }],
    ['partner always showing assessments', partner({ always_show_assessments: 1 }), { assessments: true }],
    [
      'ui.assessments 0 wins over the subscription',
      company(sub({ partner: true, definition: { always_show_assessments: 1 } }), {
        settings: { 'ui.assessments': '0' },
      }),
      { assessments: false },
    ],
  ];
  it.each(table)('%s', (_, c, expected) => {
    for (const [feature, allowed] of Object.entries(expected)) {
      expect([feature, hasFeature(c, feature as Feature)]).toEqual([feature, allowed]);
    }
  });
});

describe('integrations (needsUpgrade)', () => {
  it.each([
    ['own plan without a list', company(sub()), { slack: false, teams: false, azuresso: false }],
    [
      'own plan listing Slack',
      company(sub({ definition: { integrations: ['slack'] } })),
      { slack: false, teams: true },
    ],
    ['partner without a list', partner({}), { slack: true, teams: true, google: true }],
    ['partner listing Teams', partner({ integrations: ['teams'] }), { slack: true, teams: false }],
    ['trial', trial(FUTURE), { slack: false, teams: false, azuresso: true }],
  ] as const)('%s', (_, c, expected) => {
    expect(entitlements(c, NOW).needsUpgrade).toMatchObject(expected);
  });
});

describe('content', () => {
  const beta = { id: 's1', availableForBeta: true };
  const other = { id: 's2', availableForBeta: false };
  it.each([
    ['no package', null, true, true],
    ['trial: only availableForBeta', sub({ package_trial: true, definition: TRIAL_DEFINITION }), true, false],
    ['own plan, nothing said', sub(), true, true],
    ['own plan, all', sub({ definition: { trainingSubjects: 'all' } }), true, true],
    ['plan listing s2', sub({ definition: { trainingSubjects: ['s2'] } }), false, true],
    ['partner, nothing said', sub({ partner: true }), false, false],
  ] as const)('subjects: %s', (_, plan, betaOk, otherOk) => {
    expect(isSubjectAvailable(plan, beta)).toBe(betaOk);
    expect(isSubjectAvailable(plan, other)).toBe(otherOk);
  });

  it.each([
    ['no package', null, true],
    ['own plan, nothing said', sub(), true],
    ['plan listing q1', sub({ definition: { assessmentQuestions: ['q1'] } }), true],
    ['plan listing q2', sub({ definition: { assessmentQuestions: ['q2'] } }), false],
    ['partner, nothing said', sub({ partner: true }), false],
  ] as const)('questions: %s', (_, plan, ok) => {
    expect(isQuestionAvailable(plan, { id: 'q1' })).toBe(ok);
  });
});

describe('seats', () => {
  it.each([
    ['no limit', sub({ package_users: null }), 500, 10, 'within'],
    ['nobody new', sub({ package_users: 10 }), 12, 0, 'within'],
    ['fills the last seat', sub({ package_users: 10 }), 9, 1, 'within'],
    ['one beyond', sub({ package_users: 10 }), 10, 1, 'refused'],
    ['several crossing the limit', sub({ package_users: 10 }), 8, 3, 'refused'],
    ['beyond, overage billed', sub({ package_users: 10, definition: { overage: true } }), 10, 5, 'overage'],
  ] as const)('%s', (_, s, used, adding, decision) => {
    expect(seatDecision(s, used, adding)).toBe(decision);
  });

  it('lets an active company add while a seat is free or overage is billed, an ended one never', () => {
    expect(canAddUsers(company(sub({ package_users: 10 })), 9, NOW)).toBe(true);
    expect(canAddUsers(company(sub({ package_users: 10 })), 10, NOW)).toBe(false);
    expect(canAddUsers(company(sub({ package_users: 10, definition: { overage: true } })), 10, NOW)).toBe(
      true,
    );
    expect(canAddUsers(company(sub({ package_valid_to: PAST })), 0, NOW)).toBe(false);
    expect(canAddUsers(trial(PAST), 0, NOW)).toBe(false);
  });

  it('reports more employees than seats (spec 1 §8)', () => {
    expect(seatOverage({ users_total: 12, users_available: 10 })).toEqual({ n: 12, m: 10 });
    expect(seatOverage({ users_total: 10, users_available: 10 })).toBeNull();
    expect(seatOverage({ users_total: 10, users_available: null })).toBeNull();
  });
});

describe('menu', () => {
  it('hides a tab named in ui.menu_hide_{code}_tab, and trainings without them in the plan', () => {
    const tabs = visibleMenuTabs(company(null, { settings: { 'ui.menu_hide_reports_tab': '1' } }));
    expect(tabs).not.toContain('reports');
    expect(tabs).toContain('dashboard');
    expect(visibleMenuTabs(partner({}))).not.toContain('trainings');
  });
});
