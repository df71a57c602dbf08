import { Card, Tabs } from '@mantine/core';
import { IconChartBar, IconFishOff, IconSend, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { isClientError } from '../../../lib/api-error.ts';
import { useBrandedTitle, useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { DeliveryStatusView, DetailSkeleton } from '../../campaigns/index.ts';
import { phishingKeys, simulationPath, usePhishing } from '../api/phishing-api.ts';
import {
  parseDetailTab,
  PHISHING_DETAIL_TABS,
  PHISHING_PATHS,
  type PhishingDetailTab,
} from '../phishing-paths.ts';
import { PhishingDetailHeader } from './detail-header.tsx';
import { EmployeesTab } from './employees-tab.tsx';
import { ResultsTab } from './results-tab.tsx';
import type { PhishingView } from '@vigil/shared';

const TAB_ICONS = { results: IconChartBar, employees: IconUsers, deliveries: IconSend } as const;

function PhishingNotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconFishOff size={36} />}
      color="gray"
      title={t('phishing.messages.notFound')}
      message={t('phishing.detail.notFoundText')}
      action={{ to: PHISHING_PATHS.list, label: t('phishing.detail.back') }}
      testId="phishing-not-found"
    />
  );
}

function PhishingDetail({
  view,
  tab,
  companyId,
  isAdmin,
}: {
  view: PhishingView;
  tab: PhishingDetailTab;
  companyId: string;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBrandedTitle(view.name);
  return (
    <>
      <PhishingDetailHeader view={view} companyId={companyId} isAdmin={isAdmin} />
      <Tabs
        value={tab}
        onChange={(next) => next && void navigate(PHISHING_PATHS.view(view, next as PhishingDetailTab))}
        keepMounted={false}
      >
        <Tabs.List mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {PHISHING_DETAIL_TABS.map((value) => {
            const Icon = TAB_ICONS[value];
            return (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />} style={{ flexShrink: 0 }}>
                {t(`phishing.detail.tabs.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="results">
          <ResultsTab companyId={companyId} id={view.id} />
        </Tabs.Panel>
        <Tabs.Panel value="employees">
          <EmployeesTab companyId={companyId} id={view.id} anonymous={view.anonymousTracking} />
        </Tabs.Panel>
        <Tabs.Panel value="deliveries">
          <Card withBorder>
            <DeliveryStatusView
              source={{ path: simulationPath(companyId, view.id), key: phishingKeys.one(companyId, view.id) }}
              firstSend="invitation"
            />
          </Card>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** /phishing/{id}/view[/{tab}]: a simulation's results; a draft opens in the wizard for admins. */
export function PhishingDetailPage() {
  const { id, tab } = useParams();
  const { company_id: companyId } = useCompany();
  const isAdmin = useIsAdmin();
  const query = usePhishing(id, companyId);

  if (!id) return <PhishingNotFound />;
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError && !query.data)
    return isClientError(query.error) ? (
      <PhishingNotFound />
    ) : (
      <LoadError error={query.error} onRetry={() => void query.refetch()} />
    );
  const view = query.data;
  const current = parseDetailTab(tab);
  if (view.status === 'draft' && view.canEdit) return <Navigate to={PHISHING_PATHS.edit(view.id)} replace />;
  if (tab !== undefined && tab !== current)
    return <Navigate to={PHISHING_PATHS.view(view, current)} replace />;
  return <PhishingDetail key={view.id} view={view} tab={current} companyId={companyId} isAdmin={isAdmin} />;
}
