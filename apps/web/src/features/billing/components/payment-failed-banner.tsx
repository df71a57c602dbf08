import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';
import { mayManageBilling, type Company } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useSubscriptionOverview } from '../api/billing.ts';

/**
 * The dunning banner: the last renewal payment failed and is being retried. Shown to whoever may
 * manage the company's billing, with the way to the subscription settings (and the billing portal);
 * it goes once the invoice is paid.
 */
export function PaymentFailedBanner({ company }: { company: Company }) {
  const show = company.billingEnabled && mayManageBilling(company);
  return show ? <Banner companyId={company.company_id} /> : null;
}

function Banner({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const overview = useSubscriptionOverview(companyId);
  if (!overview.data?.paymentFailed) return null;
  return (
    <Alert
      color="red"
      variant="light"
      mb="xl"
      icon={<IconCreditCardOff />}
      data-testid="payment-failed-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('dashboard.banners.paymentFailed')}</Text>
        <Button component={Link} to={PATHS.settingsSubscriptions} size="compact-md" variant="default">
          {t('dashboard.banners.updatePayment')}
        </Button>
      </Group>
    </Alert>
  );
}
