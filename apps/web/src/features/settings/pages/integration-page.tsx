import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';
import { PATHS } from '../../../lib/paths.ts';

const KNOWN_INTEGRATIONS = new Set(['slack', 'teams', 'google', 'azure', 'azuresso']);

/** /settings/integrations/{name}: one integration's page, with the way back to the overview. */
export function IntegrationPage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const title = KNOWN_INTEGRATIONS.has(name)
    ? t(`settings.integrations.${name}`)
    : t('settings.nav.integrations');
  return (
    <ComingSoonPage
      title={title}
      icon={<IconPlugConnected />}
      backTo={{ to: PATHS.settingsIntegrations, label: t('settings.integrations.back') }}
    />
  );
}
