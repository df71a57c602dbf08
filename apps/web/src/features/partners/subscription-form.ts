import {
  CUSTOM_TIMESPAN,
  defaultValidTill,
  formAfterPlanChange,
  PARTNER_MESSAGES,
  type PartnerCompanyForm,
  type PartnerCompanySubscription,
  type PartnerPlan,
} from '@vigil/shared';

/** The company subscription form as typed: a field not chosen yet is null (spec 3 §4 'empty not chosen'). */
export interface SubscriptionFormValues {
  companyName: string;
  subscriptionCode: string | null;
  seats: number | null;
  /** Months; 1200 Eternal; -1 a custom date. */
  valid: number | null;
  /** YYYY-MM-DD: the custom date, or the end date of an active subscription being edited. */
  validTill: string | null;
}

/** What is being done: a new customer, or a change of one whose current subscription is given. */
export type SubscriptionFormMode =
  { kind: 'create' } | { kind: 'change'; companyName: string; current: PartnerCompanySubscription | null };

const day = (iso: string) => iso.slice(0, 10);

/**
 * A new customer starts with nothing chosen but valid-until a year ahead (spec 3 §4); a change starts
 * from the current plan and seats, an active one with its end date in the date picker.
 */
export function initialValues(mode: SubscriptionFormMode, now: Date): SubscriptionFormValues {
  const fresh = {
    companyName: '',
    subscriptionCode: null,
    seats: null,
    valid: null,
    validTill: defaultValidTill(now),
  };
  if (mode.kind === 'create') return fresh;
  const current = mode.current;
  if (!current) return { ...fresh, companyName: mode.companyName };
  const editsEndDate = current.active && current.validTo !== null;
  return {
    companyName: mode.companyName,
    subscriptionCode: current.code,
    seats: current.seats,
    valid: editsEndDate ? CUSTOM_TIMESPAN : null,
    validTill: editsEndDate ? day(current.validTo!) : defaultValidTill(now),
  };
}

/**
 * Spec 3 §5: the timespan choice is offered for a new or inactive subscription, or one leaving a free
 * plan; an active one being edited shows only the date picker.
 */
export function offersTimespan(mode: SubscriptionFormMode, plan: PartnerPlan | undefined): boolean {
  if (mode.kind === 'create' || !mode.current || !mode.current.active) return true;
  return mode.current.free && plan !== undefined && !plan.free;
}

/** Choosing another plan: the free plan's 10 seats and Eternal, or a reset when leaving it (spec 3 §4). */
export function choosePlan(
  values: SubscriptionFormValues,
  plans: readonly PartnerPlan[],
  code: string,
): SubscriptionFormValues {
  const from = plans.find((p) => p.code === values.subscriptionCode) ?? null;
  const to = plans.find((p) => p.code === code);
  if (!to) return values;
  return formAfterPlanChange({ ...values, subscriptionCode: code }, from, to);
}

/** What the form sends; null fields go as they are and the shared schema names what is missing. */
export function toRequest(values: SubscriptionFormValues): Record<keyof PartnerCompanyForm, unknown> {
  return {
    companyName: values.companyName,
    subscriptionCode: values.subscriptionCode ?? '',
    seats: values.seats ?? undefined,
    valid: values.valid ?? undefined,
    validTill: values.valid === CUSTOM_TIMESPAN ? values.validTill : null,
  };
}

/** The blocking dialog's title for a refused change: the plan, the seats, or both (spec 3 §8). */
export function refusedChangeTitle(
  current: PartnerCompanySubscription | null,
  values: SubscriptionFormValues,
): string {
  const planChanged = current !== null && current.code !== values.subscriptionCode;
  const seatsChanged = current !== null && current.seats !== values.seats;
  if (planChanged && seatsChanged) return PARTNER_MESSAGES.unableToMakeChanges;
  if (planChanged) return PARTNER_MESSAGES.unableToChangePlan;
  return PARTNER_MESSAGES.unableToChangeSeats;
}
