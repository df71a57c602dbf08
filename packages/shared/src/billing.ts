import { z } from 'zod';
import { SubscriptionDefinition } from './companies.ts';
import { hasNoControlCharacters, MESSAGES } from './validation.ts';

/**
 * Billing: plans with seat tiers, the estimate of what a change costs, and the wizard's contracts
 * (spec 3 §2.4, §3, §4, §5, §9). Every amount is in cents; the rules below are pure, so the server's
 * invoices and the wizard's figures cannot disagree.
 */

export const BILLING = {
  /** The seat count the plan chooser starts with. */
  defaultSeats: 300,
  /** From this many seats the Enterprise card applies ('1000+ seats'); 500 when a catalogue leaves it unset. */
  enterpriseUnits: 1000,
  enterpriseUnitsUnset: 500,
  /** An open-ended tier is shown as 'up to 500'. */
  openEndedShownAs: 500,
  /** The free plan's seats and its validity code (1200 months: unlimited). */
  freeSeats: 10,
  freeValidity: 1200,
  /** Months given away by paying a year at once ('2 mo. free'). */
  annualFreeMonths: 2,
  /** The wizard re-estimates this long after the coupon was last typed. */
  estimateDebounceMs: 500,
} as const;

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const PERIOD_MONTHS: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };

export const BILLING_TEXT = {
  currentSubscription: (plan: string, seats: number | null) =>
    `Your current subscription is ${seats === null ? plan : `${plan} (${seats} seats)`}`,
  billAnnually: 'Bill annually - 2 mo. free',
  billMonthly: 'Bill monthly',
  invalidCoupon: 'Invalid coupon code',
  oneMoment: 'One moment...',
  paymentSuccessful: 'Payment successful',
  unableToChangePlan: 'Unable to change your subscription plan',
  unableToChangeSeats: 'Unable to change number of seats',
  unableToDeactivate: 'Unable to deactivate subscription',
  testMode: 'Test mode',
  /** The invoice line of the seat-days over the plan in the ended term. */
  additionalSeats: 'Additional seats',
  partnerContactSupport: (support: string) =>
    `Your subscription is managed by your partner. Please contact ${support} to change it.`,
} as const;

/** Coupon errors start with 'coupon' so that the form shows 'Invalid coupon code' for each (spec 3 §5). */
export const COUPON_ERRORS = {
  unknown: 'coupon_code is not valid',
  expired: 'coupon_code has expired',
} as const;
export const isCouponError = (message: string | undefined): boolean =>
  !!message && message.toLowerCase().startsWith('coupon');

/** What a plan unlocks, written into the company subscription's definition on purchase. */
export const PlanDefinition = SubscriptionDefinition;
export type PlanDefinition = z.infer<typeof PlanDefinition>;

/** Spec 3 §3 Tier: ending_unit null is open-ended. Price in cents for the whole tier, per period. */
export const Tier = z.object({
  starting_unit: z.number().int().min(1),
  ending_unit: z.number().int().nullable(),
  price: z.number().int().min(0),
});
export type Tier = z.infer<typeof Tier>;

/** One priced variant of a plan family (its id ends -monthly or -yearly). */
export const PlanVariant = z.object({
  id: z.string(),
  period_unit: z.enum(['month', 'year']),
  description: z.string(),
  keyFacts: z.array(z.string()),
  recommended: z.boolean(),
  tiers: z.array(Tier),
  definition: PlanDefinition,
});
export type PlanVariant = z.infer<typeof PlanVariant>;

export const Plan = z.object({
  baseId: z.string(),
  name: z.string(),
  free: z.boolean(),
  monthly: PlanVariant,
  yearly: PlanVariant,
});
export type Plan = z.infer<typeof Plan>;

/** The company's plan as the chooser compares it: planId null while on a trial or without a plan. */
export const CurrentPlan = z.object({
  planId: z.string().nullable(),
  name: z.string(),
  seats: z.number().int().nullable(),
  period: z.enum(BILLING_PERIODS).nullable(),
  trial: z.boolean(),
});
export type CurrentPlan = z.infer<typeof CurrentPlan>;

export const PlansResponse = z.object({
  catalogueVersion: z.number().int(),
  plans: z.array(Plan),
  enterprise_units: z.number().int(),
  current: CurrentPlan,
  usersInUse: z.number().int(),
});
export type PlansResponse = z.infer<typeof PlansResponse>;

/** The billing form (spec 3 §5): names and email required, the rest optional strings. */
const line = (max: number) =>
  z.string().trim().max(max).refine(hasNoControlCharacters, MESSAGES.controlCharacters).optional();
export const BillingInfo = z.object({
  firstName: z.string().trim().min(1, 'Please enter your first name').max(100),
  lastName: z.string().trim().min(1, 'Please enter your last name').max(100),
  email: z.email('Please enter a valid email').max(100),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Choose a country')
    .optional()
    .or(z.literal('')),
  line1: line(200),
  line2: line(200),
  city: line(100),
  state: line(100),
  zip: line(20),
  coupon: line(50),
});
export type BillingInfo = z.infer<typeof BillingInfo>;

export const SeatCount = z.number().int().min(1).max(100_000);

export const EstimateRequest = z.object({
  planId: z.string().max(100),
  seats: SeatCount,
  coupon: z.string().trim().max(50).optional(),
});
export type EstimateRequest = z.infer<typeof EstimateRequest>;

/** Spec 3 §3 Estimate, amounts in cents. */
export const Estimate = z.object({
  estimate: z.object({
    invoice_estimate: z.object({
      sub_total: z.number().int(),
      discount: z.number().int(),
      credits_applied: z.number().int(),
      total: z.number().int(),
    }),
    next_invoice_estimate: z.object({ total: z.number().int() }),
    credit_note_estimates: z.array(z.object({ amount_available: z.number().int() })),
    subscription_estimate: z.object({ next_billing_at: z.string(), status: z.literal('active') }),
  }),
  tier: Tier,
  perUserPrice: z.number(),
  coupon: z.object({ code: z.string(), description: z.string() }).nullable(),
  /**
   * The 'Additional seats' line the next invoice carries: the seat-days over the plan so far in the
   * running term (the renewal invoice's rule), included in next_invoice_estimate; null when none, or
   * when the change starts a new term.
   */
  overage: z.object({ seatDays: z.number().int(), amount: z.number().int() }).nullable(),
});
export type Estimate = z.infer<typeof Estimate>;

export const PurchaseRequest = EstimateRequest.extend({
  billing: BillingInfo,
  /** The payment method the provider's card step produced (a Stripe PaymentMethod or a test-provider nonce). */
  paymentNonce: z.string().max(2000).optional(),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

/** Spec 3 §3 Subscription record. */
export const SubscriptionRecord = z.object({
  plan_id: z.string(),
  plan_quantity: z.number().int(),
  status: z.enum(['active', 'past_due', 'cancelled']),
});
export type SubscriptionRecord = z.infer<typeof SubscriptionRecord>;

/** What the card step needs: which provider, its publishable key, and whether it is the test provider. */
export const PaymentClientToken = z.object({
  provider: z.enum(['stripe', 'test']),
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type PaymentClientToken = z.infer<typeof PaymentClientToken>;

export const CardSetupRequest = z.object({
  /** Test provider only: the card as typed (the test provider holds no real card). */
  card: z
    .object({
      number: z.string().max(30),
      expiry: z.string().max(7),
      cvc: z.string().max(4),
    })
    .optional(),
  amount: z.number().int().min(0),
});
export const CardSetup = z.object({
  status: z.enum(['succeeded', 'requires_action']),
  /** Stripe: the SetupIntent's client secret; test: the pending check to confirm. */
  clientSecret: z.string().nullable(),
  paymentNonce: z.string().nullable(),
});
export type CardSetup = z.infer<typeof CardSetup>;
export const CardConfirmRequest = z.object({ clientSecret: z.string().max(2000), approve: z.boolean() });

export const CanEditRequest = z.object({ subscriptionCode: z.string().max(100), newSeats: SeatCount });
export const CanReduceRequest = z.object({ newSeats: SeatCount });
/** Spec 3 §3 Can-edit result. */
export const CanEditResult = z.object({
  canBeEdited: z.boolean(),
  activeTrainings: z.number().int(),
  activeAssessments: z.number().int(),
  removeEmployees: z.number().int(),
  removeSeats: z.number().int(),
});
export type CanEditResult = z.infer<typeof CanEditResult>;
/** Spec 3 §3 Can-be-removed result. */
export const CanBeRemovedResult = z.object({
  canBeRemoved: z.boolean(),
  activeTrainings: z.number().int(),
  activeAssessments: z.number().int(),
});
export type CanBeRemovedResult = z.infer<typeof CanBeRemovedResult>;

export const Invoice = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  description: z.string(),
  total: z.number().int(),
  status: z.enum(['paid', 'open', 'failed', 'void']),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET subscriptions: the settings page's state (spec 3 §2.4, §4). */
export const SubscriptionOverview = z.object({
  state: z.enum(['trial', 'active', 'expired', 'none']),
  plan: CurrentPlan,
  seatsUsed: z.number().int(),
  seatsBought: z.number().int().nullable(),
  validTo: z.string().nullable(),
  nextBillingAt: z.string().nullable(),
  cancelled: z.boolean(),
  /** A paid subscription that was deactivated or ran out, which 'Reactivate' restarts. */
  canReactivate: z.boolean(),
  partner: z.boolean(),
  billingEnabled: z.boolean(),
  testMode: z.boolean(),
  supportEmail: z.string(),
  invoices: z.array(Invoice),
  /** Seat-days over the plan in the running term, billed with the next invoice ('Additional seats'). */
  overageSeatDays: z.number().int(),
  /** The last renewal payment failed and is being retried (dunning): the app shows a banner. */
  paymentFailed: z.boolean(),
});
export type SubscriptionOverview = z.infer<typeof SubscriptionOverview>;

// ---------------------------------------------------------------------------------------------------
// Rules

/** The tier holding `seats`, or null when no tier does (more seats than the last closed tier). */
export function tierFor(tiers: readonly Tier[], seats: number): Tier | null {
  return (
    tiers.find((t) => seats >= t.starting_unit && (t.ending_unit === null || seats <= t.ending_unit)) ?? null
  );
}

/** A tier's seat range as the card shows it; open-ended reads 'up to 500'. */
export function tierLabel(tier: Tier): string {
  return `up to ${tier.ending_unit ?? BILLING.openEndedShownAs}`;
}

/** Displayed price: cents / 100 with two decimals. */
export const formatPrice = (cents: number): string => (cents / 100).toFixed(2);

/** Per-user price per month: tier price / (12 if yearly) / seats / 100 (spec 3 §9). */
export function perUserPrice(tierPrice: number, period: BillingPeriod, seats: number): number {
  return tierPrice / PERIOD_MONTHS[period] / seats / 100;
}

export const periodOfPlanId = (planId: string): BillingPeriod | null =>
  planId.endsWith('-yearly') ? 'yearly' : planId.endsWith('-monthly') ? 'monthly' : null;

/** The same date `months` later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb), in UTC. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Next billing date: one period after the term started. */
export const nextBillingDate = (termStart: Date, period: BillingPeriod): Date =>
  addMonths(termStart, PERIOD_MONTHS[period]);

export interface Coupon {
  code: string;
  kind: 'percent' | 'amount';
  /** percent: 1–100; amount: cents off. */
  value: number;
  /** once: the first invoice only; forever: every invoice. */
  duration: 'once' | 'forever';
  /** Last moment it can be redeemed, or null. */
  validTill: Date | null;
  description: string;
}

/** The coupon's problem at `now`, or null when it may be redeemed. */
export function couponProblem(coupon: Coupon | null, now: Date): string | null {
  if (!coupon) return COUPON_ERRORS.unknown;
  if (coupon.validTill && coupon.validTill.getTime() < now.getTime()) return COUPON_ERRORS.expired;
  return null;
}

/** Cents a coupon takes off `amount` (never more than the amount). */
export function couponDiscount(coupon: Coupon | null, amount: number): number {
  if (!coupon || amount <= 0) return 0;
  const off = coupon.kind === 'percent' ? Math.round((amount * coupon.value) / 100) : coupon.value;
  return Math.min(amount, off);
}

const DAY_MS = 86_400_000;

/** Whole days in a term (a month of 28–31, a year of 365 or 366). */
export const termDays = (termStart: Date, termEnd: Date): number =>
  Math.round((termEnd.getTime() - termStart.getTime()) / DAY_MS);

/** One day a company was over its seats: the seats it had bought that day and the seats it used. */
export interface OverageDay {
  seats: number;
  used: number;
}

/** Seat-days over the plan: each day, the seats used beyond the seats bought. */
export const overageSeatDays = (days: readonly OverageDay[]): number =>
  days.reduce((sum, d) => sum + Math.max(0, d.used - d.seats), 0);

/**
 * The overage charge of a term: each day over the seats bills (used − seats) seat-days at the plan's
 * per-seat daily price (the tier price of the bought seats / seats / days in the term), in cents,
 * rounded once at the end.
 */
export function overageCharge(input: {
  price: number;
  seats: number;
  termDays: number;
  days: readonly OverageDay[];
}): { seatDays: number; amount: number } {
  const seatDays = overageSeatDays(input.days);
  if (seatDays === 0 || input.seats <= 0 || input.termDays <= 0) return { seatDays, amount: 0 };
  return { seatDays, amount: Math.round((seatDays * input.price) / input.seats / input.termDays) };
}

/**
 * Share of a term still ahead at `now`, 0–1, in whole days: the day of a change counts as unused, so
 * an estimate and the purchase made the same day agree to the cent.
 */
export function unusedShare(termStart: Date, termEnd: Date, now: Date): number {
  const days = termDays(termStart, termEnd);
  if (days <= 0) return 0;
  const left = Math.ceil((termEnd.getTime() - now.getTime()) / DAY_MS);
  return Math.min(1, Math.max(0, left / days));
}

/** The price of a term's unused part, rounded to the cent. */
export const prorated = (price: number, share: number): number => Math.round(price * share);

/** The subscription being paid for, when the company has one. */
export interface ActiveTerm {
  price: number;
  period: BillingPeriod;
  termStart: Date;
  termEnd: Date;
}

export interface EstimateInput {
  /** The paid term running now; null for a first purchase (trial, free, expired). */
  current: ActiveTerm | null;
  price: number;
  period: BillingPeriod;
  coupon: Coupon | null;
  /** Credit the company already holds from earlier downgrades. */
  creditBalance: number;
  now: Date;
}

export interface EstimateFigures {
  subTotal: number;
  discount: number;
  creditsApplied: number;
  total: number;
  /** Credit left after this invoice (a downgrade's unused time beyond what it pays). */
  creditLeft: number;
  nextBillingAt: Date;
  /** The invoice on the next billing date, before any credit. */
  nextInvoiceTotal: number;
  /** The term the new subscription runs in. */
  termStart: Date;
}

/**
 * What a purchase or change costs now and next:
 * - a first purchase pays the tier price for a term starting now;
 * - a change in the same billing period keeps the term: it pays the new price for the unused share,
 *   and is credited the old price for that share (an upgrade pays the difference, a downgrade leaves
 *   credit for later invoices);
 * - a change of billing period starts a new term now: it pays the new price in full, credited the old
 *   term's unused share.
 * A coupon takes off the charge before credits; a 'forever' coupon also off the next invoice.
 */
export function estimateChange(input: EstimateInput): EstimateFigures {
  const { current, price, period, coupon, now } = input;
  const keepsTerm =
    current !== null && current.period === period && current.termEnd.getTime() > now.getTime();
  const termStart = keepsTerm ? current.termStart : now;
  const share = current ? unusedShare(current.termStart, current.termEnd, now) : 0;
  const subTotal = keepsTerm ? prorated(price, share) : price;
  const credit = (current ? prorated(current.price, share) : 0) + input.creditBalance;
  const discount = couponDiscount(coupon, subTotal);
  const due = subTotal - discount;
  const creditsApplied = Math.min(credit, due);
  const nextBillingAt = keepsTerm ? current.termEnd : nextBillingDate(now, period);
  const recurringDiscount = coupon?.duration === 'forever' ? couponDiscount(coupon, price) : 0;
  return {
    subTotal,
    discount,
    creditsApplied,
    total: due - creditsApplied,
    creditLeft: credit - creditsApplied,
    nextBillingAt,
    nextInvoiceTotal: price - recurringDiscount,
    termStart,
  };
}

/** Spec 3 §4: the plan card's button text, e.g. 'Change seats & Bill annually'. */
export function planButtonText(
  plan: { baseId: string; name: string },
  choice: { seats: number; period: BillingPeriod },
  current: { baseId: string | null; seats: number | null; period: BillingPeriod | null },
): { text: string; disabled: boolean } {
  if (current.baseId !== plan.baseId) return { text: `Choose ${plan.name}`, disabled: false };
  const parts: string[] = [];
  if (current.seats !== choice.seats) parts.push('Change seats');
  if (current.period !== choice.period)
    parts.push(choice.period === 'yearly' ? 'Bill annually' : 'Bill monthly');
  if (parts.length === 0) return { text: 'Current plan', disabled: true };
  return { text: parts.join(' & '), disabled: false };
}

/** The plan family a plan id belongs to ('business-yearly' → 'business'). */
export const baseIdOf = (planId: string): string => planId.replace(/-(monthly|yearly)$/, '');
