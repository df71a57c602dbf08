import { ASSESSMENT_LIMITS, AssessmentListQuery, type AssessmentTab } from '@vigil/shared';
import { campaignListAddress } from '../../../lib/campaign-list-address.ts';

export type AssessmentSort = 'updated' | 'delivery' | 'due';
export const ASSESSMENT_SORTS: readonly AssessmentSort[] = ['updated', 'delivery', 'due'];

/** The filter modal's fields (spec 2 §2 Assessment list); dates are calendar days (YYYY-MM-DD). */
export interface AssessmentFilters {
  listId: string;
  deliveryFrom: string;
  deliveryTo: string;
  dueFrom: string;
  dueTo: string;
}

/** The assessment list's address: employee list, and delivery and due date ranges (spec 2 §2). */
export const ASSESSMENT_LIST_ADDRESS = campaignListAddress<
  AssessmentFilters,
  AssessmentSort,
  AssessmentTab,
  AssessmentListQuery
>({
  shape: AssessmentListQuery.shape,
  pageSize: ASSESSMENT_LIMITS.pageSize,
  choices: [],
  ranges: [
    { from: 'deliveryFrom', to: 'deliveryTo', legend: 'deliveryDate' },
    { from: 'dueFrom', to: 'dueTo', legend: 'dueDate' },
  ],
});
