import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { PARTNER_MESSAGES, type PartnerOverview } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../lib/format-date.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { formatMoney } from '../money.ts';
import { useOpenPartnerPortal, usePayDues } from './use-payment-actions.ts';

/**
 * Spec 3 §2.6: 'Payment due' with 'Pay now' (the card on file is charged), or 'Payment failed' with
 * 'Update your payment method' (the billing portal). Nothing while all is paid.
 */
export function PaymentBanner({ overview }: { overview: PartnerOverview }) {
  const { t, i18n } = useTranslation();
  const dues = usePayDues(overview.partnerId);
  const portal = useOpenPartnerPortal(overview.partnerId);
  if (overview.paymentState === 'ok') return null;
  const failed = overview.paymentState === 'failed';
  const amount = formatMoney(overview.totalDues, overview.currencyCode, i18n.language);

  return (
    <Alert
      color={failed ? 'red' : 'orange'}
      variant="light"
      mb="lg"
      icon={failed ? <IconAlertTriangle /> : <IconCreditCard />}
      title={translateMessage(t, failed ? PARTNER_MESSAGES.paymentFailed : PARTNER_MESSAGES.paymentDue)}
      data-testid="partner-payment-banner"
      data-state={overview.paymentState}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {overview.dueSince
            ? t('partners.payments.dueSince', {
                amount,
                date: formatLongDate(overview.dueSince, i18n.language),
              })
            : t('partners.payments.dueAmount', { amount })}
        </Text>
        {failed || !overview.hasValidCard ? (
          <Button size="compact-sm" color="red" loading={portal.pending} onClick={portal.open}>
            {translateMessage(t, PARTNER_MESSAGES.updatePaymentMethod)}
          </Button>
        ) : (
          <Button
            size="compact-sm"
            color="orange.8"
            loading={dues.pending}
            onClick={dues.pay}
            data-testid="partner-pay-now"
          >
            {translateMessage(t, PARTNER_MESSAGES.payNow)}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
