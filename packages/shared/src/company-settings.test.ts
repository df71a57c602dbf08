import { describe, expect, it } from 'vitest';
import {
  Brand,
  brandColor,
  COMPANY_SETTINGS,
  companyLogoPath,
  companySettings,
  CompanySettings,
  emailTextSetting,
  menuHideSetting,
  personalizeSetting,
  settingEntries,
} from './company-settings.ts';
import { DEFAULT_COLORS } from './constants.ts';
import { DEFAULT_PASS_MARK } from './figures.ts';

describe('company settings', () => {
  it('give every setting its default for an empty map', () => {
    const s = CompanySettings.parse({});
    expect(s).toMatchObject({
      sendEnrolment: false,
      certificatesEnabled: true,
      passMark: DEFAULT_PASS_MARK,
      timeZone: 'UTC',
      presetCaptionLanguage: null,
      ssoConfigured: false,
      assessmentManualSchedule: false,
      assessmentDashboard: true,
      assessments: true,
      alwaysShowAssessments: false,
      cmi5Enabled: false,
      postersUrl: null,
      apiKeysHidden: false,
      secondaryColor: DEFAULT_COLORS.secondary,
      accountName: null,
      supportEmail: null,
    });
    expect(Object.values(s.menuHidden).every((v) => v === false)).toBe(true);
    expect(s.email.trainingHeader).toBe('');
    expect(s.emailMarkdown.assessmentFooter).toBe('');
    expect(s.personalize).toEqual({ companyName: '', companyDomain: '', emailHR: '' });
  });

  it('type the stored strings', () => {
    const s = companySettings({
      'ui.sendEnrolment': '1',
      'ui.certificates_enabled': '0',
      'ui.certificate_pass_mark': '65',
      'ui.time_zone': 'Europe/Berlin',
      'ui.preset_caption_language': 'de',
      'ui.sso.configured': 'true',
      'ui.assessments': '0',
      'ui.cmi5.enabled': '1',
      'ui.posters_url': 'https://example.com/posters',
      'ui.api_keys_hidden': '1',
      'ui.menu_hide_reports_tab': 'yes',
      'ui.email.trainingHeader': '<p>Hello</p>',
      'ui.email.mrkdwn_trainingHeader': '*Hello*',
      'ui.secondary_color': '#ABC',
      'ui.account_name': 'Shield',
      'contact.support': 'help@shield.example',
      'ui.help_url': 'https://help.shield.example/',
      'assessment.personalize.emailHR': 'hr@acme.example',
    });
    expect(s).toMatchObject({
      sendEnrolment: true,
      certificatesEnabled: false,
      passMark: 65,
      timeZone: 'Europe/Berlin',
      presetCaptionLanguage: 'de',
      ssoConfigured: true,
      assessments: false,
      cmi5Enabled: true,
      postersUrl: 'https://example.com/posters',
      apiKeysHidden: true,
      secondaryColor: '#aabbcc',
      accountName: 'Shield',
      supportEmail: 'help@shield.example',
      helpUrl: 'https://help.shield.example/',
    });
    expect(s.menuHidden.reports).toBe(true);
    expect(s.menuHidden.dashboard).toBe(false);
    expect(s.email.trainingHeader).toBe('<p>Hello</p>');
    expect(s.emailMarkdown.trainingHeader).toBe('*Hello*');
    expect(s.personalize.emailHR).toBe('hr@acme.example');
  });

  it('fall back to the default for a value they cannot read, one setting at a time', () => {
    const s = companySettings({
      'ui.sendEnrolment': 'maybe',
      'ui.certificates_enabled': '',
      'ui.certificate_pass_mark': '101',
      'ui.time_zone': 'Mars/Olympus',
      'ui.cmi5.enabled': 'on',
      'ui.posters_url': 'javascript:alert(1)',
      'ui.menu_hide_reports_tab': '0',
      'ui.menu_hide_content_tab': '',
      'ui.secondary_color': 'red',
      'contact.support': 'not an address',
      'ui.help_url': 'ftp://files.example',
      'ui.assessment_dashboard': '0',
    });
    expect(s).toMatchObject({
      sendEnrolment: false,
      certificatesEnabled: true,
      passMark: DEFAULT_PASS_MARK,
      timeZone: 'UTC',
      cmi5Enabled: false,
      postersUrl: null,
      secondaryColor: DEFAULT_COLORS.secondary,
      supportEmail: null,
      helpUrl: null,
      assessmentDashboard: false,
    });
    expect(s.menuHidden.reports).toBe(false);
    expect(s.menuHidden.content).toBe(false);
    for (const odd of ['', 'abc', '-1', '7.5', '1000'])
      expect(companySettings({ [COMPANY_SETTINGS.passMark]: odd }).passMark).toBe(DEFAULT_PASS_MARK);
    expect(companySettings({ [COMPANY_SETTINGS.passMark]: '0' }).passMark).toBe(0);
  });

  it('leave keys they do not know out of the typed settings', () => {
    const s = companySettings({ 'ui.something_new': '1' }) as Record<string, unknown>;
    expect(Object.keys(s)).not.toContain('ui.something_new');
    expect(Object.keys(s)).not.toContain('somethingNew');
  });

  it('parse a map once', () => {
    const map = { 'ui.cmi5.enabled': '1' };
    expect(companySettings(map)).toBe(companySettings(map));
  });

  it('are written back as the strings the map stores', () => {
    expect(
      settingEntries({ sendEnrolment: true, passMark: 70, timeZone: 'Europe/Paris', postersUrl: null }),
    ).toEqual({
      'ui.sendEnrolment': '1',
      'ui.certificate_pass_mark': '70',
      'ui.time_zone': 'Europe/Paris',
      'ui.posters_url': '',
    });
    const entries = settingEntries({ apiKeysHidden: false, passMark: 55 });
    expect(companySettings(entries)).toMatchObject({ apiKeysHidden: false, passMark: 55 });
  });

  it('name the spec keys exactly', () => {
    expect(menuHideSetting('assessments')).toBe('ui.menu_hide_assessments_tab');
    expect(emailTextSetting('reminderFooter')).toBe('ui.email.reminderFooter');
    expect(emailTextSetting('certificate', true)).toBe('ui.email.mrkdwn_certificate');
    expect(personalizeSetting('companyDomain')).toBe('assessment.personalize.companyDomain');
  });
});

describe('brand', () => {
  it('reads colours as #rrggbb, else the fallback', () => {
    expect(brandColor('#1C7ED6')).toBe('#1c7ed6');
    expect(brandColor('#abc')).toBe('#aabbcc');
    expect(brandColor('blue')).toBe(DEFAULT_COLORS.primary);
    expect(brandColor(null)).toBe(DEFAULT_COLORS.primary);
    expect(brandColor('', DEFAULT_COLORS.secondary)).toBe(DEFAULT_COLORS.secondary);
  });

  it('serves a stored logo file from the company, and a URL as it is', () => {
    expect(companyLogoPath('c1', null)).toBeNull();
    expect(companyLogoPath('c1', 'logo.png')).toBe('/api/companies/c1/logo?v=logo.png');
    expect(companyLogoPath('c1', 'https://cdn.example/l.png')).toBe('https://cdn.example/l.png');
  });

  it('accepts only readable colours', () => {
    const brand = {
      companyName: 'Acme',
      accountName: 'Vigil',
      primaryColor: '#2f9e44',
      secondaryColor: '#e03131',
      logoUrl: null,
      supportEmail: 'support@example.com',
    };
    expect(Brand.safeParse(brand).success).toBe(true);
    expect(Brand.safeParse({ ...brand, primaryColor: 'green' }).success).toBe(false);
  });
});
