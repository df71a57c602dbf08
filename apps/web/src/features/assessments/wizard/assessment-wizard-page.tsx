import type { AssessmentView, Company } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import {
  CampaignWizardRoute,
  NotEditablePage,
  StoredCampaign,
  useUsableChannels,
  keepUsableChannels,
  DroppedChannelsNotice,
  type CampaignWizardMode,
} from '../../campaigns/index.ts';
import { useAssessment } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS } from '../assessment-paths.ts';
import { AssessmentWizard } from './assessment-wizard.tsx';
import { rememberedPersonalize } from './personalize-memory.ts';
import { draftFromAssessment, newAssessmentDraft } from './wizard-state.ts';

/** Copy and edit: the wizard works on its own copy of the stored assessment. */
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
  const usable = useUsableChannels(company);
  if (usable === undefined) return <PageLoader />;
  return (
    <StoredCampaign id={id} query={assessment} notFound={ASSESSMENT_PATHS.list} loading={<PageLoader />}>
      {(opened) =>
        mode === 'edit' && (opened.status === 'completed' || opened.isScorm) ? (
          <NotEditablePage
            testId="assessment-not-editable"
            name={opened.name}
            message={t('assessments.messages.cannotEdit')}
            overview={{ to: ASSESSMENT_PATHS.view(opened), label: t('assessments.wizard.start.toOverview') }}
          />
        ) : (
          <UsableAssessmentWizard company={company} opened={opened} mode={mode} usable={usable} />
        )
      }
    </StoredCampaign>
  );
}

/** A new assessment, sent on the first usable channel of the company (email when it can be used). */
function NewAssessmentWizard({ company, isScorm }: { company: Company; isScorm: boolean }) {
  const usable = useUsableChannels(company);
  if (usable === undefined) return <PageLoader />;
  return (
    <AssessmentWizard
      company={company}
      init={() =>
        newAssessmentDraft(
          new Date(),
          isScorm,
          { channel: usable & 1 || usable, remindersChannel: usable & 1 || usable },
          rememberedPersonalize(company),
        )
      }
    />
  );
}

/** A stored assessment's wizard on the channels that can be used now, saying which were dropped. */
function UsableAssessmentWizard({
  company,
  opened,
  mode,
  usable,
}: {
  company: Company;
  opened: AssessmentView;
  mode: 'copy' | 'edit';
  usable: number;
}) {
  const { view, dropped } = keepUsableChannels(opened, usable);
  return (
    <>
      <DroppedChannelsNotice dropped={dropped} />
      <AssessmentWizard
        company={company}
        init={() => draftFromAssessment(view, mode, new Date(), rememberedPersonalize(company))}
      />
    </>
  );
}

/**
 * The assessment wizard (spec 2 §2) for /assessment/create, /create/copy/:fromId, /create_scorm and
 * /edit/:id.
 */
export function AssessmentWizardPage({ mode }: { mode: CampaignWizardMode }) {
  return (
    <CampaignWizardRoute
      mode={mode}
      loading={<PageLoader />}
      stored={(company, stored, id) => <StoredAssessmentWizard company={company} mode={stored} id={id} />}
      fresh={(company, isScorm) => <NewAssessmentWizard company={company} isScorm={isScorm} />}
    />
  );
}
