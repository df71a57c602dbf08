import { IconSchool } from '@tabler/icons-react';
import {
  TRAINING_LIMITS,
  TRAINING_TABS,
  type TrainingListQuery,
  type TrainingRow,
  type TrainingTab,
} from '@vigil/shared';
import { CampaignListPage, type CampaignListKind } from '../../campaigns/index.ts';
import { ScormProgramsTable } from '../../scorm/index.ts';
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

/** The SCORM programs, in a table of their own under the All tab (spec 2 §2). */
function ScormTrainings({ companyId }: { companyId: string }) {
  return (
    <ScormProgramsTable
      kind="training"
      companyId={companyId}
      section="trainings"
      viewPath={TRAINING_PATHS.view}
    />
  );
}

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
  ScormTable: ScormTrainings,
};

/** /trainings and its tabs: the company's training programs, searched, filtered, sorted and paged. */
export function TrainingListPage({ tab }: { tab: TrainingTab }) {
  return <CampaignListPage kind={TRAINING_LIST} tab={tab} />;
}
