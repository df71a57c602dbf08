import { Badge, Group, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/index.ts';
import { usePartnerOverview } from '../api/partners.ts';
import { PaymentBanner } from './payment-banner.tsx';

export interface PartnerAccount {
  id: string;
  name: string;
}

const TABS = [
  { key: 'companies', path: PATHS.partnerCompanies },
  { key: 'payments', path: PATHS.partnerPayments },
  { key: 'resources', path: PATHS.partnerResources },
] as const;

/**
 * /partner/{partnerId}/…: the account's name, its three pages as tabs, and the payment banner on each
 * (spec 3 §2.6). The name is the user's own account list's, or the overview's for a super-admin.
 */
export function PartnerLayout() {
  const { t } = useTranslation();
  const { partnerId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const overview = usePartnerOverview(partnerId);
  const own = useCurrentUser().data?.superForAccounts.find((account) => account.id === partnerId);
  const account: PartnerAccount = { id: partnerId, name: own?.name ?? overview.data?.partnerName ?? '' };
  const current = TABS.find((tab) => pathname.startsWith(tab.path(partnerId)))?.key ?? 'companies';

  return (
    <>
      <Group gap="xs" mb="xs">
        <Badge variant="light" radius="sm">
          {t('partners.area')}
        </Badge>
        <Text size="sm" c="dimmed" fw={600} data-testid="partner-name">
          {account.name}
        </Text>
      </Group>
      <Tabs
        value={current}
        onChange={(value) => {
          const tab = TABS.find((candidate) => candidate.key === value);
          if (tab) void navigate(tab.path(partnerId));
        }}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.key} value={tab.key} data-testid={`partner-tab-${tab.key}`}>
              {t(`partners.tabs.${tab.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {overview.data && <PaymentBanner overview={overview.data} />}
      <Outlet context={account} />
    </>
  );
}

/** The partner account whose pages are shown. */
export const usePartnerAccount = () => useOutletContext<PartnerAccount>();
