import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  PARTNER,
  PARTNER_MESSAGES,
  PARTNER_TIMESPANS,
  type PartnerCompanyDetail,
  type PartnerCompanyForm,
} from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { PATHS } from '../../../lib/paths.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { BlockingDialog, type Blocked } from '../../billing/index.ts';
import {
  checkCanBeRemoved,
  checkCanEdit,
  useChangeSubscription,
  useDeactivateCompany,
  useDeleteCompany,
  useReactivateCompany,
} from '../api/partners.ts';
import { formatMoney } from '../money.ts';
import { refusedChangeTitle, type SubscriptionFormValues } from '../subscription-form.ts';
import { SubscriptionForm } from './subscription-form.tsx';

interface CardProps {
  partnerId: string;
  company: PartnerCompanyDetail;
  currencyCode: string;
}

function ReactivateModal({
  partnerId,
  company,
  opened,
  onClose,
}: Omit<CardProps, 'currencyCode'> & {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reactivate = useReactivateCompany(partnerId, company.company_id);
  const [valid, setValid] = useState<number>(PARTNER.defaultValidity);
  return (
    <Modal opened={opened} onClose={onClose} title={t('partners.subscription.reactivate')} centered>
      <Stack>
        {reactivate.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateError(t, reactivate.error)}
          </Alert>
        )}
        <Select
          label={t('partners.form.timespan')}
          data={PARTNER_TIMESPANS.map((months) => ({
            value: String(months),
            label:
              months === PARTNER.freeValidity
                ? translateMessage(t, PARTNER_MESSAGES.eternal)
                : t('partners.form.months', { count: months }),
          }))}
          value={String(valid)}
          onChange={(value) => value && setValid(Number(value))}
          allowDeselect={false}
          data-testid="reactivate-timespan"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            loading={reactivate.isPending}
            data-testid="reactivate-save"
            onClick={() =>
              reactivate.mutate(
                { valid },
                {
                  onSuccess: () => {
                    showMessage({
                      type: 'success',
                      message: translateMessage(t, PARTNER_MESSAGES.subscriptionReactivated),
                    });
                    onClose();
                  },
                },
              )
            }
          >
            {t('partners.subscription.reactivate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The customer's subscription and what the partner may do with it (spec 3 §4): change (after the
 * can-edit check), deactivate or reactivate, and delete the company (only without active campaigns).
 */
export function CompanySubscriptionCard({ partnerId, company, currencyCode }: CardProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const companyId = company.company_id;
  const change = useChangeSubscription(partnerId, companyId);
  const deactivate = useDeactivateCompany(partnerId, companyId);
  const remove = useDeleteCompany(partnerId, companyId);
  const [changing, setChanging] = useState(false);
  const [reactivating, setReactivating] = useState(false);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [checking, setChecking] = useState(false);
  const sub = company.subscription;
  const failed = (error: unknown) => showMessage({ type: 'error', message: translateError(t, error) });

  /** Asks whether the company may lose its subscription or be deleted; says what stands in the way. */
  async function removable(title: string): Promise<boolean> {
    setChecking(true);
    try {
      const check = await checkCanBeRemoved(partnerId, companyId);
      if (!check.canBeRemoved) setBlocked({ title, ...check, removeEmployees: 0, removeSeats: 0 });
      return check.canBeRemoved;
    } catch (error) {
      failed(error);
      return false;
    } finally {
      setChecking(false);
    }
  }

  async function askDeactivate() {
    if (!(await removable(PARTNER_MESSAGES.unableToDeactivate))) return;
    openConfirmDialog({
      title: t('partners.subscription.deactivate'),
      message: t('partners.subscription.deactivateConfirm', { name: company.company_name }),
      confirmLabel: t('partners.subscription.deactivate'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        deactivate.mutate(undefined, {
          onSuccess: () =>
            showMessage({
              type: 'success',
              message: translateMessage(t, PARTNER_MESSAGES.subscriptionDeactivated),
            }),
          onError: failed,
        }),
    });
  }

  async function askDelete() {
    if (!(await removable(PARTNER_MESSAGES.unableToDelete))) return;
    openConfirmDialog({
      title: t('partners.subscription.delete'),
      message: t('partners.subscription.deleteConfirm', { name: company.company_name }),
      confirmLabel: t('partners.subscription.delete'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            showMessage({ type: 'success', message: translateMessage(t, PARTNER_MESSAGES.companyDeleted) });
            void navigate(PATHS.partnerCompanies(partnerId), { replace: true });
          },
          onError: failed,
        }),
    });
  }

  async function save(form: PartnerCompanyForm, values: SubscriptionFormValues) {
    try {
      const check = await checkCanEdit(partnerId, companyId, {
        subscriptionCode: form.subscriptionCode,
        newSeats: form.seats,
      });
      if (!check.canBeEdited) {
        setBlocked({ title: refusedChangeTitle(sub, values), ...check });
        return;
      }
    } catch (error) {
      failed(error);
      return;
    }
    change.mutate(form, {
      onSuccess: () => {
        showMessage({ type: 'success', message: translateMessage(t, PARTNER_MESSAGES.subscriptionUpdated) });
        setChanging(false);
      },
    });
  }

  const date = (iso: string | null) => (iso ? formatLongDate(iso, i18n.language) : '—');
  const fact = (label: string, value: string, testId: string) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );

  return (
    <Card withBorder data-testid="partner-subscription-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs">
            <Title order={2} fz="lg">
              {sub?.name ?? t('partners.subscription.none')}
            </Title>
            {sub && (
              <Badge variant="light" color={sub.active ? 'teal' : 'gray'} data-testid="subscription-status">
                {t(sub.active ? 'partners.active' : 'partners.inactive')}
              </Badge>
            )}
          </Group>
          <Group gap="sm">
            <Button onClick={() => setChanging(true)} data-testid="change-subscription">
              {t('partners.subscription.change')}
            </Button>
            {sub?.active ? (
              <Button
                variant="default"
                loading={checking || deactivate.isPending}
                onClick={() => void askDeactivate()}
                data-testid="deactivate-subscription"
              >
                {t('partners.subscription.deactivate')}
              </Button>
            ) : (
              sub && (
                <Button
                  variant="light"
                  onClick={() => setReactivating(true)}
                  data-testid="reactivate-subscription"
                >
                  {t('partners.subscription.reactivate')}
                </Button>
              )
            )}
            <Button
              variant="outline"
              color="red"
              loading={remove.isPending}
              onClick={() => void askDelete()}
              data-testid="delete-company"
            >
              {t('partners.subscription.delete')}
            </Button>
          </Group>
        </Group>
        {sub && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
            {fact(t('partners.companies.subscription'), sub.code, 'subscription-code')}
            {fact(
              t('partners.companies.seats'),
              sub.seats === null ? t('partners.companies.unlimited') : String(sub.seats),
              'subscription-seats',
            )}
            {fact(
              t('partners.companies.validTo'),
              sub.validTo && sub.free ? translateMessage(t, PARTNER_MESSAGES.eternal) : date(sub.validTo),
              'subscription-valid-to',
            )}
            {fact(
              t('partners.companies.price'),
              t('partners.perMonth', { amount: formatMoney(sub.price, currencyCode, i18n.language) }),
              'subscription-price',
            )}
          </SimpleGrid>
        )}
      </Stack>
      <Modal
        opened={changing}
        onClose={() => setChanging(false)}
        title={t('partners.subscription.changeTitle', { name: company.company_name })}
        size="lg"
        centered
      >
        {changing && (
          <SubscriptionForm
            partnerId={partnerId}
            companyId={companyId}
            mode={{ kind: 'change', companyName: company.company_name, current: sub }}
            submitLabel={t('actions.save')}
            pending={change.isPending}
            error={change.error}
            onSubmit={(form, values) => void save(form, values)}
            onCancel={() => setChanging(false)}
          />
        )}
      </Modal>
      {reactivating && (
        <ReactivateModal
          partnerId={partnerId}
          company={company}
          opened
          onClose={() => setReactivating(false)}
        />
      )}
      <BlockingDialog blocked={blocked} onClose={() => setBlocked(null)} withLinks={false} />
    </Card>
  );
}
