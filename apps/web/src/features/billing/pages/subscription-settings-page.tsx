import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { BILLING_TEXT, formatPrice, type SubscriptionOverview } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useAuthToken, useCompany } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import {
  checkRemoval,
  invoicePdfUrl,
  useDeactivate,
  usePortalSession,
  useReactivate,
  useSubscriptionOverview,
} from '../api/billing.ts';
import { BlockingDialog, type Blocked } from '../components/blocking-dialog.tsx';

const STATE_COLOR: Record<SubscriptionOverview['state'], string> = {
  trial: 'blue',
  active: 'teal',
  expired: 'red',
  none: 'gray',
};

/** /settings/subscriptions: the plan, its seats and dates, what can be done with it, and the invoices. */
export function SubscriptionSettingsPage() {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const companyId = company.company_id;
  const overview = useSubscriptionOverview(companyId);
  const deactivate = useDeactivate(companyId);
  const reactivate = useReactivate(companyId);
  const portal = usePortalSession(companyId);
  const token = useAuthToken();
  const [blocked, setBlocked] = useState<Blocked | null>(null);

  if (overview.isPending) return <PageLoader />;
  if (overview.isError) return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  const o = overview.data;
  const date = (iso: string | null) => (iso ? formatLongDate(iso, i18n.language) : '—');
  const mayPlan = !o.partner;
  const running = o.state === 'active' && o.plan.planId !== null && !o.plan.planId.startsWith('free-');

  async function askDeactivate() {
    const check = await checkRemoval(companyId);
    if (!check.canBeRemoved) {
      setBlocked({ title: BILLING_TEXT.unableToDeactivate, ...check, removeEmployees: 0, removeSeats: 0 });
      return;
    }
    openConfirmDialog({
      title: t('billing.deactivateTitle'),
      message: t('billing.deactivateText', { date: date(o.nextBillingAt) }),
      confirmLabel: t('billing.deactivate'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () => deactivate.mutate(),
    });
  }

  async function openPortal() {
    const session = await portal.mutateAsync();
    if (session.url) window.location.assign(session.url);
    else notifications.show({ color: 'orange', message: t('billing.noPortal') });
  }

  const seatsShare = o.seatsBought ? Math.min(100, (o.seatsUsed / o.seatsBought) * 100) : 0;
  return (
    <>
      <PageHeader title={t('settings.nav.subscriptions')} description={t('billing.settingsDescription')} />
      <Stack gap="xl">
        {o.partner && (
          <Alert color="blue" data-testid="partner-subscription">
            {BILLING_TEXT.partnerContactSupport(o.supportEmail)}
          </Alert>
        )}
        <Card withBorder data-testid="subscription-card">
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  <Title order={2} fz="xl" data-testid="subscription-plan">
                    {o.plan.name}
                  </Title>
                  <Badge color={STATE_COLOR[o.state]} variant="light" data-testid="subscription-state">
                    {t(`billing.state.${o.state}`)}
                  </Badge>
                  {o.testMode && o.billingEnabled && (
                    <Badge color="orange" variant="outline">
                      {BILLING_TEXT.testMode}
                    </Badge>
                  )}
                </Group>
                {o.plan.period && (
                  <Text size="sm" c="dimmed">
                    {t(o.plan.period === 'yearly' ? 'billing.billedAnnually' : 'billing.billedMonthly')}
                  </Text>
                )}
              </Stack>
              {mayPlan && (
                <Group gap="sm">
                  {o.state === 'expired' || o.cancelled ? (
                    <>
                      {o.canReactivate ? (
                        <Button
                          onClick={() => reactivate.mutate()}
                          loading={reactivate.isPending}
                          data-testid="reactivate"
                        >
                          {t('billing.reactivate')}
                        </Button>
                      ) : null}
                      <Button component={Link} to={PATHS.upgrade} variant="light" data-testid="select-plan">
                        {t('billing.selectPlan')}
                      </Button>
                    </>
                  ) : (
                    <Button component={Link} to={PATHS.upgrade} data-testid="select-plan">
                      {running ? t('billing.changePlan') : t('billing.selectPlan')}
                    </Button>
                  )}
                  {running && !o.cancelled && (
                    <Button
                      variant="default"
                      color="red"
                      onClick={() => void askDeactivate()}
                      loading={deactivate.isPending}
                      data-testid="deactivate"
                    >
                      {t('billing.deactivate')}
                    </Button>
                  )}
                </Group>
              )}
            </Group>
            {(reactivate.error || deactivate.error) && (
              <Alert color="red" role="alert">
                {translateError(t, reactivate.error ?? deactivate.error)}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <div>
                <Text size="sm" c="dimmed">
                  {t('billing.seatsUsed')}
                </Text>
                <Text fw={600} data-testid="seats-used">
                  {o.seatsBought === null
                    ? t('billing.seatsUnlimited', { used: o.seatsUsed })
                    : t('billing.seatsOf', { used: o.seatsUsed, bought: o.seatsBought })}
                </Text>
                {o.seatsBought !== null && (
                  <Progress
                    value={seatsShare}
                    mt={6}
                    color={o.seatsUsed > o.seatsBought ? 'red' : undefined}
                    aria-label={t('billing.seatsUsed')}
                  />
                )}
                {o.overageSeatDays > 0 && (
                  <Text size="sm" c="dimmed" mt={6} data-testid="overage">
                    {t('billing.overageThisTerm', { n: o.overageSeatDays })}
                  </Text>
                )}
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  {o.state === 'trial'
                    ? t('billing.trialEnds')
                    : o.cancelled
                      ? t('billing.endsOn')
                      : t('billing.nextBilling')}
                </Text>
                <Text fw={600} data-testid="next-billing">
                  {o.state === 'trial' || o.cancelled ? date(o.validTo) : date(o.nextBillingAt)}
                </Text>
              </div>
              {o.billingEnabled && !o.partner && (
                <div>
                  <Text size="sm" c="dimmed">
                    {t('billing.paymentSettings')}
                  </Text>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => void openPortal()}
                    data-testid="billing-portal"
                  >
                    <Group gap={4} wrap="nowrap">
                      {t('billing.manageBilling')}
                      <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </Anchor>
                </div>
              )}
            </SimpleGrid>
            {o.cancelled && o.state === 'active' && (
              <Text size="sm" c="orange.9">
                {t('billing.cancelledNotice', { date: date(o.validTo) })}
              </Text>
            )}
          </Stack>
        </Card>
        {!o.partner && (
          <Card withBorder>
            <Title order={2} fz="lg" mb="sm">
              {t('billing.invoices')}
            </Title>
            {o.invoices.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('billing.noInvoices')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={620} type="native">
                <Table verticalSpacing="sm" data-testid="invoices">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('billing.invoiceNumber')}</Table.Th>
                      <Table.Th>{t('billing.invoiceDate')}</Table.Th>
                      <Table.Th>{t('billing.invoiceDescription')}</Table.Th>
                      <Table.Th ta="right">{t('billing.invoiceTotal')}</Table.Th>
                      <Table.Th>{t('billing.invoiceStatus')}</Table.Th>
                      <Table.Th>{t('billing.invoicePdf')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {o.invoices.map((inv) => (
                      <Table.Tr key={inv.id}>
                        <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          {inv.number}
                        </Table.Td>
                        <Table.Td>{date(inv.date)}</Table.Td>
                        <Table.Td>{inv.description}</Table.Td>
                        <Table.Td ta="right">{formatPrice(inv.total)}</Table.Td>
                        <Table.Td>
                          <Badge
                            variant="light"
                            color={inv.status === 'paid' ? 'teal' : inv.status === 'failed' ? 'red' : 'gray'}
                          >
                            {t(`billing.invoiceStates.${inv.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {token && (
                            <Anchor
                              href={invoicePdfUrl(companyId, inv.id, token)}
                              download
                              aria-label={t('billing.downloadInvoice', { number: inv.number })}
                            >
                              <IconDownload size={18} aria-hidden />
                            </Anchor>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        )}
      </Stack>
      <BlockingDialog blocked={blocked} onClose={() => setBlocked(null)} />
    </>
  );
}
