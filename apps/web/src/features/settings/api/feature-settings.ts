import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  FeatureSettings,
  GlobalScoreRanges,
  type FeatureSettingsUpdate,
  type GlobalScoreRanges as GlobalScoreRangesValue,
} from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionKeys } from '../../../lib/session/index.ts';

const featuresPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;

export const featureKeys = {
  company: (companyId: string) => ['feature-settings', companyId] as const,
  global: ['feature-settings', 'global-score-ranges'] as const,
};

export const featureSettingsQuery = (companyId: string) =>
  queryOptions({
    queryKey: featureKeys.company(companyId),
    queryFn: ({ signal }) => apiFetch(`${featuresPath(companyId)}/features`, FeatureSettings, { signal }),
  });

/** GET /companies/{id}/features (super-admins). */
export const useFeatureSettings = (companyId: string) => useQuery(featureSettingsQuery(companyId));

/** What a change of feature settings changes elsewhere: the company as the shell and pages read it. */
function savedFeatures(saved: FeatureSettings): void {
  queryClient.setQueryData(featureKeys.company(saved.companyId), saved);
  void queryClient.invalidateQueries({ queryKey: sessionKeys.myCompanies });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.company(saved.companyId) });
}

/** PUT /companies/{id}/features */
export function useSaveFeatureSettings(companyId: string) {
  return useMutation({
    mutationFn: (body: FeatureSettingsUpdate) =>
      apiFetch(`${featuresPath(companyId)}/features`, FeatureSettings, { method: 'PUT', body }),
    onSuccess: savedFeatures,
  });
}

/** PUT /companies/{id}/favicon (multipart): a PNG or ICO. */
export function useUploadFavicon(companyId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return apiFetch(`${featuresPath(companyId)}/favicon`, FeatureSettings, { method: 'PUT', body });
    },
    onSuccess: savedFeatures,
  });
}

/** POST /companies/{id}/remove_favicon */
export function useRemoveFavicon(companyId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${featuresPath(companyId)}/remove_favicon`, FeatureSettings, { method: 'POST' }),
    onSuccess: savedFeatures,
  });
}

/** PUT /admin/score-ranges: the global ranges; every company's bands may change with them. */
export function useSaveGlobalScoreRanges() {
  return useMutation({
    mutationFn: (body: GlobalScoreRangesValue) =>
      apiFetch('/admin/score-ranges', GlobalScoreRanges, { method: 'PUT', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['feature-settings'] });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.myCompanies });
    },
  });
}
