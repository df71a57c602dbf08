import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  EmbedCategoriesResponse,
  EmbedVideo,
  EmbedVideosPage,
  PpvLogPage,
  PpvPreviewToken,
  PpvPurchaseResult,
  PpvStatus,
  type PpvPurchaseRequest,
  type PpvSettingsUpdate,
} from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const base = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;
const videoPath = (companyId: string, subjectId: string) =>
  `${base(companyId)}/ppv/videos/${encodeURIComponent(subjectId)}`;

export interface LogFilters {
  from: string;
  to: string;
  subjectId: string;
  /** '' all, '0' Other, '1' Signature, '2' View, '3' Error. */
  type: string;
}

export const ppvKeys = {
  all: (companyId: string) => ['ppv', companyId] as const,
  status: (companyId: string) => ['ppv', companyId, 'status'] as const,
  videos: (companyId: string, page: number, search: string) =>
    ['ppv', companyId, 'videos', page, search] as const,
  video: (companyId: string, subjectId: string) => ['ppv', companyId, 'video', subjectId] as const,
  log: (companyId: string, page: number, filters: LogFilters) =>
    ['ppv', companyId, 'log', page, filters] as const,
};

const refresh = (companyId: string) => queryClient.invalidateQueries({ queryKey: ppvKeys.all(companyId) });

/** GET /companies/{id}/ppv: the views, the key and the allowed domains; enabled false without PPV. */
export function usePpvStatus(companyId: string) {
  return useQuery({
    queryKey: ppvKeys.status(companyId),
    queryFn: ({ signal }) => apiFetch(`${base(companyId)}/ppv`, PpvStatus, { signal }),
  });
}

const setStatus = (companyId: string, status: PpvStatus) =>
  queryClient.setQueryData(ppvKeys.status(companyId), status);

/** POST …/ppv/trial: PPV with a few free views (/ppv-trial). */
export function useStartPpvTrial(companyId: string) {
  return useMutation({
    mutationFn: () => apiFetch(`${base(companyId)}/ppv/trial`, PpvStatus, { method: 'POST' }),
    onSuccess: (status) => {
      setStatus(companyId, status);
      void refresh(companyId);
    },
  });
}

/** PUT …/ppvkey: a new embed key; every snippet with the old one stops working. */
export function useRegenerateKey(companyId: string) {
  return useMutation({
    mutationFn: () => apiFetch(`${base(companyId)}/ppvkey`, PpvStatus, { method: 'PUT' }),
    onSuccess: (status) => setStatus(companyId, status),
  });
}

/** PUT …/ppv/settings: the domains whose pages may frame the player. */
export function useSavePpvSettings(companyId: string) {
  return useMutation({
    mutationFn: (body: PpvSettingsUpdate) =>
      apiFetch(`${base(companyId)}/ppv/settings`, PpvStatus, { method: 'PUT', body }),
    onSuccess: (status) => setStatus(companyId, status),
  });
}

/** GET …/ppv/videos: the embeddable videos, 20 a page, filtered on title or description. */
export function useEmbedVideos(companyId: string, page: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ppvKeys.videos(companyId, page, search),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page) });
      if (search) query.set('search', search);
      return apiFetch(`${base(companyId)}/ppv/videos?${query}`, EmbedVideosPage, { signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useEmbedVideo(companyId: string, subjectId: string, enabled: boolean) {
  return useQuery({
    queryKey: ppvKeys.video(companyId, subjectId),
    queryFn: ({ signal }) => apiFetch(videoPath(companyId, subjectId), EmbedVideo, { signal }),
    enabled,
  });
}

/** Generate Snippet (enabled true) and Disable Snippet (enabled false). */
export function useToggleSnippet(companyId: string) {
  return useMutation({
    mutationFn: ({ subjectId, enabled }: { subjectId: string; enabled: boolean }) =>
      apiFetch(`${videoPath(companyId, subjectId)}/status`, EmbedVideo, { method: 'PUT', body: { enabled } }),
    onSuccess: () => refresh(companyId),
  });
}

/** A preview token: the configurator's player plays without counting. */
export function usePreviewToken(companyId: string, subjectId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ppvKeys.video(companyId, subjectId), 'preview'],
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/ppv/preview`, PpvPreviewToken, {
        method: 'POST',
        body: { subjectId },
        signal,
      }),
    enabled,
    // Renewed well before its half hour runs out.
    staleTime: 10 * 60 * 1000,
    refetchInterval: 20 * 60 * 1000,
  });
}

export function logSearch(filters: LogFilters, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return query.toString();
}

/** GET …/ppv_log: the views log, newest first, a page at a time. */
export function usePpvLog(companyId: string, page: number, filters: LogFilters, enabled: boolean) {
  return useQuery({
    queryKey: ppvKeys.log(companyId, page, filters),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/ppv_log?${logSearch(filters, { page: String(page) })}`, PpvLogPage, {
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The filtered log as CSV: a plain link, so the session token goes in the query. */
export const ppvExportUrl = (companyId: string, filters: LogFilters, token: string) =>
  `/api${base(companyId)}/ppv/export/?${logSearch(filters, { token })}`;

/** POST …/ppv_transactions: more views, paid with the checked card's payment nonce. */
export function useBuyViews(companyId: string) {
  return useMutation({
    mutationFn: (body: PpvPurchaseRequest) =>
      apiFetch(`${base(companyId)}/ppv_transactions`, PpvPurchaseResult, { method: 'POST', body }),
    onSuccess: (result) => {
      setStatus(companyId, result.status);
    },
  });
}

/** Spec 3 §7: the public list of every category with its embeddable videos, in one language. */
export function useEmbedCategories(lang: string) {
  return useQuery({
    queryKey: ['embed-categories', lang],
    queryFn: () =>
      apiFetch(`/embed/categories?lang=${encodeURIComponent(lang)}`, EmbedCategoriesResponse, {
        auth: false,
      }),
    staleTime: 5 * 60_000,
  });
}
