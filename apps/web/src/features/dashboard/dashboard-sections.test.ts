import type { CompanySubscription } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { dashboardSections } from './dashboard-sections.ts';

const partner = (definition: CompanySubscription['definition']): CompanySubscription => ({
  package_name: 'Partner',
  package_users: 50,
  package_trial: false,
  package_valid_from: null,
  package_valid_to: null,
  package_valid: 1,
  partner: true,
  definition,
});

describe('dashboardSections', () => {
  it('shows both areas to a company without a partner subscription', () => {
    expect(dashboardSections({ settings: {}, havePartnerSubscription: false, subscription: null })).toEqual({
      trainings: 'shown',
      assessments: 'shown',
    });
  });

  it('locks what a partner subscription leaves out', () => {
    expect(
      dashboardSections({
        settings: {},
        havePartnerSubscription: true,
        subscription: partner({ assessmentQuestions: 'all' }),
      }),
    ).toEqual({ trainings: 'locked', assessments: 'shown' });
    expect(
      dashboardSections({
        settings: {},
        havePartnerSubscription: true,
        subscription: partner({ trainingSubjects: ['s1'] }),
      }),
    ).toEqual({ trainings: 'shown', assessments: 'locked' });
  });

  it('leaves assessments off when the company switched them or their dashboard off', () => {
    const base = { havePartnerSubscription: false, subscription: null };
    expect(dashboardSections({ ...base, settings: { 'ui.assessments': '0' } }).assessments).toBe('hidden');
    expect(dashboardSections({ ...base, settings: { 'ui.assessment_dashboard': '0' } }).assessments).toBe(
      'hidden',
    );
    expect(dashboardSections({ ...base, settings: { 'ui.assessment_dashboard': '1' } }).assessments).toBe(
      'shown',
    );
  });
});
