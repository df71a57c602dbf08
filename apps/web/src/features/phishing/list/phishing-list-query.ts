import { PHISHING_LIMITS, PhishingListQuery } from '@vigil/shared';
import { campaignListAddress } from '../../../lib/campaign-list-address.ts';
import type { PhishingListAddressQuery } from '../api/phishing-api.ts';
import type { PhishingListTab } from '../phishing-paths.ts';

export type PhishingSort = 'updated' | 'created' | 'windowStart' | 'phishProne' | 'name';
export const PHISHING_LIST_SORTS: readonly PhishingSort[] = [
  'updated',
  'windowStart',
  'phishProne',
  'created',
  'name',
];

/** The filter modal's one field: the employee list. */
export interface PhishingFilters {
  listId: string;
}

/** The simulation list's address: search, sort (the API's `order`), page and employee list. */
export const PHISHING_LIST_ADDRESS = campaignListAddress<
  PhishingFilters,
  PhishingSort,
  PhishingListTab,
  PhishingListAddressQuery
>({
  shape: { ...PhishingListQuery.shape, sort: PhishingListQuery.shape.order },
  pageSize: PHISHING_LIMITS.pageSize,
  choices: [],
  ranges: [],
});
