import { Badge, Button, Card, Group, Modal, NumberInput, Progress, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { BILLING_TEXT, PPV_LIMITS, viewsPercent, type PpvStatus } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { translateError } from '../../../lib/translate-message.ts';
import { useCompany, useCurrentUser, useIsAdmin } from '../../../lib/session/index.ts';
import { CardPayment, confirmTestCard, setupCard, usePaymentToken } from '../../billing/index.ts';
import { useBuyViews } from '../api/ppv.ts';

/** Buying views: how many, then the card (the subscription wizard's card form). */
function BuyViewsModal({ status, onClose }: { status: PpvStatus; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const user = useCurrentUser();
  const token = usePaymentToken(company.company_id);
  const buy = useBuyViews(company.company_id);
  const [views, setViews] = useState<number | ''>('');
  const [paying, setPaying] = useState(false);
  const amount = views === '' ? 0 : views * status.viewPriceCents;
  const price = (cents: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: status.currency }).format(
      cents / 100,
    );

  return (
    <Modal opened onClose={onClose} title={t('ppv.buy.title')} centered size="lg" data-testid="ppv-buy-modal">
      {!paying ? (
        <Stack gap="md">
          <NumberInput
            label={t('ppv.buy.views')}
            description={t('ppv.buy.price', { price: price(status.viewPriceCents) })}
            min={1}
            max={PPV_LIMITS.maxPurchase}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            value={views}
            onChange={(value) => setViews(typeof value === 'number' && value >= 1 ? value : '')}
            data-testid="ppv-buy-views"
          />
          {views !== '' && <Text size="sm">{t('ppv.buy.total', { total: price(amount) })}</Text>}
          {buy.isError && (
            <Text c="red" size="sm" role="alert">
              {translateError(t, buy.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            {/* An empty amount does nothing (spec 3 §5). */}
            {status.cardOnFile ? (
              <>
                <Button
                  variant="default"
                  disabled={views === ''}
                  onClick={() => setPaying(true)}
                  data-testid="ppv-buy-continue"
                >
                  {t('ppv.buy.newCard')}
                </Button>
                {/* The card the company's billing account keeps from its last payment. */}
                <Button
                  disabled={views === ''}
                  loading={buy.isPending}
                  onClick={() => buy.mutate({ views: views === '' ? null : views }, { onSuccess: onClose })}
                  data-testid="ppv-buy-card-on-file"
                >
                  {t('ppv.buy.payWithCard', { card: status.cardOnFile })}
                </Button>
              </>
            ) : (
              <Button disabled={views === ''} onClick={() => setPaying(true)} data-testid="ppv-buy-continue">
                {t('ppv.buy.continue')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : token.isError ? (
        <LoadError error={token.error} onRetry={() => void token.refetch()} />
      ) : !token.data ? (
        <Text size="sm">{t('session.loadingPage')}</Text>
      ) : (
        <Stack gap="md">
          {token.data.testMode && (
            <Badge color="orange" variant="light">
              {BILLING_TEXT.testMode}
            </Badge>
          )}
          <CardPayment
            token={token.data}
            amount={amount}
            payer={{ name: company.company_name, email: user.data?.email ?? '' }}
            setupCard={(body) => setupCard(company.company_id, body)}
            confirmTestCard={(secret, approve) => confirmTestCard(company.company_id, secret, approve)}
            onPaid={async (paymentNonce) => {
              await buy.mutateAsync({ views: views === '' ? null : views, paymentNonce });
              onClose();
            }}
            back={{ label: t('ppv.buy.back'), onClick: () => setPaying(false) }}
          />
          {buy.isError && (
            <Text c="red" size="sm" role="alert">
              {translateError(t, buy.error)}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The views bar (used ÷ purchased, 100 % when none are purchased) and buying more. */
export function ViewsCard({ status }: { status: PpvStatus }) {
  const { t, i18n } = useTranslation();
  const isAdmin = useIsAdmin();
  const [buying, setBuying] = useState(false);
  const percent = viewsPercent(status.viewsUsed, status.viewsPurchased);
  const number = (n: number) => n.toLocaleString(i18n.language);
  const label = t('ppv.views.used', {
    used: number(status.viewsUsed),
    purchased: number(status.viewsPurchased),
  });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Text fw={600}>{t('ppv.views.title')}</Text>
            <Text size="sm" c="dimmed" data-testid="ppv-views-used">
              {label}
              {status.trial && ` · ${t('ppv.views.trial')}`}
            </Text>
          </div>
          {isAdmin && (
            <Button
              variant="light"
              leftSection={<IconShoppingCart size={18} />}
              onClick={() => setBuying(true)}
              data-testid="ppv-buy"
            >
              {t('ppv.buy.open')}
            </Button>
          )}
        </Group>
        <Progress
          value={percent}
          size="lg"
          color={percent >= 90 ? 'red' : undefined}
          aria-label={t('ppv.views.bar', { percent })}
          data-testid="ppv-views-bar"
          data-percent={percent}
        />
      </Stack>
      {buying && <BuyViewsModal status={status} onClose={() => setBuying(false)} />}
    </Card>
  );
}
