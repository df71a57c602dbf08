import { describe, expect, it } from 'vitest';
import { overviewReportUrl } from './report-urls.ts';

describe('overviewReportUrl', () => {
  it('asks for the PDF with the session token, and for the CSV with csv=1', () => {
    expect(overviewReportUrl('c1', 'tok', 'pdf')).toBe('/api/companies/c1/overview/report?token=tok');
    expect(overviewReportUrl('c1', 'tok', 'csv')).toBe('/api/companies/c1/overview/report?token=tok&csv=1');
  });

  it('escapes the company id and the token', () => {
    expect(overviewReportUrl('a/b', 't+k', 'pdf')).toBe('/api/companies/a%2Fb/overview/report?token=t%2Bk');
  });
});
