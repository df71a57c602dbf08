import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/coming-soon-page.tsx';
import { useCurrentCompany, useCurrentUser } from '../../lib/session/index.ts';

/** /: the dashboard; its cards, tables and calendar come with a later issue. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const { company } = useCurrentCompany();
  const name = user?.name || user?.email || '';
  return (
    <ComingSoonPage
      title={t('nav.dashboard')}
      description={
        company
          ? t('dashboard.welcomeIn', { name, company: company.company_name })
          : t('dashboard.welcome', { name })
      }
      icon={<IconLayoutDashboard />}
      backTo={null}
    />
  );
}
