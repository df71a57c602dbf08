import { IconClipboardCheck } from '@tabler/icons-react';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_TABS,
  type AssessmentListQuery,
  type AssessmentRow,
  type AssessmentTab,
} from '@vigil/shared';
import { CampaignListPage, type CampaignListKind } from '../../campaigns/index.ts';
import { ScormProgramsTable } from '../../scorm/index.ts';
import { useAssessments } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS, assessmentOpenPath } from '../assessment-paths.ts';
import { useAssessmentActions } from '../components/use-assessment-actions.ts';
import {
  ASSESSMENT_LIST_ADDRESS,
  ASSESSMENT_SORTS,
  type AssessmentFilters,
  type AssessmentSort,
} from './assessment-list-query.ts';
import { AssessmentsTable } from './assessments-table.tsx';

/** The SCORM assessments, in a table of their own under the All tab (spec 2 §2). */
function ScormAssessments({ companyId }: { companyId: string }) {
  return (
    <ScormProgramsTable
      kind="assessment"
      companyId={companyId}
      section="assessments"
      viewPath={ASSESSMENT_PATHS.view}
    />
  );
}

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
  address: ASSESSMENT_LIST_ADDRESS,
  useRows: useAssessments,
  useActions: useAssessmentActions,
  Table: AssessmentsTable,
  ScormTable: ScormAssessments,
};

/** /assessment and its tabs: the company's assessments, searched, filtered, sorted and paged. */
export function AssessmentListPage({ tab }: { tab: AssessmentTab }) {
  return <CampaignListPage kind={ASSESSMENT_LIST} tab={tab} />;
}
