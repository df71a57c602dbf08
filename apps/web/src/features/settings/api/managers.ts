import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ManagerRow, ManagersResponse, type ManagerCreate, type ManagerUpdate } from '@vigil/shared';
import { apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionKeys } from '../../../lib/session/index.ts';

const base = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;
const managerPath = (companyId: string, userId: string) =>
  `${base(companyId)}/managers/${encodeURIComponent(userId)}`;

export const managersKey = (companyId: string) => ['settings', 'managers', companyId] as const;

export const managersQuery = (companyId: string) =>
  queryOptions({
    queryKey: managersKey(companyId),
    queryFn: ({ signal }) => apiFetch(`${base(companyId)}/managers`, ManagersResponse, { signal }),
  });

/** GET /companies/{id}/managers */
export const useManagers = (companyId: string) => useQuery(managersQuery(companyId));

/** After a change: the list again, and the company (its managers[] and the viewer's own role). */
async function refresh(companyId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: managersKey(companyId) }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.myCompanies }),
  ]);
}

export function useAddManager(companyId: string) {
  return useMutation({
    mutationFn: (body: ManagerCreate) =>
      apiFetch(`${base(companyId)}/managers`, ManagerRow, { method: 'POST', body }),
    onSuccess: () => refresh(companyId),
  });
}

export function useChangeManager(companyId: string) {
  return useMutation({
    mutationFn: ({ userId, ...body }: ManagerUpdate & { userId: string }) =>
      apiFetch(managerPath(companyId, userId), ManagerRow, { method: 'PUT', body }),
    onSuccess: () => refresh(companyId),
  });
}

export function useRemoveManager(companyId: string) {
  return useMutation({
    mutationFn: (userId: string) => apiRequest(managerPath(companyId, userId), { method: 'DELETE' }),
    onSuccess: () => refresh(companyId),
  });
}

export function useSendLoginLink(companyId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch(`${managerPath(companyId, userId)}/login_link`, z.object({ status: z.literal('sent') }), {
        method: 'POST',
      }),
  });
}

export function useSetBillingManager(companyId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch(`${base(companyId)}/set_billing_manager`, ManagersResponse, {
        method: 'POST',
        body: { userId },
      }),
    onSuccess: (answer) => queryClient.setQueryData(managersKey(companyId), answer),
  });
}
