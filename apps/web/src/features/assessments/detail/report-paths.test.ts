import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_REPORT_PATHS,
  areaIdFromRoute,
  detailTabsFor,
  parseAssessmentRef,
  parseDetailTab,
} from './report-paths.ts';

const id = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';

describe('assessment detail addresses', () => {
  it('reads an id and the p{id} form of a SCORM assessment', () => {
    expect(parseAssessmentRef(id)).toEqual({ id, scorm: false });
    expect(parseAssessmentRef(`p${id}`)).toEqual({ id, scorm: true });
    expect(parseAssessmentRef('p123')).toBeNull();
    expect(parseAssessmentRef(undefined)).toBeNull();
  });

  it('offers the reminders tab only for assessments that are not SCORM', () => {
    expect(detailTabsFor(false)).toEqual([
      'overview',
      'threatAreas',
      'questions',
      'employees',
      'deliveries',
      'reminders',
    ]);
    expect(detailTabsFor(true)).not.toContain('reminders');
    expect(detailTabsFor(true)).not.toContain('deliveries');
  });

  it('opens the overview for no tab, an unknown one, or reminders of a SCORM assessment', () => {
    expect(parseDetailTab(undefined, false)).toBe('overview');
    expect(parseDetailTab('questions', false)).toBe('questions');
    expect(parseDetailTab('nonsense', false)).toBe('overview');
    expect(parseDetailTab('reminders', false)).toBe('reminders');
    expect(parseDetailTab('reminders', true)).toBe('overview');
  });

  it('builds the tab and threat-area addresses, with underscores for spaces', () => {
    const plain = { id, isScorm: false };
    expect(ASSESSMENT_REPORT_PATHS.view(plain)).toBe(`/assessment/${id}/view/`);
    expect(ASSESSMENT_REPORT_PATHS.view(plain, 'employees')).toBe(`/assessment/${id}/view/employees/`);
    expect(ASSESSMENT_REPORT_PATHS.view({ id, isScorm: true }, 'questions')).toBe(
      `/assessment/p${id}/view/questions/`,
    );
    expect(ASSESSMENT_REPORT_PATHS.threatArea(plain, 'Email phishing')).toBe(
      `/assessment/${id}/view/threatAreas/Email_phishing/`,
    );
    expect(areaIdFromRoute('Email_phishing')).toBe('Email phishing');
    expect(areaIdFromRoute('email-phishing')).toBe('email-phishing');
    expect(areaIdFromRoute(undefined)).toBeNull();
  });
});
