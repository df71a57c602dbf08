import type { UseQueryResult } from '@tanstack/react-query';
import type { Company } from '@vigil/shared';
import { useEffect, useMemo, type Dispatch } from 'react';
import { useLists } from '../../employees/index.ts';
import { useChatChannels } from '../../integrations/index.ts';
import { channelOptions, usableChannelMask } from './channel-options.ts';
import { useNow } from './use-now.ts';
import { selectedAudience } from './wizard-naming.tsx';
import { useBrandedTitle } from '../../../lib/session/index.ts';

interface CampaignWizardSetup {
  company: Company;
  draft: { name: string; listIds: readonly string[] };
  /** Drops the lists deleted since the campaign was saved. */
  dispatch: Dispatch<{ type: 'keepLists'; existing: readonly string[] }>;
  /** The kind's count of the employees its lists reach (someone in two lists counted once). */
  useAudience: (
    companyId: string,
    listIds: readonly string[],
  ) => UseQueryResult<{ selectedUserCount: number }>;
  /** The page title's first part ("Create training", "Edit assessment"). */
  title: string;
}

/**
 * What every campaign wizard reads besides its own content: the time, the company's channels, the
 * employee lists it may reach and how many employees the chosen ones hold; and the page title.
 */
export function useCampaignWizard({ company, draft, dispatch, useAudience, title }: CampaignWizardSetup) {
  const now = useNow();
  const chat = useChatChannels(company.company_id);
  const channels = useMemo(() => channelOptions(company, chat.data), [company, chat.data]);
  const lists = useLists(company.company_id);
  useEffect(() => {
    if (lists.data) dispatch({ type: 'keepLists', existing: lists.data.rows.map((row) => row.id) });
  }, [lists.data, dispatch]);
  const audience = useAudience(company.company_id, draft.listIds);
  const { selectedLists, selectedUserCount } = selectedAudience(
    lists.data?.rows,
    draft.listIds,
    audience.data?.selectedUserCount,
  );
  useBrandedTitle(`${title} · ${draft.name}`);
  return { now, channels, selectedLists, selectedUserCount };
}

/**
 * The channels a new campaign may start on: the plan's, with Slack and Teams only when the server
 * says they are connected. Undefined until it has answered, so a remembered Slack or Teams choice is
 * neither dropped while loading nor kept when not connected; an unanswered request counts as not
 * connected.
 */
export function useUsableChannels(company: Company): number | undefined {
  const chat = useChatChannels(company.company_id);
  if (chat.isPending) return undefined;
  return usableChannelMask(channelOptions(company, chat.data));
}
