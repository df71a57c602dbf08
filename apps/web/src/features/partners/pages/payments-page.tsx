import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCreditCard, IconExternalLink } from '@tabler/icons-react';
import { BILLING_TEXT, PARTNER_MESSAGES, type PartnerOverview } from '@vigil/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatShortDate } from '../../../lib/format-date.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { CardPayment } from '../../billing/index.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { confirmPartnerCard, setupPartnerCard, usePartnerOverview } from '../api/partners.ts';
import { usePartnerAccount } from '../components/partner-layout.tsx';
import { opensCardForm, useOpenPartnerPortal, usePayDues } from '../components/use-payment-actions.ts';
import { formatMoney } from '../money.ts';

const PAYMENT_COLOR = { open: 'orange', paid: 'teal', failed: 'red' } as const;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * 'Pay with a new card' (POST /partners/{id}/card, then collect with its payment nonce): the billing
 * wizard's card form; the card is kept on file for the next dues.
 */
function PayWithCardModal({
  overview,
  opened,
  onClose,
  onPaid,
}: {
  overview: PartnerOverview;
  opened: boolean;
  onClose: () => void;
  onPaid: (paymentNonce: string) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const partnerId = overview.partnerId;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('partners.payments.payWithCard')}
      centered
      size="lg"
      data-testid="partner-card-modal"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            {t('partners.payments.payWithCardText', {
              amount: formatMoney(overview.totalDues, overview.currencyCode, i18n.language),
            })}
          </Text>
          {overview.paymentClient.testMode && (
            <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
              {BILLING_TEXT.testMode}
            </Badge>
          )}
        </Group>
        <CardPayment
          token={overview.paymentClient}
          amount={overview.totalDues}
          payer={{ name: overview.partnerName, email: user.data?.email ?? '' }}
          setupCard={(body) => setupPartnerCard(partnerId, body)}
          confirmTestCard={(secret, approve) => confirmPartnerCard(partnerId, secret, approve)}
          onPaid={onPaid}
          back={{ label: t('actions.cancel'), onClick: onClose }}
        />
      </Stack>
    </Modal>
  );
}

function Overview({ overview }: { overview: PartnerOverview }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, overview.currencyCode, i18n.language);
  const state =
    overview.paymentState === 'failed'
      ? { color: 'red', label: translateMessage(t, PARTNER_MESSAGES.paymentFailed) }
      : overview.totalDues > 0
        ? { color: 'orange', label: translateMessage(t, PARTNER_MESSAGES.paymentDue) }
        : { color: 'teal', label: t('partners.payments.collected') };
  const dues = usePayDues(overview.partnerId);
  const portal = useOpenPartnerPortal(overview.partnerId);
  const [search, setSearch] = useSearchParams();
  const [cardOpen, setCardOpen] = useState(() => overview.totalDues > 0 && opensCardForm(search));
  const closeCard = () => {
    setCardOpen(false);
    if (search.has('pay')) setSearch({}, { replace: true });
  };
  return (
    <Stack gap="xl">
      <PayWithCardModal
        overview={overview}
        opened={cardOpen}
        onClose={closeCard}
        onPaid={async (nonce) => {
          await dues.payWithCard(nonce);
          closeCard();
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Figure
          label={t('partners.payments.monthly')}
          value={money(overview.sumMonthlyCost)}
          testId="partner-monthly-sum"
        />
        <Figure label={t('partners.payments.dues')} value={money(overview.totalDues)} testId="partner-dues" />
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('partners.payments.status')}
          </Text>
          <Badge mt={6} size="lg" variant="light" color={state.color} data-testid="partner-collected">
            {state.label}
          </Badge>
        </Card>
      </SimpleGrid>

      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          {t('partners.payments.byPlan')}
        </Title>
        <QueryTable
          rows={overview.rows}
          rowKey={(row) => row.planCode}
          minWidth={520}
          testId="partner-plan-rows"
          empty={t('partners.payments.noPlans')}
          columns={[
            { key: 'plan', header: t('partners.payments.plan'), cell: (row) => row.planName },
            {
              key: 'companies',
              header: t('partners.payments.companies'),
              align: 'right',
              cell: (row) => row.totalCompanies,
            },
            {
              key: 'seats',
              header: t('partners.companies.seats'),
              align: 'right',
              cell: (row) => row.totalSeats,
            },
            {
              key: 'cost',
              header: t('partners.payments.monthlyCost'),
              align: 'right',
              cell: (row) => money(row.totalMonthlyCost),
            },
          ]}
          footer={
            <Table>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td fw={700}>{t('partners.payments.monthly')}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {money(overview.sumMonthlyCost)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          }
        />
      </Card>

      <Card withBorder>
        <Group justify="space-between" gap="sm" mb="sm">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('partners.payments.method')}
            </Title>
            <Group gap={6}>
              <IconCreditCard size={16} aria-hidden />
              <Text size="sm" data-testid="partner-card">
                {overview.paymentMethod ?? t('partners.payments.noCard')}
              </Text>
            </Group>
          </Stack>
          <Group gap="sm">
            {overview.totalDues > 0 && overview.hasValidCard && (
              <Button onClick={dues.pay} loading={dues.pending} data-testid="partner-pay">
                {translateMessage(t, PARTNER_MESSAGES.payNow)}
              </Button>
            )}
            {overview.totalDues > 0 && (
              <Button
                variant={overview.hasValidCard ? 'default' : 'filled'}
                leftSection={<IconCreditCard size={16} aria-hidden />}
                onClick={() => setCardOpen(true)}
                data-testid="partner-pay-new-card"
              >
                {t('partners.payments.payWithCard')}
              </Button>
            )}
            <Button
              variant="default"
              rightSection={<IconExternalLink size={14} aria-hidden />}
              onClick={portal.open}
              loading={portal.pending}
            >
              {overview.hasValidCard
                ? t('partners.payments.manageBilling')
                : translateMessage(t, PARTNER_MESSAGES.updatePaymentMethod)}
            </Button>
          </Group>
        </Group>
      </Card>

      <Card withBorder>
        <Title order={2} fz="lg" mb="sm">
          {t('partners.payments.history')}
        </Title>
        <QueryTable
          rows={overview.payments}
          rowKey={(p) => p.id}
          minWidth={560}
          testId="partner-payments"
          empty={t('partners.payments.noPayments')}
          columns={[
            {
              key: 'date',
              header: t('partners.payments.date'),
              cell: (p) => formatShortDate(p.createdAt, i18n.language),
            },
            { key: 'description', header: t('partners.payments.item'), cell: (p) => p.description },
            {
              key: 'amount',
              header: t('partners.payments.amount'),
              align: 'right',
              cell: (p) => money(p.amount),
            },
            {
              key: 'status',
              header: t('partners.payments.state'),
              cell: (p) => (
                <Badge variant="light" color={PAYMENT_COLOR[p.status]}>
                  {t(`partners.payments.states.${p.status}`)}
                </Badge>
              ),
            },
          ]}
        />
      </Card>
    </Stack>
  );
}

/** /partner/{id}/payments: 'Payments' (spec 3 §2.6) with the overview and dues of spec 3 §3. */
export function PartnerPaymentsPage() {
  const { t } = useTranslation();
  const account = usePartnerAccount();
  const overview = usePartnerOverview(account.id);
  return (
    <>
      <PageHeader
        title={translateMessage(t, PARTNER_MESSAGES.payments)}
        description={t('partners.payments.description')}
      />
      {overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.data ? (
        <Overview overview={overview.data} />
      ) : (
        <Stack aria-busy>
          <Skeleton h={90} />
          <Skeleton h={200} />
        </Stack>
      )}
    </>
  );
}
