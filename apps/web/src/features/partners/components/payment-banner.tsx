import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { formatPrice, PARTNER_MESSAGES, type PartnerOverview } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { formatLongDate } from '../../../lib/format-date.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useCollectPayment, usePartnerPortal } from '../api/partners.ts';

/** Sends the partner to its billing portal, or says there is none (no payment provider configured). */
export function useOpenPartnerPortal(partnerId: string) {
  const { t } = useTranslation();
  const portal = usePartnerPortal(partnerId);
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (url) window.location.assign(url);
        else showMessage({ type: 'warning', message: t('partners.payments.noPortal') });
      },
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });
  return { open, pending: portal.isPending };
}

/**
 * Spec 3 §2.6: 'Payment due' with 'Pay now' (the card on file is charged), or 'Payment failed' with
 * 'Update your payment method' (the billing portal). Nothing while all is paid.
 */
export function PaymentBanner({ overview }: { overview: PartnerOverview }) {
  const { t, i18n } = useTranslation();
  const collect = useCollectPayment(overview.partnerId);
  const portal = useOpenPartnerPortal(overview.partnerId);
  if (overview.paymentState === 'ok') return null;
  const failed = overview.paymentState === 'failed';
  const amount = `${formatPrice(overview.totalDues)} ${overview.currencyCode}`;

  const pay = () =>
    collect.mutate(undefined, {
      onSuccess: (after) =>
        showMessage(
          after.paymentState === 'ok'
            ? { type: 'success', message: t('partners.payments.paid') }
            : { type: 'error', message: translateMessage(t, PARTNER_MESSAGES.paymentFailed) },
        ),
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });

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
            loading={collect.isPending}
            onClick={pay}
            data-testid="partner-pay-now"
          >
            {translateMessage(t, PARTNER_MESSAGES.payNow)}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
