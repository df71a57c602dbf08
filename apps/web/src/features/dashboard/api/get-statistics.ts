import { queryOptions, useQuery } from '@tanstack/react-query';
import { CompanyStatistics } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { companyPath, dashboardKeys } from './dashboard-keys.ts';

export const fetchStatistics = (companyId: string, signal?: AbortSignal) =>
  apiFetch(`${companyPath(companyId)}/statistics/status`, CompanyStatistics, { signal });

export const statisticsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: dashboardKeys.statistics(companyId),
    queryFn: ({ signal }) => fetchStatistics(companyId, signal),
  });

/** GET /companies/{id}/statistics/status: the two cards' counts and the seat figures. */
export const useStatistics = (companyId: string) => useQuery(statisticsQueryOptions(companyId));
