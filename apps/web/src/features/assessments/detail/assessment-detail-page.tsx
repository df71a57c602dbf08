import { IconClipboardOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { isClientError } from '../../../lib/api-error.ts';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { DetailSkeleton } from '../../campaigns/index.ts';
import { useAssessment } from '../api/assessments-api.ts';
import { AssessmentDetail } from './assessment-detail.tsx';
import { ASSESSMENT_REPORT_PATHS, parseAssessmentRef, parseDetailTab } from './report-paths.ts';

/** "Assessment not found :(" with the way back to the list (spec 2 §2). */
export function AssessmentNotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconClipboardOff size={36} />}
      color="gray"
      title={t('assessmentReports.notFound')}
      message={t('assessmentReports.notFoundText')}
      action={{ to: ASSESSMENT_REPORT_PATHS.list, label: t('assessmentReports.back') }}
      testId="assessment-not-found"
    />
  );
}

/**
 * /assessment/{id}/view[/{tab}] and /assessment/p{id}/view (SCORM): the assessment's report. A draft
 * opens in the edit wizard for those who may edit it.
 */
export function AssessmentDetailPage() {
  const { ref, tab } = useParams();
  const { company_id: companyId } = useCompany();
  const isAdmin = useIsAdmin();
  const parsed = parseAssessmentRef(ref);
  const assessment = useAssessment(parsed?.id, companyId);

  if (!parsed) return <AssessmentNotFound />;
  if (assessment.isPending) return <DetailSkeleton />;
  // An assessment already on screen stays there when a reload fails: after a delete the page leaves.
  if (assessment.isError && !assessment.data)
    return isClientError(assessment.error) ? (
      <AssessmentNotFound />
    ) : (
      <LoadError error={assessment.error} onRetry={() => void assessment.refetch()} />
    );

  const view = assessment.data;
  const current = parseDetailTab(tab, view.isScorm);
  if (view.status === 'draft' && view.canEdit)
    return <Navigate to={ASSESSMENT_REPORT_PATHS.edit(view.id)} replace />;
  if (view.isScorm !== parsed.scorm || (tab !== undefined && tab !== current))
    return <Navigate to={ASSESSMENT_REPORT_PATHS.view(view, current)} replace />;
  return (
    <AssessmentDetail key={view.id} assessment={view} tab={current} companyId={companyId} isAdmin={isAdmin} />
  );
}
