import { IconSchool } from '@tabler/icons-react';
import {
  TRAINING_LIMITS,
  TRAINING_TABS,
  type TrainingListQuery,
  type TrainingRow,
  type TrainingTab,
} from '@vigil/shared';
import { CampaignListPage, type CampaignListKind } from '../../campaigns/index.ts';
import { useTrainings } from '../api/get-trainings.ts';
import { useTrainingActions } from '../components/use-training-actions.ts';
import { TRAINING_PATHS, trainingOpenPath } from '../training-paths.ts';
import {
  TRAINING_LIST_ADDRESS,
  TRAINING_SORTS,
  type TrainingFilters,
  type TrainingSort,
} from './training-list-query.ts';
import { SubjectFilter } from './subject-filter.tsx';
import { TrainingsTable } from './trainings-table.tsx';

/** Training programs as a campaign list (spec 2 §2 Training list). */
const TRAINING_LIST: CampaignListKind<
  TrainingRow,
  TrainingTab,
  TrainingSort,
  TrainingFilters,
  TrainingListQuery
> = {
  section: 'trainings',
  icon: <IconSchool />,
  emptyTestId: 'no-trainings',
  tabs: TRAINING_TABS,
  pageSize: TRAINING_LIMITS.pageSize,
  sorts: TRAINING_SORTS,
  paths: TRAINING_PATHS,
  openPath: trainingOpenPath,
  address: TRAINING_LIST_ADDRESS,
  useRows: useTrainings,
  useActions: useTrainingActions,
  Table: TrainingsTable,
  FilterChoices: SubjectFilter,
};

/** /trainings and its tabs: the company's training programs, searched, filtered, sorted and paged. */
export function TrainingListPage({ tab }: { tab: TrainingTab }) {
  return <CampaignListPage kind={TRAINING_LIST} tab={tab} />;
}
