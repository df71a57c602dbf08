import { useMutation, useQuery } from '@tanstack/react-query';
import {
  chatPath,
  ChatChannels,
  SlackSettings,
  TeamsSettings,
  type ChatProduct,
  type SlackCallback,
  type SlackSettingsSave,
  type TeamsSettingsSave,
} from '@vigil/shared';
import { apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { directoryKeys, refreshIntegrations } from './integrations.ts';

/** Slack and Teams (modules/chat on the server); under the integrations' keys, so a refresh reloads them. */
const chatKeys = {
  channels: (companyId: string) => [...directoryKeys.all(companyId), 'chat', 'channels'] as const,
  settings: (companyId: string, product: ChatProduct) =>
    [...directoryKeys.all(companyId), 'chat', product] as const,
};

/** Which chat channels the wizards may offer: available in the plan and connected. */
export function useChatChannels(companyId: string) {
  return useQuery({
    queryKey: chatKeys.channels(companyId),
    queryFn: ({ signal }) => apiFetch(chatPath('channels', companyId), ChatChannels, { signal }),
  });
}

export function useSlackSettings(companyId: string) {
  return useQuery({
    queryKey: chatKeys.settings(companyId, 'slack'),
    queryFn: ({ signal }) => apiFetch(chatPath('slack', companyId), SlackSettings, { signal }),
  });
}

/** Hands Slack's redirect (code and state) to the server, which finishes 'Add to Slack'. */
export function useFinishSlackConnect(companyId: string) {
  return useMutation({
    mutationFn: (body: SlackCallback) =>
      apiFetch(chatPath('slackCallback', companyId), SlackSettings, { method: 'POST', body }),
    onSettled: () => refreshIntegrations(companyId),
  });
}

export function useSaveSlackSettings(companyId: string) {
  return useMutation({
    mutationFn: (body: SlackSettingsSave) =>
      apiFetch(chatPath('slack', companyId), SlackSettings, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(chatKeys.settings(companyId, 'slack'), data),
  });
}

export function useTeamsSettings(companyId: string) {
  return useQuery({
    queryKey: chatKeys.settings(companyId, 'teams'),
    queryFn: ({ signal }) => apiFetch(chatPath('teams', companyId), TeamsSettings, { signal }),
  });
}

export function useSaveTeamsSettings(companyId: string) {
  return useMutation({
    mutationFn: (body: TeamsSettingsSave) =>
      apiFetch(chatPath('teams', companyId), TeamsSettings, { method: 'PUT', body }),
    onSettled: () => refreshIntegrations(companyId),
  });
}

export function useUnlinkChat(companyId: string, product: ChatProduct) {
  return useMutation({
    mutationFn: () =>
      apiRequest(chatPath(product === 'slack' ? 'slackUnlink' : 'teamsUnlink', companyId), {
        method: 'POST',
      }),
    onSuccess: () => refreshIntegrations(companyId),
  });
}
