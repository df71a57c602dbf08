import { useMutation } from '@tanstack/react-query';
import { DeleteTrainingUsersResponse, type DeleteTrainingUsersRequest } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { trainingPath } from './training-keys.ts';

/**
 * POST …/{trainingId}/users/delete: deletes the program's employees from the company (the report's
 * "Delete users"). They leave every list, so every program, assessment and list of the company is
 * reloaded.
 */
export function useDeleteTrainingUsers(companyId: string, trainingId: string) {
  return useMutation({
    mutationFn: (body: DeleteTrainingUsersRequest) =>
      apiFetch(`${trainingPath(companyId, trainingId)}/users/delete`, DeleteTrainingUsersResponse, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
