import { TRAINING_LIMITS, TrainingListQuery, type TrainingTab } from '@vigil/shared';
import { campaignListAddress } from '../../../lib/campaign-list-address.ts';

export type TrainingSort = 'updated' | 'start' | 'end';
export const TRAINING_SORTS: readonly TrainingSort[] = ['updated', 'start', 'end'];

/** The filters of the filter modal (spec 2 §5 Filters); dates are calendar days (YYYY-MM-DD). */
export interface TrainingFilters {
  listId: string;
  subjectId: string;
  startFrom: string;
  startTo: string;
  endFrom: string;
  endTo: string;
}

/** The training list's address: employee list, subject, and start and end date ranges (spec 2 §2). */
export const TRAINING_LIST_ADDRESS = campaignListAddress<
  TrainingFilters,
  TrainingSort,
  TrainingTab,
  TrainingListQuery
>({
  shape: TrainingListQuery.shape,
  pageSize: TRAINING_LIMITS.pageSize,
  choices: ['subjectId'],
  ranges: [
    { from: 'startFrom', to: 'startTo', legend: 'startDate' },
    { from: 'endFrom', to: 'endTo', legend: 'endDate' },
  ],
});
