import { useMutation, useQuery } from '@tanstack/react-query';
import { ScimTokenCreated, ScimTokensResponse, type ScimTokenSave } from '@vigil/shared';
import { apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const base = (companyId: string) => `/companies/${encodeURIComponent(companyId)}/scim/tokens`;

export const scimKeys = {
  tokens: (companyId: string) => ['settings', companyId, 'scim-tokens'] as const,
};

/** GET /companies/{id}/scim/tokens: the company's SCIM tokens and the base URL to give the identity provider. */
export function useScimTokens(companyId: string) {
  return useQuery({
    queryKey: scimKeys.tokens(companyId),
    queryFn: ({ signal }) => apiFetch(base(companyId), ScimTokensResponse, { signal }),
  });
}

const refresh = (companyId: string) =>
  queryClient.invalidateQueries({ queryKey: scimKeys.tokens(companyId) });

/** POST: a new token; its value is in this answer only. */
export function useCreateScimToken(companyId: string) {
  return useMutation({
    mutationFn: (body: ScimTokenSave) =>
      apiFetch(base(companyId), ScimTokenCreated, { method: 'POST', body }),
    onSuccess: () => refresh(companyId),
  });
}

/** DELETE: revokes the token; provisioning with it stops at once. */
export function useRevokeScimToken(companyId: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${base(companyId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refresh(companyId),
  });
}
