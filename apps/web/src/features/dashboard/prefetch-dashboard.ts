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
 * sections' queries then find their data on their way or already in. Resolves once what the page's
 * first render shows at the top (the figures and the programs' table) has answered or failed.
 */
export async function prefetchDashboard(queryClient: QueryClient, company: Company): Promise<void> {
  const companyId = company.company_id;
  const sections = dashboardSections(company);
  const top = [queryClient.prefetchQuery(statisticsQueryOptions(companyId))];
  if (sections.trainings === 'shown') {
    top.push(queryClient.prefetchQuery(dashboardTrainingsQueryOptions(companyId)));
    void queryClient.prefetchQuery(latestSubjectsQueryOptions(companyId));
  }
  if (sections.assessments === 'shown')
    void queryClient.prefetchQuery(dashboardAssessmentsQueryOptions(companyId));
  await Promise.all(top);
}
