import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EmployeePage } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import type { EmployeeTableQuery } from '../employee-table-query.ts';
import { employeeKeys, listPath } from './employee-keys.ts';

export function getListUsers(
  companyId: string,
  listId: string,
  query: EmployeeTableQuery,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    sort: query.sort,
    order: query.order,
  });
  if (query.q) params.set('q', query.q);
  return apiFetch(`${listPath(companyId, listId)}/users?${params}`, EmployeePage, { signal });
}

export const listUsersQueryOptions = (companyId: string, listId: string, query: EmployeeTableQuery) =>
  queryOptions({
    queryKey: employeeKeys.users(companyId, listId, query),
    queryFn: ({ signal }) => getListUsers(companyId, listId, query, signal),
    // The table keeps showing the page it has while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /companies/{id}/lists/{listId}/users: one page of a list's employees, sorted and searched. */
export function useListUsers(companyId: string, listId: string, query: EmployeeTableQuery) {
  return useQuery(listUsersQueryOptions(companyId, listId, query));
}
