import { queryOptions, useQuery } from '@tanstack/react-query';
import { EmployeeDetail, isUuid } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { employeeKeys, listPath } from './employee-keys.ts';

export function getEmployee(companyId: string, listId: string, email: string, signal?: AbortSignal) {
  return apiFetch(`${listPath(companyId, listId)}/users/${encodeURIComponent(email)}`, EmployeeDetail, {
    signal,
  });
}

export const employeeQueryOptions = (companyId: string, listId: string, email: string) =>
  queryOptions({
    queryKey: employeeKeys.employee(companyId, listId, email),
    queryFn: ({ signal }) => getEmployee(companyId, listId, email, signal),
    enabled: isUuid(listId),
  });

/** GET /companies/{id}/lists/{listId}/users/{email}: the employee's detail (no per-user data when anonymous). */
export function useEmployee(companyId: string, listId: string, email: string) {
  return useQuery(employeeQueryOptions(companyId, listId, email));
}
