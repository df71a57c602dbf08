import { IconLicenseOff, IconLock } from '@tabler/icons-react';
import { hasRole, isCmi5Enabled, ROLES, TRAINING_MESSAGES, type Company } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AccessDeniedPage } from '../../../components/access-denied-page.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCurrentCompany } from '../../../lib/session/index.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { channelOptions, usableChannelMask } from '../../trainings/index.ts';
import { useAssessment } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS } from '../assessment-paths.ts';
import { AssessmentWizard } from './assessment-wizard.tsx';
import { rememberedPersonalize } from './personalize-memory.ts';
import { draftFromAssessment, newAssessmentDraft } from './wizard-state.ts';
import type { AssessmentView } from '@vigil/shared';

export type AssessmentWizardMode = 'create' | 'copy' | 'edit' | 'scorm';

/** Copy and edit: the stored assessment is loaded once; the wizard then works on its own copy. */
function StoredAssessmentWizard({
  company,
  mode,
  id,
}: {
  company: Company;
  mode: 'copy' | 'edit';
  id: string | undefined;
}) {
  const { t } = useTranslation();
  const assessment = useAssessment(id, company.company_id);
  const [opened, setOpened] = useState<AssessmentView | null>(null);
  if (assessment.data && opened === null) setOpened(assessment.data);

  if (!id || (assessment.error instanceof ApiError && [400, 404].includes(assessment.error.status)))
    return <Navigate to={ASSESSMENT_PATHS.list} replace />;
  if (assessment.isError && !opened)
    return <LoadError error={assessment.error} onRetry={() => void assessment.refetch()} />;
  if (!opened) return <PageLoader />;
  if (mode === 'edit' && (opened.status === 'completed' || opened.isScorm))
    return (
      <StatusPage
        testId="assessment-not-editable"
        icon={<IconLock size={36} />}
        color="orange"
        title={opened.name}
        message={t('assessments.messages.cannotEdit')}
        action={{ to: ASSESSMENT_PATHS.view(opened), label: t('assessments.wizard.start.toOverview') }}
      />
    );
  return (
    <AssessmentWizard
      company={company}
      init={() => draftFromAssessment(opened, mode, new Date(), rememberedPersonalize(company.company_id))}
    />
  );
}

/**
 * The assessment wizard (spec 2 §2) for /assessment/create, /create/copy/:fromId, /create_scorm and
 * /edit/:id. Admins only; without a licence able to create campaigns it says "No license available".
 */
export function AssessmentWizardPage({ mode }: { mode: AssessmentWizardMode }) {
  const { t } = useTranslation();
  const { company } = useCurrentCompany();
  const params = useParams();
  if (!company) return <PageLoader />;
  if (!hasRole(company.role, ROLES.admin)) return <AccessDeniedPage />;
  if (mode === 'scorm' && !isCmi5Enabled(company)) return <NotFoundPage />;
  if (!company.canCreateTraining)
    return (
      <StatusPage
        testId="no-license"
        icon={<IconLicenseOff size={36} />}
        color="orange"
        title={translateMessage(t, TRAINING_MESSAGES.noLicense)}
        message={t('trainingWizard.noLicenseText')}
        action={{ to: PATHS.settingsSubscriptions, label: t('trainingWizard.toSubscription') }}
      />
    );
  if (mode === 'copy' || mode === 'edit') {
    const id = mode === 'copy' ? params.fromId : params.id;
    return <StoredAssessmentWizard key={`${mode}:${id}`} company={company} mode={mode} id={id} />;
  }
  const usable = usableChannelMask(channelOptions(company));
  return (
    <AssessmentWizard
      key={mode}
      company={company}
      init={() =>
        newAssessmentDraft(
          new Date(),
          mode === 'scorm',
          { channel: usable & 1 || usable, remindersChannel: usable & 1 || usable },
          rememberedPersonalize(company.company_id),
        )
      }
    />
  );
}
