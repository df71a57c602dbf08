import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  CanBeRemovedResult,
  CanEditResult,
  CardSetup,
  Estimate,
  PaymentClientToken,
  PlansResponse,
  SubscriptionOverview,
  SubscriptionRecord,
  type EstimateRequest,
  type PurchaseRequest,
} from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionKeys } from '../../../lib/session/index.ts';

const base = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;

export const billingKeys = {
  all: (companyId: string) => ['billing', companyId] as const,
  overview: (companyId: string) => ['billing', companyId, 'overview'] as const,
  plans: (companyId: string) => ['billing', companyId, 'plans'] as const,
  token: (companyId: string) => ['billing', companyId, 'token'] as const,
  estimate: (companyId: string, req: EstimateRequest) => ['billing', companyId, 'estimate', req] as const,
};

/** After a purchase or a change, everything about the company is read again (seats, banners, plan). */
export const refreshAfterChange = (companyId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all(companyId) }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.myCompanies }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.company(companyId) }),
  ]);

export function useSubscriptionOverview(companyId: string) {
  return useQuery({
    queryKey: billingKeys.overview(companyId),
    queryFn: ({ signal }) => apiFetch(`${base(companyId)}/subscriptions`, SubscriptionOverview, { signal }),
  });
}

export function usePlans(companyId: string) {
  return useQuery({
    queryKey: billingKeys.plans(companyId),
    queryFn: ({ signal }) => apiFetch(`${base(companyId)}/subscriptions/plans`, PlansResponse, { signal }),
    retry: false,
  });
}

export function usePaymentToken(companyId: string) {
  return useQuery({
    queryKey: billingKeys.token(companyId),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/subscriptions/braintreetoken`, PaymentClientToken, { signal }),
    staleTime: Infinity,
  });
}

/** The estimate of a choice; `req` null while nothing is chosen. Keeps showing the last one while the next loads. */
export function useEstimate(companyId: string, req: EstimateRequest | null) {
  return useQuery({
    queryKey: billingKeys.estimate(companyId, req ?? { planId: '', seats: 0 }),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/subscriptions/estimate`, Estimate, { method: 'POST', body: req!, signal }),
    enabled: req !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export const checkPlanChange = (companyId: string, subscriptionCode: string, newSeats: number) =>
  apiFetch(`${base(companyId)}/subscriptions/canEditSubscriptionPlan`, CanEditResult, {
    method: 'POST',
    body: { subscriptionCode, newSeats },
  });

export const checkSeatReduction = (companyId: string, newSeats: number) =>
  apiFetch(`${base(companyId)}/subscriptions/canReduceSeats`, CanEditResult, {
    method: 'POST',
    body: { newSeats },
  });

export const checkRemoval = (companyId: string) =>
  apiFetch(`${base(companyId)}/subscriptions/canBeRemoved`, CanBeRemovedResult);

export const setupCard = (
  companyId: string,
  body: { card?: { number: string; expiry: string; cvc: string }; amount: number },
) => apiFetch(`${base(companyId)}/subscriptions/card`, CardSetup, { method: 'POST', body });

export const confirmTestCard = (companyId: string, clientSecret: string, approve: boolean) =>
  apiFetch(`${base(companyId)}/subscriptions/card/confirm`, CardSetup, {
    method: 'POST',
    body: { clientSecret, approve },
  });

export const purchase = (companyId: string, body: PurchaseRequest, change: boolean) =>
  apiFetch(`${base(companyId)}/subscriptions`, SubscriptionRecord, { method: change ? 'PUT' : 'POST', body });

export function useDeactivate(companyId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${base(companyId)}/deactivateSubscription`, SubscriptionOverview, { method: 'PUT' }),
    onSuccess: () => refreshAfterChange(companyId),
  });
}

export function useReactivate(companyId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${base(companyId)}/reactivateSubscription`, SubscriptionOverview, { method: 'PUT' }),
    onSuccess: () => refreshAfterChange(companyId),
  });
}

export function usePortalSession(companyId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${base(companyId)}/create_portal_session`, z.object({ url: z.string().nullable() }), {
        method: 'POST',
      }),
  });
}

/** A plain link (it cannot send a header), so the session token goes in the query. */
export const invoicePdfUrl = (companyId: string, invoiceId: string, token: string) =>
  `/api${base(companyId)}/subscriptions/invoices/${encodeURIComponent(invoiceId)}/pdf?token=${encodeURIComponent(token)}`;
