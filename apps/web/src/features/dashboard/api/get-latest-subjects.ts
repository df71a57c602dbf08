import { queryOptions, useQuery } from '@tanstack/react-query';
import { LatestSubjects } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { companyPath, dashboardKeys } from './dashboard-keys.ts';

export const fetchLatestSubjects = (companyId: string, signal?: AbortSignal) =>
  apiFetch(`${companyPath(companyId)}/subjects/latest`, LatestSubjects, { signal });

export const latestSubjectsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: dashboardKeys.latestSubjects(companyId),
    queryFn: ({ signal }) => fetchLatestSubjects(companyId, signal),
  });

/** GET /companies/{id}/subjects/latest: the newest subjects of the catalogue. */
export const useLatestSubjects = (companyId: string, enabled: boolean) =>
  useQuery({ ...latestSubjectsQueryOptions(companyId), enabled });
