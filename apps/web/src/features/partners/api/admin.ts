import { useMutation, useQuery } from '@tanstack/react-query';
import {
  AdminCompany,
  AdminPartner,
  AdminPartnersResponse,
  type AdminAttachCompany,
  type AdminCompanyCreate,
  type AdminPartnerCreate,
} from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const partnersKey = ['admin', 'partners'] as const;
const refresh = () => queryClient.invalidateQueries({ queryKey: partnersKey });

/** GET /admin/partners: every partner account (super-admins). */
export function useAdminPartners() {
  return useQuery({
    queryKey: partnersKey,
    queryFn: ({ signal }) => apiFetch('/admin/partners', AdminPartnersResponse, { signal }),
  });
}

export function useCreatePartner() {
  return useMutation({
    mutationFn: (body: AdminPartnerCreate) =>
      apiFetch('/admin/partners', AdminPartner, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useCreateCompany() {
  return useMutation({
    mutationFn: (body: AdminCompanyCreate) =>
      apiFetch('/admin/companies', AdminCompany, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useAttachCompany() {
  return useMutation({
    mutationFn: ({ companyId, ...body }: AdminAttachCompany & { companyId: string }) =>
      apiFetch(`/admin/companies/${encodeURIComponent(companyId)}/partner`, AdminCompany, {
        method: 'PUT',
        body,
      }),
    onSuccess: refresh,
  });
}
