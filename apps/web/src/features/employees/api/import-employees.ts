import { useMutation } from '@tanstack/react-query';
import { ImportResult, type CreateUsersBatchRequest } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { companyPath, refreshEmployees } from './employee-keys.ts';

export function importEmployees(companyId: string, body: CreateUsersBatchRequest, signal?: AbortSignal) {
  return apiFetch(`${companyPath(companyId)}/createUsersBatch`, ImportResult, {
    method: 'POST',
    body,
    signal,
  });
}

/**
 * POST /companies/{id}/createUsersBatch with preview false (admins): makes the change a preview showed,
 * sent with the same body (see preview-import.ts).
 */
export function useConfirmImport(companyId: string) {
  return useMutation({
    mutationFn: (body: Omit<CreateUsersBatchRequest, 'preview'>) =>
      importEmployees(companyId, { ...body, preview: false }),
    onSuccess: () => refreshEmployees(companyId),
  });
}
