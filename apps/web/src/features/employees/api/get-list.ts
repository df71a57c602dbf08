import { queryOptions, useQuery } from '@tanstack/react-query';
import { EmployeeList, isUuid } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { employeeKeys, listPath } from './employee-keys.ts';

export function getList(companyId: string, listId: string, signal?: AbortSignal) {
  return apiFetch(listPath(companyId, listId), EmployeeList, { signal });
}

export const listQueryOptions = (companyId: string, listId: string) =>
  queryOptions({
    queryKey: employeeKeys.list(companyId, listId),
    queryFn: ({ signal }) => getList(companyId, listId, signal),
    // List ids are UUIDs; any other id in the address is a list that does not exist.
    enabled: isUuid(listId),
  });

/** GET /companies/{id}/lists/{listId}: one list; a 404 means it is not there (any more). */
export function useList(companyId: string, listId: string) {
  return useQuery(listQueryOptions(companyId, listId));
}
