import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { employeeKeys, listPath, refreshCompanySeats } from './employee-keys.ts';

export async function deleteList(companyId: string, listId: string): Promise<void> {
  await apiRequest(listPath(companyId, listId), { method: 'DELETE' });
}

/**
 * DELETE /companies/{id}/lists/{listId} (admins). The overview loads afresh when shown; the removed
 * list's own queries are not reloaded, as the page showing them is being left.
 */
export function useDeleteList(companyId: string, listId: string) {
  return useMutation({
    mutationFn: () => deleteList(companyId, listId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: employeeKeys.lists(companyId) });
      return refreshCompanySeats(companyId);
    },
  });
}
