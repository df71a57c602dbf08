import { IconFish } from '@tabler/icons-react';
import { CAMPAIGN_TABS, PHISHING_LIMITS, type PhishingRow } from '@vigil/shared';
import { CampaignListPage, type CampaignListKind } from '../../campaigns/index.ts';
import { usePhishingList, type PhishingListAddressQuery } from '../api/phishing-api.ts';
import { usePhishingActions } from '../components/use-phishing-actions.ts';
import { PHISHING_PATHS, phishingOpenPath, type PhishingListTab } from '../phishing-paths.ts';
import {
  PHISHING_LIST_ADDRESS,
  PHISHING_LIST_SORTS,
  type PhishingFilters,
  type PhishingSort,
} from './phishing-list-query.ts';
import { PhishingTable } from './phishing-table.tsx';

/** Phishing simulations as a campaign list (no SCORM packages: a simulation is a mail). */
const PHISHING_LIST: CampaignListKind<
  PhishingRow,
  PhishingListTab,
  PhishingSort,
  PhishingFilters,
  PhishingListAddressQuery
> = {
  section: 'phishing',
  icon: <IconFish />,
  emptyTestId: 'no-phishing',
  tabs: CAMPAIGN_TABS,
  pageSize: PHISHING_LIMITS.pageSize,
  sorts: PHISHING_LIST_SORTS,
  paths: { list: PHISHING_PATHS.list, tab: PHISHING_PATHS.tab, create: PHISHING_PATHS.create },
  openPath: phishingOpenPath,
  address: PHISHING_LIST_ADDRESS,
  useRows: usePhishingList,
  useActions: usePhishingActions,
  Table: PhishingTable,
};

/** /phishing and its tabs: the company's simulations, searched, filtered, sorted and paged. */
export function PhishingListPage({ tab }: { tab: PhishingListTab }) {
  return <CampaignListPage kind={PHISHING_LIST} tab={tab} />;
}
