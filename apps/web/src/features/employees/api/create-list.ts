import { useMutation } from '@tanstack/react-query';
import { EmployeeList, type ListSave } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { companyPath, refreshEmployees } from './employee-keys.ts';

export function createList(companyId: string, body: ListSave) {
  return apiFetch(`${companyPath(companyId)}/lists`, EmployeeList, { method: 'POST', body });
}

/** POST /companies/{id}/lists (admins): the new, empty list. */
export function useCreateList(companyId: string) {
  return useMutation({
    mutationFn: (body: ListSave) => createList(companyId, body),
    onSuccess: () => refreshEmployees(companyId),
  });
}
