import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ImpersonationEventsResponse } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const IMPERSONATION_LOG_PAGE_SIZE = 50;

/** GET /admin/impersonations: the audit of impersonations, newest first (super-admins only). */
export function getImpersonationLog(page: number, signal?: AbortSignal) {
  return apiFetch(
    `/admin/impersonations?page=${page}&pageSize=${IMPERSONATION_LOG_PAGE_SIZE}`,
    ImpersonationEventsResponse,
    { signal },
  );
}

export function useImpersonationLog(page: number) {
  return useQuery({
    queryKey: ['impersonation-log', page],
    queryFn: ({ signal }) => getImpersonationLog(page, signal),
    placeholderData: keepPreviousData,
  });
}
