import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  BILLING_TEXT,
  formatPrice,
  type BillingInfo,
  type Estimate,
  type PaymentClientToken,
} from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { confirmTestCard, setupCard } from '../api/billing.ts';
import { CardPayment } from './card-payment.tsx';

interface PaymentStepProps {
  companyId: string;
  token: PaymentClientToken;
  billing: BillingInfo;
  estimate: Estimate;
  /** Creates the subscription with the card's payment method. */
  onPaid: (paymentNonce: string) => Promise<unknown>;
  onPrevious: () => void;
}

/**
 * Step 2 'Payment Details' (spec 3 §4): the card is checked (3-D Secure with the amount when the bank
 * asks), then its payment method creates the subscription; 'One moment...' covers the step meanwhile.
 */
export function PaymentStep({ companyId, token, billing, estimate, onPaid, onPrevious }: PaymentStepProps) {
  const { t } = useTranslation();
  const amount = estimate.estimate.invoice_estimate.total;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          {t('billing.steps.payment')}
        </Title>
        {token.testMode && (
          <Badge color="orange" variant="light" data-testid="test-mode">
            {BILLING_TEXT.testMode}
          </Badge>
        )}
      </Group>
      <Text>{t('billing.payAmount', { amount: formatPrice(amount) })}</Text>
      <CardPayment
        token={token}
        amount={amount}
        payer={{ name: `${billing.firstName} ${billing.lastName}`, email: billing.email }}
        setupCard={(body) => setupCard(companyId, body)}
        confirmTestCard={(clientSecret, approve) => confirmTestCard(companyId, clientSecret, approve)}
        onPaid={onPaid}
        back={{ label: t('billing.previous'), onClick: onPrevious }}
      />
    </Stack>
  );
}
