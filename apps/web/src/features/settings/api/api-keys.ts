import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  ApiKey,
  ApiKeyCreated,
  ApiKeysResponse,
  AuditPage,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointsResponse,
  type ApiKeySave,
  type WebhookSave,
  type WebhookUpdate,
} from '@vigil/shared';
import { apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const base = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;

export const integrationKeys = {
  apiKeys: (companyId: string) => ['settings', companyId, 'apikeys'] as const,
  webhooks: (companyId: string) => ['settings', companyId, 'webhooks'] as const,
  deliveries: (companyId: string, endpointId: string) =>
    ['settings', companyId, 'webhooks', endpointId, 'deliveries'] as const,
  audit: (companyId: string, filters: AuditFilters) => ['settings', companyId, 'audit', filters] as const,
};

/** GET /companies/{id}/apikeys: the company's keys, each shown by its last characters. */
export function useApiKeys(companyId: string) {
  return useQuery({
    queryKey: integrationKeys.apiKeys(companyId),
    queryFn: ({ signal }) => apiFetch(`${base(companyId)}/apikeys`, ApiKeysResponse, { signal }),
  });
}

const refreshKeys = (companyId: string) =>
  queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(companyId) });

/** POST: a new key; its value is in this answer only. */
export function useCreateApiKey(companyId: string) {
  return useMutation({
    mutationFn: (body: ApiKeySave) =>
      apiFetch(`${base(companyId)}/apikeys`, ApiKeyCreated, { method: 'POST', body }),
    onSuccess: () => refreshKeys(companyId),
  });
}

export function useRenameApiKey(companyId: string) {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch(`${base(companyId)}/apikeys/${encodeURIComponent(id)}`, ApiKey, {
        method: 'PUT',
        body: { name },
      }),
    onSuccess: () => refreshKeys(companyId),
  });
}

export function useDeleteApiKey(companyId: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${base(companyId)}/apikeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refreshKeys(companyId),
  });
}

export function useWebhooks(companyId: string) {
  return useQuery({
    queryKey: integrationKeys.webhooks(companyId),
    queryFn: ({ signal }) => apiFetch(`${base(companyId)}/webhooks`, WebhookEndpointsResponse, { signal }),
  });
}

const refreshWebhooks = (companyId: string) =>
  queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks(companyId) });

/** POST: a new endpoint; its signing secret is in this answer only. */
export function useCreateWebhook(companyId: string) {
  return useMutation({
    mutationFn: (body: WebhookSave) =>
      apiFetch(`${base(companyId)}/webhooks`, WebhookEndpointCreated, { method: 'POST', body }),
    onSuccess: () => refreshWebhooks(companyId),
  });
}

/** PATCH: a new address or events, or paused and resumed. */
export function useUpdateWebhook(companyId: string) {
  return useMutation({
    mutationFn: ({ id, ...body }: WebhookUpdate & { id: string }) =>
      apiFetch(`${base(companyId)}/webhooks/${encodeURIComponent(id)}`, WebhookEndpoint, {
        method: 'PATCH',
        body,
      }),
    onSuccess: () => refreshWebhooks(companyId),
  });
}

/** POST …/test: a signed test event, tried once; the answer is the delivery with the endpoint's answer. */
export function useSendTestEvent(companyId: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${base(companyId)}/webhooks/${encodeURIComponent(id)}/test`, WebhookDelivery, {
        method: 'POST',
      }),
    onSuccess: (_delivery, id) =>
      queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(companyId, id) }),
  });
}

export function useDeleteWebhook(companyId: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${base(companyId)}/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refreshWebhooks(companyId),
  });
}

/** The latest deliveries of one endpoint with the answers they got. */
export function useWebhookDeliveries(companyId: string, endpointId: string | null) {
  return useQuery({
    queryKey: integrationKeys.deliveries(companyId, endpointId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(
        `${base(companyId)}/webhooks/${encodeURIComponent(endpointId!)}/deliveries`,
        WebhookDeliveriesResponse,
        { signal },
      ),
    enabled: endpointId !== null,
  });
}

export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export function auditSearch(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
}

/** GET /companies/{id}/audit: the audit log, newest first, a page at a time. */
export function useAuditLog(companyId: string, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: integrationKeys.audit(companyId, filters),
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) =>
      apiFetch(
        `${base(companyId)}/audit?${auditSearch(filters, pageParam ? { cursor: pageParam } : {})}`,
        AuditPage,
        { signal },
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** The filtered log as a CSV file: a plain link, so the session token goes in the query. */
export const auditCsvUrl = (companyId: string, filters: AuditFilters, token: string) =>
  `/api${base(companyId)}/audit/csv?${auditSearch(filters, { token })}`;
