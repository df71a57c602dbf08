import { withQuery } from '../../lib/with-query.ts';

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * The 'General overview' report as a plain link (spec 3 §2.3): the session token goes in the query,
 * as with the training and assessment report downloads, and csv=1 asks for the CSV.
 */
export function overviewReportUrl(companyId: string, token: string, format: ReportFormat): string {
  return `/api${withQuery(`/companies/${encodeURIComponent(companyId)}/overview/report`, {
    token,
    csv: format === 'csv' ? 1 : undefined,
  })}`;
}
