import {
  Alert,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  BILLING,
  BILLING_TEXT,
  BillingInfo,
  COUNTRIES,
  formatPrice,
  isCouponError,
  type Estimate,
  type Plan,
  type BillingPeriod,
} from '@vigil/shared';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useEstimate } from '../api/billing.ts';

export interface Choice {
  plan: Plan;
  period: BillingPeriod;
  seats: number;
}

interface BillingDetailsStepProps {
  companyId: string;
  choice: Choice;
  initial: BillingInfo;
  onCancel: () => void;
  onContinue: (billing: BillingInfo, estimate: Estimate) => void;
  pending: boolean;
  error: unknown;
}

/** Step 1 'Your details' (spec 3 §5): the billing form, the coupon re-estimated 500 ms after typing. */
export function BillingDetailsStep({
  companyId,
  choice,
  initial,
  onCancel,
  onContinue,
  pending,
  error,
}: BillingDetailsStepProps) {
  const { t, i18n } = useTranslation();
  const form = useForm<BillingInfo>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(BillingInfo, { sync: true }),
    validateInputOnBlur: true,
  });
  const coupon = (form.values.coupon ?? '').trim();
  const [debounced] = useDebouncedValue(coupon, BILLING.estimateDebounceMs);
  const planId = choice.plan[choice.period].id;
  const estimate = useEstimate(companyId, {
    planId,
    seats: choice.seats,
    ...(debounced ? { coupon: debounced } : {}),
  });
  const running = estimate.isFetching || coupon !== debounced;
  const couponError = estimate.isError && isCouponError(estimate.error.message);
  const countries = useMemo(() => COUNTRIES.map((c) => ({ value: c.code, label: c.name })), []);
  const valid = BillingInfo.safeParse(form.values).success;
  const current = estimate.isError ? null : estimate.data;

  useEffect(() => {
    form.setFieldError('coupon', couponError ? BILLING_TEXT.invalidCoupon : null);
    // The field's error follows the estimate only.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form is stable
  }, [couponError]);

  const submit = form.onSubmit((values) => {
    if (current) onContinue({ ...values, coupon: values.coupon?.trim() || undefined }, current);
  });
  const e = current?.estimate;
  const period = choice.period === 'yearly' ? t('billing.billedAnnually') : t('billing.billedMonthly');
  return (
    <form noValidate onSubmit={submit}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('billing.steps.details')}
            </Title>
            <Group grow align="flex-start">
              <TextInput
                label={t('billing.firstName')}
                required
                autoComplete="given-name"
                data-testid="billing-firstName"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label={t('billing.lastName')}
                required
                autoComplete="family-name"
                data-testid="billing-lastName"
                {...form.getInputProps('lastName')}
              />
            </Group>
            <TextInput
              label={t('billing.email')}
              required
              type="email"
              autoComplete="email"
              data-testid="billing-email"
              {...form.getInputProps('email')}
            />
            <Select
              label={t('billing.country')}
              data={countries}
              searchable
              clearable
              maxDropdownHeight={8 * 36}
              autoComplete="country"
              data-testid="billing-country"
              {...form.getInputProps('country')}
              value={form.values.country || null}
              onChange={(v) => form.setFieldValue('country', v ?? '')}
            />
            <TextInput
              label={t('billing.line1')}
              autoComplete="address-line1"
              {...form.getInputProps('line1')}
            />
            <TextInput
              label={t('billing.line2')}
              autoComplete="address-line2"
              {...form.getInputProps('line2')}
            />
            <Group grow align="flex-start">
              <TextInput label={t('billing.zip')} autoComplete="postal-code" {...form.getInputProps('zip')} />
              <TextInput
                label={t('billing.city')}
                autoComplete="address-level2"
                {...form.getInputProps('city')}
              />
            </Group>
            <TextInput
              label={t('billing.region')}
              autoComplete="address-level1"
              {...form.getInputProps('state')}
            />
            <TextInput
              label={t('billing.coupon')}
              data-testid="billing-coupon"
              rightSection={coupon && running ? <Loader size="xs" /> : null}
              {...form.getInputProps('coupon')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder data-testid="estimate">
            <Stack gap={6}>
              <Title order={2} fz="md">
                {t('billing.summary')}
              </Title>
              <Text fw={600}>
                {choice.plan.name} · {t('billing.seatCount', { count: choice.seats })}
              </Text>
              <Text size="sm" c="dimmed">
                {period}
              </Text>
              <Divider my={4} />
              {!e ? (
                estimate.isError && !couponError ? (
                  <Text c="red" size="sm" role="alert">
                    {translateError(t, estimate.error)}
                  </Text>
                ) : (
                  <Loader size="sm" />
                )
              ) : (
                <>
                  <Line label={t('billing.subtotal')} cents={e.invoice_estimate.sub_total} />
                  {e.invoice_estimate.discount > 0 && (
                    <Line
                      label={t('billing.discount', { code: current?.coupon?.code ?? '' })}
                      cents={-e.invoice_estimate.discount}
                    />
                  )}
                  {e.invoice_estimate.credits_applied > 0 && (
                    <Line label={t('billing.credits')} cents={-e.invoice_estimate.credits_applied} />
                  )}
                  <Divider my={4} />
                  <Line
                    label={t('billing.dueToday')}
                    cents={e.invoice_estimate.total}
                    strong
                    testId="estimate-total"
                  />
                  {e.credit_note_estimates.map((c, i) => (
                    <Text key={i} size="sm" c="teal.8">
                      {t('billing.creditLeft', { amount: formatPrice(c.amount_available) })}
                    </Text>
                  ))}
                  <Text size="sm" c="dimmed">
                    {t('billing.nextInvoice', {
                      date: formatLongDate(e.subscription_estimate.next_billing_at, i18n.language),
                      amount: formatPrice(e.next_invoice_estimate.total),
                    })}
                  </Text>
                  {current?.overage && (
                    <Text size="sm" fw={500} data-testid="estimate-overage">
                      {t('billing.overageNextInvoice', {
                        amount: formatPrice(current.overage.amount),
                        n: current.overage.seatDays,
                      })}
                    </Text>
                  )}
                </>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {error ? (
        <Alert color="red" mt="md" role="alert">
          {translateError(t, error)}
        </Alert>
      ) : null}
      <DialogActions justify="flex-end" mt="xl">
        <Button variant="default" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          disabled={!valid || running || couponError || !current}
          loading={pending}
          data-testid="billing-continue"
        >
          {t('billing.continue')}
        </Button>
      </DialogActions>
    </form>
  );
}

function Line({
  label,
  cents,
  strong,
  testId,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} data-testid={testId}>
        {formatPrice(cents)}
      </Text>
    </Group>
  );
}
