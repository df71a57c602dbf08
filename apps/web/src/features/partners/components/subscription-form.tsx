import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCalendar } from '@tabler/icons-react';
import {
  CUSTOM_TIMESPAN,
  PARTNER,
  PARTNER_MESSAGES,
  PARTNER_TIMESPANS,
  PartnerCompanyForm,
  type PartnerEstimateRequest,
} from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatesLocale } from '../../../components/dates-locale.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { usePartnerEstimate, usePartnerPlans } from '../api/partners.ts';
import { formatMoney } from '../money.ts';
import {
  choosePlan,
  initialValues,
  offersTimespan,
  toRequest,
  type SubscriptionFormMode,
  type SubscriptionFormValues,
} from '../subscription-form.ts';

/** Spec 3 §9: the estimate is asked for 500 ms after the last change. */
const ESTIMATE_DEBOUNCE_MS = 500;

interface SubscriptionFormProps {
  partnerId: string;
  mode: SubscriptionFormMode;
  /** The company being changed, for its estimate. */
  companyId?: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (form: PartnerCompanyForm, values: SubscriptionFormValues) => void;
  onCancel?: () => void;
}

/**
 * The partner estimate (spec 3 §3): the company's new monthly total, the partner's over all its
 * customers, and under it the partner's total and seats on the chosen plan (newPartnerTotalForPlan,
 * newPartnerSubscriptionSeats).
 */
function EstimateCard({
  partnerId,
  request,
  planName,
}: {
  partnerId: string;
  request: PartnerEstimateRequest | null;
  planName: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const estimate = usePartnerEstimate(partnerId, request);
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
  return (
    <Card
      withBorder
      bg="var(--mantine-color-default-hover)"
      data-testid="partner-estimate"
      aria-live="polite"
    >
      <Text fw={600} mb="xs">
        {t('partners.form.estimate')}
      </Text>
      {request === null ? (
        <Text size="sm" c="dimmed">
          {t('partners.form.estimateHint')}
        </Text>
      ) : estimate.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {translateError(t, estimate.error)}
        </Text>
      ) : !estimate.data ? (
        <Stack gap={6}>
          <Skeleton h={14} w="60%" />
          <Skeleton h={14} w="50%" />
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ opacity: estimate.isFetching ? 0.6 : 1 }}>
          <div>
            <Text size="xs" c="dimmed">
              {t('partners.form.newCompanyTotal')}
            </Text>
            <Text fw={700} data-testid="estimate-company">
              {t('partners.perMonth', {
                amount: money(estimate.data.newCompanyTotal, estimate.data.currencyCode),
              })}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('partners.form.newPartnerTotal')}
            </Text>
            <Text fw={700} data-testid="estimate-partner">
              {t('partners.perMonth', {
                amount: money(estimate.data.newPartnerTotal, estimate.data.currencyCode),
              })}
            </Text>
            <Text size="xs" c="dimmed" data-testid="estimate-plan">
              {t('partners.form.planTotal', {
                plan: planName ?? request.subscriptionCode,
                amount: t('partners.perMonth', {
                  amount: money(estimate.data.newPartnerTotalForPlan, estimate.data.currencyCode),
                }),
                count: estimate.data.newPartnerSubscriptionSeats,
              })}
            </Text>
          </div>
        </SimpleGrid>
      )}
    </Card>
  );
}

/**
 * The company subscription form (spec 3 §3, §5): name, plan, seats and timespan (or the end date of an
 * active subscription), with the partner estimate of the choice shown before it is saved.
 */
export function SubscriptionForm({
  partnerId,
  mode,
  companyId,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: SubscriptionFormProps) {
  const { t } = useTranslation();
  const plans = usePartnerPlans(partnerId);
  const [now] = useState(() => new Date());
  const form = useForm<SubscriptionFormValues>({
    initialValues: initialValues(mode, now),
    validate: schemaResolver(PartnerCompanyForm, { sync: true }),
  });
  const values = form.values;
  const plan = plans.data?.plans.find((p) => p.code === values.subscriptionCode);
  const timespan = offersTimespan(mode, plan);
  const request = useMemo<PartnerEstimateRequest | null>(
    () =>
      values.subscriptionCode && values.seats && values.seats >= 1
        ? { subscriptionCode: values.subscriptionCode, seats: values.seats, companyId }
        : null,
    [values.subscriptionCode, values.seats, companyId],
  );
  const [debounced] = useDebouncedValue(request, ESTIMATE_DEBOUNCE_MS);

  const problem = useFieldError<SubscriptionFormValues>(form.errors);

  if (plans.isError) return <LoadError error={plans.error} onRetry={() => void plans.refetch()} />;
  const timespanOptions = [
    ...PARTNER_TIMESPANS.map((months) => ({
      value: String(months),
      label:
        months === PARTNER.freeValidity
          ? translateMessage(t, PARTNER_MESSAGES.eternal)
          : t('partners.form.months', { count: months }),
    })),
    { value: String(CUSTOM_TIMESPAN), label: translateMessage(t, PARTNER_MESSAGES.custom) },
  ];

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((typed) => onSubmit(PartnerCompanyForm.parse(toRequest(typed)), typed))}
      data-testid="subscription-form"
    >
      <Stack gap="md">
        {Boolean(error) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="form-error">
            {translateError(t, error)}
          </Alert>
        )}
        {mode.kind === 'create' && (
          <TextInput
            label={t('partners.form.companyName')}
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('companyName')}
            error={problem('companyName')}
            data-testid="form-company-name"
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('partners.form.plan')}
            required
            placeholder={t('partners.form.choosePlan')}
            data={(plans.data?.plans ?? []).map((p) => ({ value: p.code, label: p.name }))}
            disabled={plans.isPending}
            value={values.subscriptionCode}
            onChange={(code) => {
              if (code && plans.data) form.setValues(choosePlan(form.values, plans.data.plans, code));
            }}
            allowDeselect={false}
            error={problem('subscriptionCode')}
            data-testid="form-plan"
          />
          <NumberInput
            label={t('partners.form.seats')}
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            disabled={plan?.free}
            description={plan?.free ? t('partners.form.freeSeats', { count: PARTNER.freeSeats }) : undefined}
            value={values.seats ?? ''}
            onChange={(seats) => form.setFieldValue('seats', typeof seats === 'number' ? seats : null)}
            error={problem('seats')}
            data-testid="form-seats"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {timespan ? (
            <Select
              label={t('partners.form.timespan')}
              required
              placeholder={t('partners.form.chooseTimespan')}
              data={timespanOptions}
              disabled={plan?.free}
              value={values.valid === null ? null : String(values.valid)}
              onChange={(value) => form.setFieldValue('valid', value === null ? null : Number(value))}
              allowDeselect={false}
              error={problem('valid')}
              data-testid="form-timespan"
            />
          ) : values.valid === PARTNER.freeValidity ? (
            <TextInput
              label={t('partners.form.validTill')}
              value={translateMessage(t, PARTNER_MESSAGES.eternal)}
              readOnly
            />
          ) : null}
          {values.valid === CUSTOM_TIMESPAN && (
            <DatesLocale>
              <DatePickerInput
                label={t('partners.form.validTill')}
                required
                leftSection={<IconCalendar size={16} />}
                valueFormat="D MMM YYYY"
                minDate={now}
                maxDate={PARTNER.maxValidTill}
                value={values.validTill}
                onChange={(value) => form.setFieldValue('validTill', value)}
                error={problem('validTill')}
                data-testid="form-valid-till"
              />
            </DatesLocale>
          )}
        </SimpleGrid>
        <EstimateCard
          partnerId={partnerId}
          request={debounced}
          planName={plans.data?.plans.find((p) => p.code === debounced?.subscriptionCode)?.name}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={pending} data-testid="form-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
