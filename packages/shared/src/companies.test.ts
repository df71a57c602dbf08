import { describe, expect, it } from 'vitest';
import { hasRole, isAssessmentEnabled, isTrainingEnabled, visibleMenuTabs } from './companies.ts';
import type { CompanySubscription } from './companies.ts';
import { ROLES } from './constants.ts';

const partnerSub = (definition: CompanySubscription['definition']): CompanySubscription => ({
  package_name: 'Partner',
  package_users: 100,
  package_trial: false,
  package_valid_from: null,
  package_valid_to: null,
  package_valid: 1,
  partner: true,
  definition,
});

describe('feature availability', () => {
  it('enables training without a partner subscription, or when its definition allows subjects', () => {
    expect(isTrainingEnabled({ settings: {}, havePartnerSubscription: false, subscription: null })).toBe(
      true,
    );
    const locked = { settings: {}, havePartnerSubscription: true, subscription: partnerSub({}) };
    expect(isTrainingEnabled(locked)).toBe(false);
    const open = {
      settings: {},
      havePartnerSubscription: true,
      subscription: partnerSub({ trainingSubjects: 'all' }),
    };
    expect(isTrainingEnabled(open)).toBe(true);
  });

  it('disables assessments when ui.assessments is 0, whatever the subscription says', () => {
    const c = {
      settings: { 'ui.assessments': '0' },
      havePartnerSubscription: true,
      subscription: partnerSub({ always_show_assessments: 1 }),
    };
    expect(isAssessmentEnabled(c)).toBe(false);
  });

  it('enables assessments with always_show_assessments or allowed questions on a partner subscription', () => {
    expect(
      isAssessmentEnabled({
        settings: {},
        havePartnerSubscription: true,
        subscription: partnerSub({ always_show_assessments: 1 }),
      }),
    ).toBe(true);
    expect(
      isAssessmentEnabled({ settings: {}, havePartnerSubscription: true, subscription: partnerSub({}) }),
    ).toBe(false);
  });

  it('hides a tab named in ui.menu_hide_{code}_tab', () => {
    const tabs = visibleMenuTabs({
      settings: { 'ui.menu_hide_reports_tab': '1' },
      havePartnerSubscription: false,
      subscription: null,
    });
    expect(tabs).not.toContain('reports');
    expect(tabs).toContain('dashboard');
  });
});

describe('hasRole', () => {
  it('admits admin and viewer for a viewer requirement, only admin for admin', () => {
    expect(hasRole(ROLES.viewer, ROLES.viewer)).toBe(true);
    expect(hasRole(ROLES.admin, ROLES.viewer)).toBe(true);
    expect(hasRole(ROLES.viewer, ROLES.admin)).toBe(false);
    expect(hasRole(ROLES.admin, ROLES.admin)).toBe(true);
  });
});
