import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { PARTNER_MESSAGES, type PartnerOverview } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatLongDate } from '../../../lib/format-date.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { formatMoney } from '../money.ts';
import { payWithCardPath, useOpenPartnerPortal, usePayDues } from './use-payment-actions.ts';

/**
 * Spec 3 §2.6: 'Payment due' with 'Pay now' (the card on file is charged), or 'Payment failed' with
 * 'Update your payment method' (the billing portal); without a card on file either opens the payments
 * page's card form. Nothing while all is paid.
 */
export function PaymentBanner({ overview }: { overview: PartnerOverview }) {
  const { t, i18n } = useTranslation();
  const dues = usePayDues(overview.partnerId);
  const portal = useOpenPartnerPortal(overview.partnerId);
  const navigate = useNavigate();
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
        {failed && overview.hasValidCard ? (
          <Button size="compact-sm" color="red" loading={portal.pending} onClick={portal.open}>
            {translateMessage(t, PARTNER_MESSAGES.updatePaymentMethod)}
          </Button>
        ) : !overview.hasValidCard ? (
          // No card on file: the payments page's card form ('Pay with a new card').
          <Button
            size="compact-sm"
            color={failed ? 'red' : undefined}
            onClick={() => void navigate(payWithCardPath(overview.partnerId))}
            data-testid="partner-pay-now"
          >
            {translateMessage(t, failed ? PARTNER_MESSAGES.updatePaymentMethod : PARTNER_MESSAGES.payNow)}
          </Button>
        ) : (
          <Button size="compact-sm" loading={dues.pending} onClick={dues.pay} data-testid="partner-pay-now">
            {translateMessage(t, PARTNER_MESSAGES.payNow)}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
