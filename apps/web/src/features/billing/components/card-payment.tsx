import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  LoadingOverlay,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { BILLING_TEXT, formatPrice, type CardSetup, type PaymentClientToken } from '@vigil/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { translateError } from '../../../lib/translate-message.ts';
import type { StripeCardHandle } from './stripe-card.tsx';

const StripeCard = lazy(() => import('./stripe-card.tsx').then((m) => ({ default: m.StripeCard })));

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export interface CardPaymentProps {
  token: PaymentClientToken;
  /** Cents: shown on the pay button and in the 3-D Secure check. */
  amount: number;
  /** Who pays, as Stripe's card check is told. */
  payer: { name: string; email: string };
  /** The card step of whoever pays (a company's subscription, a partner's dues). */
  setupCard: (body: { card?: CardInput; amount: number }) => Promise<CardSetup>;
  /** The test provider's 3-D Secure answer. */
  confirmTestCard: (clientSecret: string, approve: boolean) => Promise<CardSetup>;
  /** Pays with the checked card's payment method. */
  onPaid: (paymentNonce: string) => Promise<unknown>;
  /** The button beside 'Pay' ('Previous', 'Cancel'), disabled while a payment is under way. */
  back: { label: string; onClick: () => void };
}

/** Digits in groups of four as people read a card number. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * A card, checked (3-D Secure with the amount when the bank asks) and then paid with: Stripe's card
 * element, or the built-in test provider's form (its well-known test cards). 'One moment...' covers
 * it meanwhile. The billing wizard's payment step and the partner's dues use it.
 */
export function CardPayment({
  token,
  amount,
  payer,
  setupCard,
  confirmTestCard,
  onPaid,
  back,
}: CardPaymentProps) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [check, setCheck] = useState<{ clientSecret: string; resolve: (approve: boolean) => void } | null>(
    null,
  );
  const stripeCard = useRef<StripeCardHandle>(null);

  const askThreeDSecure = (clientSecret: string) =>
    new Promise<boolean>((resolve) => setCheck({ clientSecret, resolve }));

  async function pay() {
    setError(null);
    setWaiting(true);
    try {
      let nonce: string;
      if (token.provider === 'stripe') {
        const setup = await setupCard({ amount });
        nonce = await stripeCard.current!.confirm(setup.clientSecret!, payer);
      } else {
        const setup = await setupCard({ card: { ...card, number: card.number.replace(/\s/g, '') }, amount });
        if (setup.status === 'requires_action') {
          const approve = await askThreeDSecure(setup.clientSecret!);
          setCheck(null);
          nonce = (await confirmTestCard(setup.clientSecret!, approve)).paymentNonce!;
        } else {
          nonce = setup.paymentNonce!;
        }
      }
      await onPaid(nonce);
    } catch (err) {
      console.error('payment failed', err);
      setError(err);
      setWaiting(false);
    }
  }

  const testCardValid =
    /^\d{13,19}$/.test(card.number.replace(/\s/g, '')) && card.expiry.length >= 4 && card.cvc.length >= 3;
  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay
        visible={waiting && !check}
        zIndex={300}
        overlayProps={{ blur: 1 }}
        loaderProps={{
          children: (
            <Stack align="center" gap="xs" data-testid="one-moment">
              <Text fw={600}>{BILLING_TEXT.oneMoment}</Text>
            </Stack>
          ),
        }}
      />
      {error ? (
        <Alert color="red" role="alert" data-testid="payment-error">
          {error instanceof Error && !('status' in error) ? error.message : translateError(t, error)}
        </Alert>
      ) : null}
      <Card withBorder>
        {token.provider === 'stripe' && token.publishableKey ? (
          <Suspense fallback={null}>
            <StripeCard publishableKey={token.publishableKey} ref={stripeCard} />
          </Suspense>
        ) : (
          <Stack gap="sm">
            <TextInput
              label={t('billing.cardNumber')}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              value={card.number}
              onChange={(e) => setCard({ ...card, number: groupDigits(e.currentTarget.value) })}
              data-testid="card-number"
            />
            <Group grow>
              <TextInput
                label={t('billing.cardExpiry')}
                placeholder="MM/YY"
                autoComplete="cc-exp"
                value={card.expiry}
                onChange={(e) => setCard({ ...card, expiry: e.currentTarget.value.slice(0, 7) })}
                data-testid="card-expiry"
              />
              <TextInput
                label={t('billing.cardCvc')}
                inputMode="numeric"
                autoComplete="cc-csc"
                value={card.cvc}
                onChange={(e) =>
                  setCard({ ...card, cvc: e.currentTarget.value.replace(/\D/g, '').slice(0, 4) })
                }
                data-testid="card-cvc"
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t('billing.testCards')}
            </Text>
          </Stack>
        )}
      </Card>
      <DialogActions justify="space-between">
        <Button variant="default" onClick={back.onClick} disabled={waiting}>
          {back.label}
        </Button>
        <Button
          leftSection={<IconLock size={16} aria-hidden />}
          onClick={() => void pay()}
          disabled={waiting || (token.provider === 'test' && !testCardValid)}
          data-testid="pay"
        >
          {t('billing.pay', { amount: formatPrice(amount) })}
        </Button>
      </DialogActions>
      <Modal
        opened={check !== null}
        onClose={() => check?.resolve(false)}
        title={t('billing.threeDSecureTitle')}
        centered
        zIndex={400}
        data-testid="three-d-secure"
      >
        <Stack gap="md">
          <Badge color="orange" variant="light">
            {BILLING_TEXT.testMode}
          </Badge>
          <Text size="sm">{t('billing.threeDSecureText', { amount: formatPrice(amount) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => check?.resolve(false)} data-testid="three-d-secure-fail">
              {t('billing.threeDSecureFail')}
            </Button>
            <Button onClick={() => check?.resolve(true)} data-testid="three-d-secure-complete">
              {t('billing.threeDSecureComplete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
