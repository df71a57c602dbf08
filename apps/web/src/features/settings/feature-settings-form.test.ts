import { describe, expect, it } from 'vitest';
import { SCORE_RANGE_MESSAGES, type FeatureSettings } from '@vigil/shared';
import { formErrors, formPayload, formValues, STANDARD_RANGES } from './feature-settings-form.ts';

const saved: FeatureSettings = {
  companyId: 'c1',
  companyName: 'Acme',
  assessments: true,
  alwaysShowAssessments: false,
  assessmentDashboard: true,
  assessmentManualSchedule: false,
  certificatesEnabled: true,
  cmi5Enabled: false,
  apiKeysHidden: false,
  helpUrl: null,
  privacyUrl: null,
  termsUrl: null,
  contentUrl: null,
  postersUrl: null,
  stickersUrl: null,
  menuHidden: {
    dashboard: false,
    trainings: false,
    assessments: false,
    phishing: false,
    users: false,
    reports: false,
    content: false,
    help: false,
  },
  captionsSettings: null,
  presetCaptionLanguage: null,
  accountName: null,
  supportEmail: null,
  scoreRanges: null,
  faviconUrl: null,
  globalScoreRanges: null,
};

describe('feature settings form', () => {
  it('starts a company without ranges on the standard bands, following the global ones', () => {
    const values = formValues(saved);
    expect(values.ownRanges).toBe(false);
    expect(values.scoreRanges).toEqual(STANDARD_RANGES);
    expect(STANDARD_RANGES.map((r) => [r.from_score, r.to_score])).toEqual([
      [0, 24],
      [25, 49],
      [50, 74],
      [75, 89],
      [90, 100],
    ]);
    expect(formPayload(values)).toMatchObject({ scoreRanges: null, accountName: null, helpUrl: null });
    expect(formErrors(values)).toEqual({});
  });

  it('sends trimmed texts, null for empty ones, and its own ranges when chosen', () => {
    const values = {
      ...formValues(saved),
      accountName: '  Shield ',
      links: { ...formValues(saved).links, helpUrl: 'https://help.example/' },
      ownRanges: true,
    };
    expect(formPayload(values)).toMatchObject({
      accountName: 'Shield',
      helpUrl: 'https://help.example/',
      scoreRanges: STANDARD_RANGES,
    });
  });

  it('puts each problem next to its field', () => {
    const values = formValues(saved);
    const ranges = [...STANDARD_RANGES];
    ranges[1] = { ...ranges[1]!, from_score: 30 };
    ranges[2] = { ...ranges[2]!, color: 'yellow' };
    const errors = formErrors({
      ...values,
      ownRanges: true,
      scoreRanges: ranges,
      supportEmail: 'nope',
      links: { ...values.links, privacyUrl: 'javascript:alert(1)' },
    });
    expect(errors['scoreRanges.1.from_score']).toBe(SCORE_RANGE_MESSAGES.gap(24));
    expect(errors['scoreRanges.2.color']).toBe('Choose a colour like #2f9e44');
    expect(errors['supportEmail']).toBe('Please enter a correct email');
    expect(errors['links.privacyUrl']).toBe('Enter a link starting with https://');
  });
});
