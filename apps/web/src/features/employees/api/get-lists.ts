import { queryOptions, useQuery } from '@tanstack/react-query';
import { EmployeeListsResponse } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { companyPath, employeeKeys } from './employee-keys.ts';

export function getLists(companyId: string, signal?: AbortSignal) {
  return apiFetch(`${companyPath(companyId)}/lists`, EmployeeListsResponse, { signal });
}

export const listsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: employeeKeys.lists(companyId),
    queryFn: ({ signal }) => getLists(companyId, signal),
  });

/** GET /companies/{id}/lists: the company's employee lists and the employees in them. */
export function useLists(companyId: string) {
  return useQuery(listsQueryOptions(companyId));
}
