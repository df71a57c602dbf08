import type { Company } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { companySettings } from '@vigil/shared';
import {
  CampaignWizardRoute,
  NotEditablePage,
  StoredCampaign,
  type CampaignWizardMode,
} from '../../campaigns/index.ts';
import { usePhishing } from '../api/phishing-api.ts';
import { PHISHING_PATHS } from '../phishing-paths.ts';
import { PhishingWizard } from './phishing-wizard.tsx';
import { draftFromPhishing, newPhishingDraft } from './wizard-state.ts';

/** Copy and edit: the wizard works on its own copy of the stored simulation. */
function StoredPhishingWizard({
  company,
  mode,
  id,
}: {
  company: Company;
  mode: 'copy' | 'edit';
  id: string | undefined;
}) {
  const { t } = useTranslation();
  const query = usePhishing(id, company.company_id);
  return (
    <StoredCampaign id={id} query={query} notFound={PHISHING_PATHS.list} loading={<PageLoader />}>
      {(opened) =>
        mode === 'edit' && opened.status === 'completed' ? (
          <NotEditablePage
            testId="phishing-not-editable"
            name={opened.name}
            message={t('phishing.messages.cannotEdit')}
            overview={{ to: PHISHING_PATHS.view(opened), label: t('phishing.wizard.start.toOverview') }}
          />
        ) : (
          <PhishingWizard company={company} init={() => draftFromPhishing(opened, mode, new Date())} />
        )
      }
    </StoredCampaign>
  );
}

/** /phishing/create, /create/copy/:fromId and /edit/:id (a simulation has no SCORM package). */
export function PhishingWizardPage({ mode }: { mode: CampaignWizardMode }) {
  return (
    <CampaignWizardRoute
      mode={mode}
      loading={<PageLoader />}
      stored={(company, stored, id) => <StoredPhishingWizard company={company} mode={stored} id={id} />}
      fresh={(company) => (
        <PhishingWizard
          company={company}
          init={() => newPhishingDraft(companySettings(company.settings).timeZone)}
        />
      )}
    />
  );
}
