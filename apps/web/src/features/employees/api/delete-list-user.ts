import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listPath, refreshEmployees } from './employee-keys.ts';

export async function deleteListUser(companyId: string, listId: string, email: string): Promise<void> {
  await apiRequest(`${listPath(companyId, listId)}/users/${encodeURIComponent(email)}`, { method: 'DELETE' });
}

/** DELETE /companies/{id}/lists/{listId}/users/{email}: only admins delete an employee from a list. */
export function useDeleteListUser(companyId: string, listId: string) {
  return useMutation({
    mutationFn: (email: string) => deleteListUser(companyId, listId, email),
    onSuccess: () => refreshEmployees(companyId),
  });
}
