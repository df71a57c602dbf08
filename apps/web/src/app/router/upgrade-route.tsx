import { IconRocket } from '@tabler/icons-react';
import { isUpgradeAllowed } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ComingSoonPage } from '../../components/coming-soon-page.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useCurrentCompany } from '../../lib/session/index.ts';

/** /subscriptions/upgrade: companies on a partner subscription manage it in settings (spec 3 §2.4). */
export function UpgradeRoute() {
  const { t } = useTranslation();
  const { company } = useCurrentCompany();
  if (company && !isUpgradeAllowed(company)) return <Navigate to={PATHS.settingsSubscriptions} replace />;
  return (
    <ComingSoonPage
      title={t('pages.upgrade')}
      icon={<IconRocket />}
      backTo={{ to: PATHS.settingsSubscriptions, label: t('pages.backToSubscription') }}
    />
  );
}
