import { Box, Loader, Text } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface StripeCardHandle {
  /** Confirms the SetupIntent with the card typed (Stripe shows its 3-D Secure check); answers its id. */
  confirm(clientSecret: string, billing: { name: string; email: string }): Promise<string>;
}

/**
 * Stripe Elements' card field. Stripe.js is fetched only when this step shows (a dynamic import of
 * @stripe/stripe-js, which loads js.stripe.com), so no other page carries it.
 */
export function StripeCard({ publishableKey, ref }: { publishableKey: string; ref: Ref<StripeCardHandle> }) {
  const { t } = useTranslation();
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | undefined;
    void import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((loaded) => {
        if (cancelled || !loaded || !mount.current) return;
        card = loaded.elements().create('card', { hidePostalCode: true });
        card.mount(mount.current);
        setStripe({ stripe: loaded, card });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  useImperativeHandle(
    ref,
    () => ({
      async confirm(clientSecret, billing) {
        if (!stripe) throw new Error(t('billing.cardNotReady'));
        const result = await stripe.stripe.confirmCardSetup(clientSecret, {
          payment_method: { card: stripe.card, billing_details: billing },
        });
        if (result.error) throw new Error(result.error.message ?? t('billing.cardFailed'));
        return result.setupIntent.id;
      },
    }),
    [stripe, t],
  );

  return (
    <Box>
      <Text size="sm" fw={500} mb={4}>
        {t('billing.card')}
      </Text>
      <Box
        ref={mount}
        p="sm"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
      />
      {!stripe && !failed && <Loader size="sm" mt="xs" />}
      {failed && (
        <Text c="red" size="sm" role="alert">
          {t('billing.stripeUnavailable')}
        </Text>
      )}
    </Box>
  );
}
