import { describe, expect, it } from 'vitest';
import { downloadOffers, isPdfDownload, reportDownloadUrl } from './report-downloads.ts';

const target = { companyId: 'c-1', trainingId: 't-1', token: 'a b+c' };

describe('report downloads', () => {
  it('builds each download link with the session token in the query', () => {
    expect(reportDownloadUrl('reportPdf', target)).toBe(
      '/api/companies/c-1/trainings/t-1/report?token=a+b%2Bc',
    );
    expect(reportDownloadUrl('detailsPdf', target)).toBe(
      '/api/companies/c-1/trainings/t-1/report?token=a+b%2Bc&users_details=1',
    );
    expect(reportDownloadUrl('employeesCsv', target)).toBe(
      '/api/companies/c-1/trainings/t-1/users_report/csv?token=a+b%2Bc',
    );
    expect(reportDownloadUrl('detailedCsv', target)).toBe(
      '/api/companies/c-1/trainings/t-1/users_detailed_report/csv?token=a+b%2Bc',
    );
    expect(reportDownloadUrl('usersCsv', target)).toBe(
      '/api/companies/c-1/trainings/t-1/users/csv?token=a+b%2Bc',
    );
  });

  it('knows the PDFs from the CSVs', () => {
    expect(isPdfDownload('detailsPdf')).toBe(true);
    expect(isPdfDownload('usersCsv')).toBe(false);
  });

  it('offers the PDF with employee details only below 1000 employees', () => {
    const small = downloadOffers({ selectedUserCount: 999, anonymousTracking: false });
    expect(small.map((offer) => offer.kind)).toEqual([
      'reportPdf',
      'detailsPdf',
      'employeesCsv',
      'detailedCsv',
      'usersCsv',
    ]);
    expect(small.every((offer) => !offer.tooLarge)).toBe(true);
    const large = downloadOffers({ selectedUserCount: 1000, anonymousTracking: false });
    expect(large.filter((offer) => offer.tooLarge).map((offer) => offer.kind)).toEqual(['detailsPdf']);
  });

  it('offers no per-employee file under anonymous tracking', () => {
    expect(downloadOffers({ selectedUserCount: 10, anonymousTracking: true })).toEqual([
      { kind: 'reportPdf', tooLarge: false },
    ]);
  });
});
