import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_LIMITS, DashboardAssessments, DashboardTrainings } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';
import { companyPath, dashboardKeys } from './dashboard-keys.ts';

const limit = { limit: DASHBOARD_LIMITS.items };

export const fetchDashboardTrainings = (companyId: string, signal?: AbortSignal) =>
  apiFetch(withQuery(`${companyPath(companyId)}/dashboard/trainings`, limit), DashboardTrainings, { signal });

export const fetchDashboardAssessments = (companyId: string, signal?: AbortSignal) =>
  apiFetch(withQuery(`${companyPath(companyId)}/dashboard/assessments`, limit), DashboardAssessments, {
    signal,
  });

export const dashboardTrainingsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: dashboardKeys.trainings(companyId),
    queryFn: ({ signal }) => fetchDashboardTrainings(companyId, signal),
  });

export const dashboardAssessmentsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: dashboardKeys.assessments(companyId),
    queryFn: ({ signal }) => fetchDashboardAssessments(companyId, signal),
  });

/** GET /companies/{id}/dashboard/trainings?limit=3: the top programs of the performance table. */
export const useDashboardTrainings = (companyId: string) =>
  useQuery(dashboardTrainingsQueryOptions(companyId));

/** GET /companies/{id}/dashboard/assessments?limit=3: the top assessments of the performance table. */
export const useDashboardAssessments = (companyId: string) =>
  useQuery(dashboardAssessmentsQueryOptions(companyId));
