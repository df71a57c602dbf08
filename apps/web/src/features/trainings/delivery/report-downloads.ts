import { REPORT_LIMITS } from '@vigil/shared';

/** Spec 2 §7 Direct downloads: the report PDF (also with employee details) and three CSVs. */
export const REPORT_DOWNLOADS = [
  'reportPdf',
  'detailsPdf',
  'employeesCsv',
  'detailedCsv',
  'usersCsv',
] as const;
export type ReportDownload = (typeof REPORT_DOWNLOADS)[number];

const DOWNLOADS: Record<ReportDownload, { path: string; usersDetails?: boolean }> = {
  reportPdf: { path: 'report' },
  detailsPdf: { path: 'report', usersDetails: true },
  employeesCsv: { path: 'users_report/csv' },
  detailedCsv: { path: 'users_detailed_report/csv' },
  usersCsv: { path: 'users/csv' },
};

export interface DownloadTarget {
  companyId: string;
  trainingId: string;
  /** The session token: these are plain links, so the token goes in the query. */
  token: string;
}

export function reportDownloadUrl(
  kind: ReportDownload,
  { companyId, trainingId, token }: DownloadTarget,
): string {
  const { path, usersDetails } = DOWNLOADS[kind];
  const params = new URLSearchParams({ token });
  if (usersDetails) params.set('users_details', '1');
  return `/api/companies/${encodeURIComponent(companyId)}/trainings/${encodeURIComponent(trainingId)}/${path}?${params}`;
}

export const isPdfDownload = (kind: ReportDownload): boolean => DOWNLOADS[kind].path === 'report';

export interface DownloadOffer {
  kind: ReportDownload;
  /** Offered but not possible: the PDF with employee details of a program too large for it. */
  tooLarge: boolean;
}

/**
 * What the Download menu offers. The PDF with employee details holds fewer than 1000 employees (spec 2
 * §2); under anonymous tracking there are no per-employee files at all.
 */
export function downloadOffers(training: {
  selectedUserCount: number;
  anonymousTracking: boolean;
}): DownloadOffer[] {
  if (training.anonymousTracking) return [{ kind: 'reportPdf', tooLarge: false }];
  return REPORT_DOWNLOADS.map((kind) => ({
    kind,
    tooLarge: kind === 'detailsPdf' && training.selectedUserCount >= REPORT_LIMITS.pdfRows,
  }));
}
