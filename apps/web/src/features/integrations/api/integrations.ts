import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AzureSettings,
  ConnectionTest,
  DirectoryGroupsPage,
  directoryPath,
  GoogleSettings,
  IntegrationsOverview,
  SyncAnswer,
  SyncHistory,
  SyncLog,
  type AzureConnect,
  type DirectoryProduct,
  type GoogleConnect,
  type GoogleSettingsSave,
  type RulesSave,
} from '@vigil/shared';
import { apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const directoryKeys = {
  all: (companyId: string) => ['integrations', companyId] as const,
  overview: (companyId: string) => ['integrations', companyId, 'overview'] as const,
  settings: (companyId: string, product: DirectoryProduct) =>
    ['integrations', companyId, product, 'settings'] as const,
  groups: (companyId: string, product: DirectoryProduct, filter: string, skip: string | undefined) =>
    ['integrations', companyId, product, 'groups', filter, skip ?? ''] as const,
  syncs: (companyId: string, product: DirectoryProduct) =>
    ['integrations', companyId, product, 'syncs'] as const,
  log: (companyId: string, syncId: string | null) =>
    ['integrations', companyId, 'google', 'log', syncId] as const,
};

/** Everything an integration's page shows is loaded again (a saved form, a finished sync). */
export const refreshIntegrations = (companyId: string) =>
  queryClient.invalidateQueries({ queryKey: directoryKeys.all(companyId) });

/** GET the overview's cards (spec 3 §3 Integration). */
export function useIntegrationsOverview(companyId: string) {
  return useQuery({
    queryKey: directoryKeys.overview(companyId),
    queryFn: ({ signal }) => apiFetch(directoryPath('overview', companyId), IntegrationsOverview, { signal }),
  });
}

export function useAzureSettings(companyId: string) {
  return useQuery({
    queryKey: directoryKeys.settings(companyId, 'azure'),
    queryFn: ({ signal }) => apiFetch(directoryPath('data', companyId, 'azure'), AzureSettings, { signal }),
  });
}

export function useGoogleSettings(companyId: string) {
  return useQuery({
    queryKey: directoryKeys.settings(companyId, 'google'),
    queryFn: ({ signal }) => apiFetch(directoryPath('data', companyId, 'google'), GoogleSettings, { signal }),
  });
}

/** POST connect: saves the credentials and tries them; the answer says whether the directory let us in. */
export function useConnect(companyId: string, product: DirectoryProduct) {
  return useMutation({
    mutationFn: (body: AzureConnect | GoogleConnect) =>
      apiFetch(directoryPath('connect', companyId, product), ConnectionTest, { method: 'POST', body }),
    onSettled: () => refreshIntegrations(companyId),
  });
}

/** POST test: tries the saved credentials again. */
export function useTestConnection(companyId: string, product: DirectoryProduct) {
  return useMutation({
    mutationFn: () => apiFetch(directoryPath('test', companyId, product), ConnectionTest, { method: 'POST' }),
  });
}

/** PUT the Google switches: enabled, test mode. */
export function useSaveGoogleSettings(companyId: string) {
  return useMutation({
    mutationFn: (body: GoogleSettingsSave) =>
      apiRequest(directoryPath('data', companyId, 'google'), { method: 'PUT', body }),
    onSettled: () => refreshIntegrations(companyId),
  });
}

/** PUT the whole set of groups to sync (a group left out is no longer synced). */
export function useSaveRules(companyId: string, product: DirectoryProduct) {
  return useMutation({
    mutationFn: (body: RulesSave) =>
      apiRequest(directoryPath('rules', companyId, product), { method: 'PUT', body }),
    onSettled: () => refreshIntegrations(companyId),
  });
}

/** POST sync: a preview (nothing written) or a started run whose progress comes over the socket. */
export function useSync(companyId: string, product: DirectoryProduct) {
  return useMutation({
    mutationFn: (preview: boolean) =>
      apiFetch(directoryPath('sync', companyId, product), SyncAnswer, { method: 'POST', body: { preview } }),
    onSuccess: (answer) => {
      if (answer.syncId) void refreshIntegrations(companyId);
    },
  });
}

export function useUnlink(companyId: string, product: DirectoryProduct) {
  return useMutation({
    mutationFn: () => apiRequest(directoryPath('unlink', companyId, product), { method: 'POST' }),
    onSuccess: () => refreshIntegrations(companyId),
  });
}

/** One page of the directory's groups (Azure: 10 a page), searched by `filter`, continued by `skip`. */
export function useDirectoryGroups(
  companyId: string,
  product: DirectoryProduct,
  filter: string,
  skip: string | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: directoryKeys.groups(companyId, product, filter, skip),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (product === 'azure') params.set('top', '10');
      if (skip) params.set('skip', skip);
      if (filter) params.set('filter', filter);
      return apiFetch(`${directoryPath('groups', companyId, product)}?${params}`, DirectoryGroupsPage, {
        signal,
      });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSyncHistory(companyId: string, product: DirectoryProduct) {
  return useQuery({
    queryKey: directoryKeys.syncs(companyId, product),
    queryFn: ({ signal }) => apiFetch(directoryPath('syncs', companyId, product), SyncHistory, { signal }),
  });
}

/** The Google sync log of one run (the latest when none is given). */
export function useGoogleSyncLog(companyId: string, syncId: string | null) {
  return useQuery({
    queryKey: directoryKeys.log(companyId, syncId),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ token: '0' });
      if (syncId) params.set('lastSyncId', syncId);
      return apiFetch(`${directoryPath('googleLogs', companyId)}?${params}`, SyncLog, { signal });
    },
  });
}
