import { IconClipboardCheck } from '@tabler/icons-react';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_TABS,
  type AssessmentListQuery,
  type AssessmentRow,
  type AssessmentTab,
} from '@vigil/shared';
import { CampaignListPage, type CampaignListKind } from '../../campaigns/index.ts';
import { useAssessments } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS, assessmentOpenPath } from '../assessment-paths.ts';
import { useAssessmentActions } from '../components/use-assessment-actions.ts';
import { AssessmentFilterModal } from './assessment-filter-modal.tsx';
import {
  activeFilterCount,
  ASSESSMENT_SORTS,
  changeListState,
  EMPTY_FILTERS,
  listStateParams,
  pickFilters,
  readListState,
  toListQuery,
  type AssessmentFilters,
  type AssessmentSort,
} from './assessment-list-query.ts';
import { AssessmentListTables } from './assessments-table.tsx';

/** Assessments as a campaign list (spec 2 §2 Assessment list). */
const ASSESSMENT_LIST: CampaignListKind<
  AssessmentRow,
  AssessmentTab,
  AssessmentSort,
  AssessmentFilters,
  AssessmentListQuery
> = {
  section: 'assessments',
  icon: <IconClipboardCheck />,
  emptyTestId: 'no-assessments',
  tabs: ASSESSMENT_TABS,
  pageSize: ASSESSMENT_LIMITS.pageSize,
  sorts: ASSESSMENT_SORTS,
  paths: ASSESSMENT_PATHS,
  openPath: assessmentOpenPath,
  address: {
    read: readListState,
    change: changeListState,
    params: listStateParams,
    pickFilters,
    activeFilterCount,
    emptyFilters: EMPTY_FILTERS,
    toQuery: toListQuery,
  },
  useRows: useAssessments,
  useActions: useAssessmentActions,
  Table: AssessmentListTables,
  FilterModal: AssessmentFilterModal,
};

/** /assessment and its tabs: the company's assessments, searched, filtered, sorted and paged. */
export function AssessmentListPage({ tab }: { tab: AssessmentTab }) {
  return <CampaignListPage kind={ASSESSMENT_LIST} tab={tab} />;
}
