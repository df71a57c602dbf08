import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  CanBeRemovedResult,
  CanEditResult,
  CardSetup,
  PartnerCompaniesPage,
  PartnerCompanyDetail,
  PartnerCompanyFeatures,
  PartnerEstimate,
  PartnerOverview,
  PartnerPlansResponse,
  PortalSession,
  type ManagerCreate,
  type PartnerBrandingUpdate,
  type PartnerCanEditRequest,
  type PartnerCompanyForm,
  type PartnerCompanyUpdate,
  type PartnerEstimateRequest,
  type PartnerFeaturesUpdate,
  type PartnerReactivateRequest,
} from '@vigil/shared';
import { apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionKeys } from '../../../lib/session/index.ts';

const base = (partnerId: string) => `/partners/${encodeURIComponent(partnerId)}`;
const companyPath = (partnerId: string, companyId: string) =>
  `${base(partnerId)}/companies/${encodeURIComponent(companyId)}`;

export const partnerKeys = {
  all: (partnerId: string) => ['partners', partnerId] as const,
  overview: (partnerId: string) => ['partners', partnerId, 'overview'] as const,
  plans: (partnerId: string) => ['partners', partnerId, 'plans'] as const,
  companies: (partnerId: string, page: number, search: string) =>
    ['partners', partnerId, 'companies', page, search] as const,
  company: (partnerId: string, companyId: string) => ['partners', partnerId, 'company', companyId] as const,
  features: (partnerId: string, companyId: string) =>
    ['partners', partnerId, 'company', companyId, 'features'] as const,
  estimate: (partnerId: string, req: PartnerEstimateRequest | null) =>
    ['partners', partnerId, 'estimate', req] as const,
};

/** After any change: the partner's lists, overview and dues, and the user menu's company list. */
const refreshPartner = (partnerId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: partnerKeys.all(partnerId) }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.partnerCompanies(partnerId) }),
  ]);

/** A changed company's answer is its detail: shown at once, and everything else read again. */
const storeDetail = (partnerId: string) => async (detail: PartnerCompanyDetail) => {
  queryClient.setQueryData(partnerKeys.company(partnerId, detail.company_id), detail);
  await refreshPartner(partnerId);
};

export function usePartnerOverview(partnerId: string) {
  return useQuery({
    queryKey: partnerKeys.overview(partnerId),
    queryFn: ({ signal }) => apiFetch(`${base(partnerId)}/overview`, PartnerOverview, { signal }),
  });
}

export function usePartnerPlans(partnerId: string) {
  return useQuery({
    queryKey: partnerKeys.plans(partnerId),
    queryFn: ({ signal }) => apiFetch(`${base(partnerId)}/plans`, PartnerPlansResponse, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The companies list, 20 a page by name; the last page stays on screen while the next loads. */
export function usePartnerCompaniesPage(partnerId: string, page: number, search: string) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return useQuery({
    queryKey: partnerKeys.companies(partnerId, page, search),
    queryFn: ({ signal }) =>
      apiFetch(`${base(partnerId)}/companies?${query.toString()}`, PartnerCompaniesPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePartnerCompany(partnerId: string, companyId: string) {
  return useQuery({
    queryKey: partnerKeys.company(partnerId, companyId),
    queryFn: ({ signal }) => apiFetch(companyPath(partnerId, companyId), PartnerCompanyDetail, { signal }),
  });
}

/** The partner estimate of a choice (null while the form is incomplete); the last one stays meanwhile. */
export function usePartnerEstimate(partnerId: string, req: PartnerEstimateRequest | null) {
  return useQuery({
    queryKey: partnerKeys.estimate(partnerId, req),
    queryFn: ({ signal }) =>
      apiFetch(`${base(partnerId)}/estimate`, PartnerEstimate, { method: 'POST', body: req!, signal }),
    enabled: req !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useCreatePartnerCompany(partnerId: string) {
  return useMutation({
    mutationFn: (body: PartnerCompanyForm) =>
      apiFetch(`${base(partnerId)}/companies`, PartnerCompanyDetail, { method: 'POST', body }),
    onSuccess: storeDetail(partnerId),
  });
}

export function useUpdatePartnerCompany(partnerId: string, companyId: string) {
  return useMutation({
    mutationFn: (body: PartnerCompanyUpdate) =>
      apiFetch(companyPath(partnerId, companyId), PartnerCompanyDetail, { method: 'PUT', body }),
    onSuccess: storeDetail(partnerId),
  });
}

export function useChangeSubscription(partnerId: string, companyId: string) {
  return useMutation({
    mutationFn: (body: PartnerCompanyForm) =>
      apiFetch(`${companyPath(partnerId, companyId)}/subscription`, PartnerCompanyDetail, {
        method: 'PUT',
        body,
      }),
    onSuccess: storeDetail(partnerId),
  });
}

export function useDeactivateCompany(partnerId: string, companyId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${companyPath(partnerId, companyId)}/deactivate`, PartnerCompanyDetail, { method: 'PUT' }),
    onSuccess: storeDetail(partnerId),
  });
}

export function useReactivateCompany(partnerId: string, companyId: string) {
  return useMutation({
    mutationFn: (body: PartnerReactivateRequest) =>
      apiFetch(`${companyPath(partnerId, companyId)}/reactivate`, PartnerCompanyDetail, {
        method: 'PUT',
        body,
      }),
    onSuccess: storeDetail(partnerId),
  });
}

export function useDeleteCompany(partnerId: string, companyId: string) {
  return useMutation({
    mutationFn: () => apiRequest(companyPath(partnerId, companyId), { method: 'DELETE' }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: partnerKeys.company(partnerId, companyId) });
      await refreshPartner(partnerId);
    },
  });
}

export const checkCanBeRemoved = (partnerId: string, companyId: string) =>
  apiFetch(`${companyPath(partnerId, companyId)}/can-be-removed`, CanBeRemovedResult);

export const checkCanEdit = (partnerId: string, companyId: string, body: PartnerCanEditRequest) =>
  apiFetch(`${companyPath(partnerId, companyId)}/can-edit`, CanEditResult, { method: 'POST', body });

export function useAddPartnerManager(partnerId: string, companyId: string) {
  return useMutation({
    mutationFn: (body: ManagerCreate) =>
      apiFetch(`${companyPath(partnerId, companyId)}/managers`, PartnerCompanyDetail, {
        method: 'POST',
        body,
      }),
    onSuccess: storeDetail(partnerId),
  });
}

export function useRemovePartnerManager(partnerId: string, companyId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch(
        `${companyPath(partnerId, companyId)}/managers/${encodeURIComponent(userId)}`,
        PartnerCompanyDetail,
        { method: 'DELETE' },
      ),
    onSuccess: storeDetail(partnerId),
  });
}

export function useUpdateBranding(partnerId: string, companyId: string) {
  return useMutation({
    mutationFn: (body: PartnerBrandingUpdate) =>
      apiFetch(`${companyPath(partnerId, companyId)}/branding`, PartnerCompanyDetail, {
        method: 'PUT',
        body,
      }),
    onSuccess: async (detail) => {
      await storeDetail(partnerId)(detail);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.company(companyId) });
    },
  });
}

export function usePartnerFeatures(partnerId: string, companyId: string) {
  return useQuery({
    queryKey: partnerKeys.features(partnerId, companyId),
    queryFn: ({ signal }) =>
      apiFetch(`${companyPath(partnerId, companyId)}/features`, PartnerCompanyFeatures, { signal }),
  });
}

export function useSavePartnerFeatures(partnerId: string, companyId: string) {
  return useMutation({
    mutationFn: (body: PartnerFeaturesUpdate) =>
      apiFetch(`${companyPath(partnerId, companyId)}/features`, PartnerCompanyFeatures, {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(partnerKeys.features(partnerId, companyId), saved);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.company(companyId) });
    },
  });
}

/** The card step of the partner's dues (the test provider's 3-D Secure answer in confirmPartnerCard). */
export const setupPartnerCard = (
  partnerId: string,
  body: { card?: { number: string; expiry: string; cvc: string }; amount: number },
) => apiFetch(`${base(partnerId)}/card`, CardSetup, { method: 'POST', body });

export const confirmPartnerCard = (partnerId: string, clientSecret: string, approve: boolean) =>
  apiFetch(`${base(partnerId)}/card/confirm`, CardSetup, { method: 'POST', body: { clientSecret, approve } });

/**
 * Pays the dues with a new card (the payment nonce of its card step, then kept on file) or the card on
 * file; the answer is the overview after it.
 */
export function useCollectPayment(partnerId: string) {
  return useMutation({
    mutationFn: (paymentNonce?: string) =>
      apiFetch(`${base(partnerId)}/collect`, PartnerOverview, {
        method: 'POST',
        body: paymentNonce ? { paymentNonce } : {},
      }),
    onSuccess: (overview) => {
      queryClient.setQueryData(partnerKeys.overview(partnerId), overview);
      return refreshPartner(partnerId);
    },
  });
}

export function usePartnerPortal(partnerId: string) {
  return useMutation({
    mutationFn: () => apiFetch(`${base(partnerId)}/create_portal_session`, PortalSession, { method: 'POST' }),
  });
}
