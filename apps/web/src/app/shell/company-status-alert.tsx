import { Suspense } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconBuildingOff, IconBuildingStore, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { useCurrentCompany, useCurrentUser, useMyCompanies } from '../../lib/session/index.ts';
import { translateError } from '../../lib/translate-message.ts';
import { entitlements, hasRole, mayManageBilling, ROLES, seatOverage } from '@vigil/shared';
import { PaymentFailedBanner } from '../router/lazy-pages.ts';
import { SubscriptionBanner } from './subscription-banner.tsx';

/**
 * Says so when the manager's companies could not load, when none is chosen yet, how the company's
 * trial or subscription stands (the subscription banner), when its last renewal payment failed, and when
 * it has more employees than seats.
 */
export function CompanyStatusAlert() {
  const { t } = useTranslation();
  const companies = useMyCompanies();
  const { company, role } = useCurrentCompany();
  // Read from the company itself: a partner admin may have no company of their own to be admin of.
  const isAdmin = hasRole(role, ROLES.admin);
  const isPartner = (useCurrentUser().data?.superForAccounts.length ?? 0) > 0;
  const inPartnerArea = useLocation().pathname.startsWith(PATHS.partner);

  if (companies.isError) {
    return (
      <Alert color="red" variant="light" mb="xl" icon={<IconAlertTriangle />} title={t('company.loadFailed')}>
        {translateError(t, companies.error)}
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          ml="md"
          onClick={() => void companies.refetch()}
        >
          {t('actions.retry')}
        </Button>
      </Alert>
    );
  }
  if (company) {
    const overage = seatOverage(company);
    return (
      <>
        <SubscriptionBanner company={company} access={entitlements(company, new Date())} isAdmin={isAdmin} />
        {company.billingEnabled && mayManageBilling(company) && (
          <Suspense fallback={null}>
            <PaymentFailedBanner company={company} />
          </Suspense>
        )}
        {overage && (
          <Alert color="orange" variant="light" mb="xl" icon={<IconUsers />} data-testid="seats-exceeded">
            {t('company.seatsExceeded', overage)}
          </Alert>
        )}
      </>
    );
  }
  if (!companies.isSuccess) return null;
  if (isPartner) {
    // In the partner area already, the way there needs no pointing out.
    if (inPartnerArea) return null;
    return (
      <Alert
        color="blue"
        variant="light"
        mb="xl"
        icon={<IconBuildingStore />}
        title={t('company.partnerTitle')}
      >
        {t('company.partnerText')}
        <Button component={Link} to={PATHS.partner} size="compact-sm" variant="light" color="blue" ml="md">
          {t('company.partnerArea')}
        </Button>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" mb="xl" icon={<IconBuildingOff />} title={t('company.noneTitle')}>
      {t('company.noneText')}
    </Alert>
  );
}
