import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DeliveryEventRow, DeliveryUsersPage, type DeliveryUsersQuery } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';

/**
 * A campaign's delivery status, the same for every kind: `path` is the campaign's API path
 * (…/automations/{id}, …/assessments/{id}) and `key` its query key (`campaignKeys(area).one`), so a
 * refresh of the campaign reloads it.
 */
export interface CampaignDeliverySource {
  path: string;
  key: readonly unknown[];
}

/** GET {path}/deliveries: every first send, reminder and manual reminder with its status counts. */
export function useCampaignDeliveries(source: CampaignDeliverySource) {
  return useQuery({
    queryKey: [...source.key, 'deliveries'],
    queryFn: ({ signal }) => apiFetch(`${source.path}/deliveries`, z.array(DeliveryEventRow), { signal }),
  });
}

/** GET {path}/deliveries/{eventId}/users?q&status&p&n: one page of an event per employee and channel. */
export function useCampaignDeliveryUsers(
  source: CampaignDeliverySource,
  eventId: string,
  query: DeliveryUsersQuery,
) {
  return useQuery({
    queryKey: [...source.key, 'deliveries', eventId, query],
    queryFn: ({ signal }) =>
      apiFetch(
        withQuery(`${source.path}/deliveries/${encodeURIComponent(eventId)}/users`, query),
        DeliveryUsersPage,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
