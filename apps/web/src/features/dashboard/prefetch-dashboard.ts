import type { QueryClient } from '@tanstack/react-query';
import type { Company } from '@vigil/shared';
import {
  dashboardAssessmentsQueryOptions,
  dashboardTrainingsQueryOptions,
} from './api/get-performance-rows.ts';
import { latestSubjectsQueryOptions } from './api/get-latest-subjects.ts';
import { statisticsQueryOptions } from './api/get-statistics.ts';
import { dashboardSections } from './dashboard-sections.ts';

/**
 * Asks for the first screen's figures and tables of `company` together, as soon as the company is known
 * (app/boot/prefetch-first-screen.ts), instead of after the shell and the page have rendered: the
 * sections' queries then find their data on their way or already in.
 */
export function prefetchDashboard(queryClient: QueryClient, company: Company): void {
  const companyId = company.company_id;
  const sections = dashboardSections(company);
  void queryClient.prefetchQuery(statisticsQueryOptions(companyId));
  if (sections.trainings === 'shown') {
    void queryClient.prefetchQuery(dashboardTrainingsQueryOptions(companyId));
    void queryClient.prefetchQuery(latestSubjectsQueryOptions(companyId));
  }
  if (sections.assessments === 'shown')
    void queryClient.prefetchQuery(dashboardAssessmentsQueryOptions(companyId));
}
