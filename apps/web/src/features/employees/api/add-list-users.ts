import { useMutation } from '@tanstack/react-query';
import { AddUsersResponse, type AddUsersRequest } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { listPath, refreshEmployees } from './employee-keys.ts';

export function addListUsers(companyId: string, listId: string, body: AddUsersRequest) {
  return apiFetch(`${listPath(companyId, listId)}/users`, AddUsersResponse, { method: 'POST', body });
}

/** POST /companies/{id}/lists/{listId}/users (admins); 409 limit_reached once the seats are full. */
export function useAddListUsers(companyId: string, listId: string) {
  return useMutation({
    mutationFn: (body: AddUsersRequest) => addListUsers(companyId, listId, body),
    onSuccess: () => refreshEmployees(companyId),
  });
}
