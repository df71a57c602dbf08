import { Button, Container, Modal, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  BILLING,
  BILLING_TEXT,
  baseIdOf,
  type BillingInfo,
  type BillingPeriod,
  type Estimate,
  type Plan,
} from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useCompany, useCurrentUser } from '../../../lib/session/index.ts';
import { supportEmail } from '../../../lib/support-contact.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import {
  checkPlanChange,
  checkSeatReduction,
  purchase,
  refreshAfterChange,
  usePaymentToken,
  usePlans,
} from '../api/billing.ts';
import { BillingDetailsStep, type Choice } from '../components/billing-details-step.tsx';
import { BlockingDialog, type Blocked } from '../components/blocking-dialog.tsx';
import { PaymentStep } from '../components/payment-step.tsx';
import { PlanChooser } from '../components/plan-chooser.tsx';

type Step = 0 | 1 | 2 | 3;

/** /subscriptions/upgrade: the full-screen 'Upgrade' wizard (spec 3 §2.4, §4). Closing goes to settings. */
export function UpgradePage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('pages.upgrade')} · Vigil`);
  const navigate = useNavigate();
  const company = useCompany();
  const companyId = company.company_id;
  const user = useCurrentUser().data;
  const plans = usePlans(companyId);
  const token = usePaymentToken(companyId);
  const [step, setStep] = useState<Step>(0);
  const [period, setPeriod] = useState<BillingPeriod | null>(null);
  const [seats, setSeats] = useState<number>(BILLING.defaultSeats);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [billing, setBilling] = useState<BillingInfo | null>(null);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [purchaseError, setPurchaseError] = useState<unknown>(null);
  const [purchasing, setPurchasing] = useState(false);

  const phone = useIsPhone();
  const stepLabels = [
    t('billing.steps.plan'),
    t('billing.steps.details'),
    t('billing.steps.payment'),
    BILLING_TEXT.paymentSuccessful,
  ];
  const close = () => navigate(PATHS.settingsSubscriptions);
  const current = plans.data?.current;
  const changing = Boolean(current?.planId && !current.trial && !current.planId.startsWith('free-'));
  const shownPeriod = period ?? current?.period ?? 'yearly';

  async function choose(plan: Plan) {
    const variant = plan[shownPeriod];
    setChecking(plan.baseId);
    try {
      const samePlan = current?.planId && baseIdOf(current.planId) === plan.baseId;
      const fewerSeats = samePlan && current.seats !== null && seats < current.seats;
      const check = fewerSeats
        ? await checkSeatReduction(companyId, seats)
        : await checkPlanChange(companyId, variant.id, seats);
      if (!check.canBeEdited) {
        const seatsOnly = check.activeTrainings + check.activeAssessments + check.removeSeats === 0;
        setBlocked({
          title: seatsOnly ? BILLING_TEXT.unableToChangeSeats : BILLING_TEXT.unableToChangePlan,
          ...check,
        });
        return;
      }
      setChoice({ plan, period: shownPeriod, seats });
      setStep(1);
    } catch (err) {
      setPurchaseError(err);
    } finally {
      setChecking(null);
    }
  }

  async function buy(details: BillingInfo, paymentNonce?: string) {
    if (!choice) return;
    setPurchaseError(null);
    setPurchasing(true);
    try {
      await purchase(
        companyId,
        {
          planId: choice.plan[choice.period].id,
          seats: choice.seats,
          billing: details,
          ...(details.coupon ? { coupon: details.coupon } : {}),
          ...(paymentNonce ? { paymentNonce } : {}),
        },
        changing,
      );
      setStep(3);
    } finally {
      setPurchasing(false);
    }
  }

  const nameParts = (user?.name ?? '').split(' ');
  const initialBilling: BillingInfo = billing ?? {
    firstName: nameParts[0] ?? '',
    lastName: nameParts.slice(1).join(' '),
    email: user?.email ?? '',
    country: '',
    coupon: '',
  };

  return (
    <Modal
      opened
      onClose={close}
      fullScreen
      title={
        <Title order={1} fz="xl">
          {t('pages.upgrade')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('billing.close') }}
      data-testid="upgrade-wizard"
    >
      <Container size="xl" pb="xl">
        {plans.isPending || token.isPending ? (
          <PageLoader />
        ) : plans.isError || token.isError ? (
          <LoadError error={plans.error ?? token.error} onRetry={() => void plans.refetch()} />
        ) : (
          <Stack gap="xl">
            {phone ? (
              <Text fw={600} data-testid="wizard-step">
                {t('billing.stepOf', { step: step + 1, count: stepLabels.length })} · {stepLabels[step]}
              </Text>
            ) : (
              <Stepper active={step} size="sm" allowNextStepsSelect={false}>
                {stepLabels.map((label) => (
                  <Stepper.Step key={label} label={label} />
                ))}
              </Stepper>
            )}
            {purchaseError && step === 0 ? (
              <LoadError error={purchaseError} onRetry={() => setPurchaseError(null)} />
            ) : null}
            {step === 0 && (
              <PlanChooser
                data={plans.data}
                period={shownPeriod}
                seats={seats}
                busyPlan={checking}
                onPeriod={setPeriod}
                onSeats={setSeats}
                onChoose={(plan) => void choose(plan)}
                supportEmail={supportEmail(company)}
              />
            )}
            {step === 1 && choice && (
              <BillingDetailsStep
                companyId={companyId}
                choice={choice}
                initial={initialBilling}
                pending={purchasing}
                error={purchaseError}
                onCancel={() => {
                  // Cancel returns to the plans and forgets the coupon (spec 3 §4).
                  setBilling(billing ? { ...billing, coupon: '' } : null);
                  setPurchaseError(null);
                  setStep(0);
                }}
                onContinue={(details, est) => {
                  setBilling(details);
                  setEstimate(est);
                  const noPayment =
                    choice.plan.free || (changing && est.estimate.invoice_estimate.total === 0);
                  if (noPayment) void buy(details).catch(setPurchaseError);
                  else setStep(2);
                }}
              />
            )}
            {step === 2 && billing && estimate && (
              <PaymentStep
                companyId={companyId}
                token={token.data}
                billing={billing}
                estimate={estimate}
                onPaid={(nonce) => buy(billing, nonce)}
                onPrevious={() => setStep(1)}
              />
            )}
            {step === 3 && (
              <Stack align="center" gap="md" py="xl" data-testid="payment-successful">
                <ThemeIcon size={64} radius="xl" color="teal" variant="light">
                  <IconCircleCheck size={40} aria-hidden />
                </ThemeIcon>
                <Title order={2}>{BILLING_TEXT.paymentSuccessful}</Title>
                <Text c="dimmed" ta="center">
                  {t('billing.successText', { plan: choice?.plan.name ?? '', seats: choice?.seats ?? 0 })}
                </Text>
                <Button
                  onClick={() => {
                    // OK reads the company's data again and goes to the dashboard.
                    void refreshAfterChange(companyId).then(() => navigate(PATHS.home));
                  }}
                  data-testid="payment-ok"
                >
                  {t('billing.ok')}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </Container>
      <BlockingDialog blocked={blocked} onClose={() => setBlocked(null)} />
    </Modal>
  );
}
