import { useMutation } from '@tanstack/react-query';
import { EmployeeList, type ListSave } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { listPath, refreshEmployees } from './employee-keys.ts';

export function renameList(companyId: string, listId: string, body: ListSave) {
  return apiFetch(listPath(companyId, listId), EmployeeList, { method: 'PUT', body });
}

/** PUT /companies/{id}/lists/{listId} (admins): the list with its new name. */
export function useRenameList(companyId: string, listId: string) {
  return useMutation({
    mutationFn: (body: ListSave) => renameList(companyId, listId, body),
    onSuccess: () => refreshEmployees(companyId),
  });
}
