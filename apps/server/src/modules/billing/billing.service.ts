import {
  BILLING,
  BILLING_TEXT,
  couponDiscount,
  couponProblem,
  estimateChange,
  overageCharge,
  overageSeatDays,
  perUserPrice,
  periodOfPlanId,
  mayManageBilling,
  tierFor,
  nextBillingDate,
  termDays,
  type ActiveTerm,
  type BillingInfo,
  type CanBeRemovedResult,
  type CanEditResult,
  type CardSetup,
  type CurrentPlan,
  type Estimate,
  type EstimateRequest,
  type Invoice,
  type PaymentClientToken,
  type PlansResponse,
  type PurchaseRequest,
  type SubscriptionOverview,
  type SubscriptionRecord,
} from '@vigil/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueue, MAIL_RETRY } from '../../jobs/jobs.ts';
import type { Queue } from '../../jobs/queue.ts';
import { AppError, Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { publicScope } from '../../http/guards.ts';
import type { TenantContext } from '../../http/tenant.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import { overageDays, seatsUsed } from '../../lib/entitlements.ts';
import { CATALOGUE_VERSION, findPlan, PLANS } from './billing.plans.ts';
import { renderInvoicePdf } from './billing.pdf.ts';
import {
  activeCampaigns,
  billingRecipients,
  billingState,
  claimEvent,
  companyOfProviderSubscriptionAcrossCompanies,
  insertInvoice,
  invoiceById,
  invoiceByProviderId,
  invoicesOf,
  moveTerm,
  saveAccount,
  savePackage,
  setInvoiceStatus,
  setPackageValidTo,
  updateAccount,
  upsertProviderInvoice,
  type BillingAccountRow,
  type BillingState,
  type InvoiceRow,
} from './billing.queries.ts';
import {
  ProviderError,
  type CardInput,
  type PaymentProvider,
  type ProviderEvent,
} from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { PAYMENT_FAILED_JOB } from './billing.jobs.ts';
import { createTestProvider, renewalDeclined } from './test-provider.ts';

/**
 * What every billing call works with: the database, the configuration, the payment provider and the
 * job queue (the payment mails).
 */
export interface Billing {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  queue: Queue;
}

/**
 * The test provider's dunning schedule: a declined renewal is charged again 3, 5 and 7 days after
 * the renewal date; the managers are mailed at each failure; after the last one the subscription
 * ends (as Stripe's "cancel the subscription if all retries fail" setting). With Stripe the schedule
 * is Stripe's own retry settings: each `invoice.payment_failed` it sends is mailed.
 */
export const PAYMENT_RETRY_DAYS = [3, 5, 7] as const;
const DAY_MS = 86_400_000;

/** Mails 'Payment failed' to everyone who manages the company's billing. Call after the change is committed. */
async function mailPaymentFailed(
  b: Billing,
  scope: CompanyScope,
  notice: { invoiceId: string; nextAttempt: Date | null; endedOn: Date | null },
): Promise<void> {
  for (const userId of await billingRecipients(b.db, scope)) {
    await enqueue(
      b,
      PAYMENT_FAILED_JOB,
      {
        companyId: scope.companyId,
        userId,
        invoiceId: notice.invoiceId,
        nextAttempt: notice.nextAttempt?.toISOString() ?? null,
        endedOn: notice.endedOn?.toISOString() ?? null,
      },
      MAIL_RETRY,
    );
  }
}

/** Stripe when a key is configured, else the built-in test provider. */
export function paymentProviderFor(config: Config): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe) : createTestProvider(config.secretKey);
}

/** The billing calls' dependencies for a server context (its routes, the partner routes and jobs). */
export const billingFor = (ctx: Pick<Billing, 'db' | 'config' | 'queue'>): Billing => ({
  db: ctx.db,
  config: ctx.config,
  provider: paymentProviderFor(ctx.config),
  queue: ctx.queue,
});

const planGone = () => Invalid(['Choose one of the plans offered.']);

/** A card or provider refusal becomes a 402 the wizard shows in its error banner. */
function providerFailure(err: unknown): never {
  if (err instanceof ProviderError) {
    if (err.code === 'coupon') throw Invalid([err.message]);
    throw new AppError(402, 'Payment Required', err.message);
  }
  throw err;
}

// ---------------------------------------------------------------------------------------------------
// Who may, and what the company has

/**
 * Admins and the billing manager manage the subscription; a company with a partner subscription is
 * told to contact support (spec 3 §4). Answers the company's billing state.
 */
async function managedState(
  b: Billing,
  tenant: TenantContext,
  opts: { plans: boolean },
): Promise<BillingState> {
  if (!mayManageBilling(tenant)) throw Forbidden();
  const state = await readState(b, tenant);
  if (opts.plans && state.subscription?.partner) {
    throw Forbidden(BILLING_TEXT.partnerContactSupport(b.config.supportEmail));
  }
  return state;
}

/** The company's billing state, with the test provider's due renewals applied first. */
async function readState(b: Billing, scope: CompanyScope): Promise<BillingState> {
  const state = await billingState(b.db, scope);
  if (!state) throw NotFound('Company not found.');
  const renewed = await renewDueTestTerm(b, scope, state);
  const retried = await retryTestPayment(b, scope, renewed ? (await billingState(b.db, scope))! : state);
  return renewed || retried ? (await billingState(b.db, scope))! : state;
}

/**
 * The test provider has no clock of its own: a paid term that ended without being deactivated is
 * renewed, with its invoices, when the company's billing is next read, as Stripe would have renewed
 * it. The term moves on only if no other process moved it first, so each period is invoiced once.
 * Each renewal invoice also charges the seat-days the company was over its seats in the term that
 * just ended ('Additional seats', at the plan's per-seat daily price). A card on file whose renewal is
 * declined (test card 4000 0000 0000 0341) leaves the invoice failed and the account past due, and
 * the billing managers are mailed; retryTestPayment charges it again.
 */
async function renewDueTestTerm(b: Billing, scope: CompanyScope, state: BillingState): Promise<boolean> {
  const account = state.account;
  const now = new Date();
  if (!account || account.provider !== 'test' || b.provider.kind !== 'test') return false;
  if (account.cancelledAt || account.status === 'cancelled' || account.termEnd.getTime() > now.getTime())
    return false;
  const starts: Date[] = [];
  for (
    let start = account.termEnd;
    start.getTime() <= now.getTime();
    start = nextBillingDate(start, account.period)
  ) {
    starts.push(start);
  }
  const last = starts.at(-1)!;
  const coupon = account.couponCode ? await b.provider.findCoupon(account.couponCode) : null;
  const name = findPlan(account.planId)?.plan.name ?? account.planId;
  const declined = renewalDeclined(account.paymentMethod);
  const failed = await b.db.transaction(async (tx) => {
    if (!(await moveTerm(tx, scope, account.termEnd, last, nextBillingDate(last, account.period))))
      return null;
    let lastInvoice: InvoiceRow | null = null;
    let credit = account.creditBalance;
    let ended = account.termStart;
    for (const start of starts) {
      const overage = overageCharge({
        price: account.price,
        seats: account.seats,
        termDays: termDays(ended, start),
        days: await overageDays(tx, scope, { from: ended, to: start }),
      });
      ended = start;
      const subTotal = account.price + overage.amount;
      const discount = couponDiscount(coupon, subTotal);
      const creditsApplied = Math.min(credit, subTotal - discount);
      credit -= creditsApplied;
      lastInvoice = await insertInvoice(tx, scope, {
        issuedAt: start,
        periodStart: start,
        periodEnd: nextBillingDate(start, account.period),
        description: describe(name, account.seats, account.period, false),
        planId: account.planId,
        seats: account.seats,
        subTotal,
        overageSeatDays: overage.seatDays,
        overage: overage.amount,
        discount,
        creditsApplied,
        total: subTotal - discount - creditsApplied,
        status: declined ? 'failed' : 'paid',
        billingInfo: account.billingInfo,
      });
    }
    await updateAccount(tx, scope, { creditBalance: credit, ...(declined ? { status: 'past_due' } : {}) });
    return { invoice: lastInvoice! };
  });
  if (!failed) return false;
  if (declined) {
    await mailPaymentFailed(b, scope, {
      invoiceId: failed.invoice.id,
      nextAttempt: retryDate(failed.invoice.issuedAt, 0),
      endedOn: null,
    });
  }
  return true;
}

const retryDate = (renewal: Date, attempt: number): Date | null => {
  const days = PAYMENT_RETRY_DAYS[attempt];
  return days === undefined ? null : new Date(renewal.getTime() + days * DAY_MS);
};

/**
 * The test provider's retries of a declined renewal (PAYMENT_RETRY_DAYS after it): each due attempt is
 * made once (claimed as an event, so concurrent reads cannot both make it). A card that now pays
 * marks the invoice paid and the account active; one still declined mails the managers again, and
 * after the last attempt the subscription ends.
 */
async function retryTestPayment(b: Billing, scope: CompanyScope, state: BillingState): Promise<boolean> {
  const account = state.account;
  if (!account || account.provider !== 'test' || b.provider.kind !== 'test') return false;
  if (account.status !== 'past_due') return false;
  const invoice = (await invoicesOf(b.db, scope)).find((i) => i.status === 'failed');
  if (!invoice) return false;
  const now = new Date();
  const declined = renewalDeclined(account.paymentMethod);
  const outcome = await b.db.transaction(async (tx) => {
    let made = -1;
    for (let attempt = 0; attempt < PAYMENT_RETRY_DAYS.length; attempt++) {
      if (retryDate(invoice.issuedAt, attempt)!.getTime() > now.getTime()) break;
      if (await claimEvent(tx, 'test', `${invoice.id}:retry:${attempt + 1}`, 'invoice.payment_retry'))
        made = attempt;
      if (made >= 0 && !declined) break;
    }
    if (made < 0) return null;
    if (!declined) {
      await setInvoiceStatus(tx, scope, invoice.id, 'paid');
      await updateAccount(tx, scope, { status: 'active' });
      return { paid: true, attempt: made };
    }
    const final = made === PAYMENT_RETRY_DAYS.length - 1;
    if (final) {
      await updateAccount(tx, scope, { status: 'cancelled', cancelledAt: now, termEnd: now });
      await setPackageValidTo(tx, scope, now);
    }
    return { paid: false, attempt: made, final };
  });
  if (!outcome) return false;
  if (!outcome.paid) {
    await mailPaymentFailed(b, scope, {
      invoiceId: invoice.id,
      nextAttempt: outcome.final ? null : retryDate(invoice.issuedAt, outcome.attempt + 1),
      endedOn: outcome.final ? now : null,
    });
  }
  companyChanged(scope.companyId);
  return true;
}

/** The paid term running now, if any: the base of proration. */
function runningTerm(
  account: BillingAccountRow | null,
  now: Date,
): (ActiveTerm & { account: BillingAccountRow }) | null {
  if (!account || account.status === 'cancelled' || account.termEnd.getTime() <= now.getTime()) return null;
  return {
    price: account.price,
    period: account.period,
    termStart: account.termStart,
    termEnd: account.termEnd,
    account,
  };
}

function currentPlanOf(state: BillingState, now: Date): CurrentPlan {
  const { subscription: sub, account, company } = state;
  const term = runningTerm(account, now);
  const trial = !!company.trialEnds || !!sub?.trial;
  const freePlan = PLANS.find((p) => p.free)!;
  const planId = term ? term.account.planId : sub?.packageName === freePlan.name ? freePlan.monthly.id : null;
  return {
    planId,
    name: trial && !term ? 'Trial' : (sub?.packageName ?? 'Trial'),
    seats: term ? term.account.seats : (sub?.seats ?? null),
    period: term ? term.account.period : null,
    trial: trial && !term,
  };
}

function stateOf(state: BillingState, now: Date): SubscriptionOverview['state'] {
  const { subscription: sub, company } = state;
  if (company.trialEnds || sub?.trial) {
    return company.trialEnds && company.trialEnds.getTime() <= now.getTime() ? 'expired' : 'trial';
  }
  if (!sub) return 'none';
  return !sub.validTo || sub.validTo.getTime() > now.getTime() ? 'active' : 'expired';
}

const presentInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: invoiceNumber(row),
  date: row.issuedAt.toISOString(),
  description: row.description,
  total: row.total,
  status: row.status,
});

export const invoiceNumber = (row: Pick<InvoiceRow, 'seq'>) => `INV-${String(row.seq).padStart(6, '0')}`;

// ---------------------------------------------------------------------------------------------------
// Reading

/** GET subscriptions: what the settings page shows. Viewers see it too (read only). */
export async function subscriptionOverview(b: Billing, tenant: TenantContext): Promise<SubscriptionOverview> {
  const state = await readState(b, tenant);
  const now = new Date();
  const mayManage = mayManageBilling(tenant);
  const term = runningTerm(state.account, now);
  const [used, invoices, over] = await Promise.all([
    seatsUsed(b.db, tenant),
    mayManage ? invoicesOf(b.db, tenant) : [],
    term ? overageDays(b.db, tenant, { from: term.termStart, to: term.termEnd }) : [],
  ]);
  return {
    state: stateOf(state, now),
    plan: currentPlanOf(state, now),
    seatsUsed: used,
    seatsBought: state.subscription?.seats ?? null,
    validTo: (state.subscription?.validTo ?? state.company.trialEnds)?.toISOString() ?? null,
    nextBillingAt: term && !term.account.cancelledAt ? term.termEnd.toISOString() : null,
    cancelled: !!state.account?.cancelledAt,
    canReactivate:
      !!state.account?.subscriptionId &&
      state.account.provider === b.provider.kind &&
      (!!state.account.cancelledAt || !term) &&
      !state.subscription?.partner,
    partner: state.subscription?.partner ?? false,
    billingEnabled: state.company.billingEnabled,
    testMode: b.provider.clientToken().testMode,
    supportEmail: b.config.supportEmail,
    invoices: invoices.map(presentInvoice),
    overageSeatDays: overageSeatDays(over),
    paymentFailed: state.account?.status === 'past_due',
  };
}

/** Load plans (spec 3 §7): the catalogue and the company's current plan. */
export async function loadPlans(b: Billing, tenant: TenantContext): Promise<PlansResponse> {
  const state = await managedState(b, tenant, { plans: true });
  return {
    catalogueVersion: CATALOGUE_VERSION,
    plans: PLANS,
    enterprise_units: BILLING.enterpriseUnits,
    current: currentPlanOf(state, new Date()),
    usersInUse: await seatsUsed(b.db, tenant),
  };
}

export async function paymentClientToken(b: Billing, tenant: TenantContext): Promise<PaymentClientToken> {
  await managedState(b, tenant, { plans: true });
  return b.provider.clientToken();
}

/** A plan id and seat count the catalogue offers, with its tier. */
function choice(planId: string, seats: number) {
  const found = findPlan(planId);
  const period = periodOfPlanId(planId);
  if (!found || !period) throw planGone();
  if (seats >= BILLING.enterpriseUnits) {
    throw Invalid([
      `For ${BILLING.enterpriseUnits} or more seats, please contact us for the Enterprise plan.`,
    ]);
  }
  const tier = tierFor(found.variant.tiers, seats);
  if (!tier)
    throw Invalid([
      `The ${found.plan.name} plan is for up to ${found.variant.tiers.at(-1)?.ending_unit} employees.`,
    ]);
  return { ...found, period, tier };
}

async function couponFor(b: Billing, code: string | undefined, now: Date) {
  if (!code) return null;
  const coupon = await b.provider.findCoupon(code).catch(providerFailure);
  const problem = couponProblem(coupon, now);
  if (problem) throw Invalid([problem]);
  return coupon;
}

/** Estimate (spec 3 §3): what choosing this plan and seats costs now and on the next billing date. */
export async function estimate(b: Billing, tenant: TenantContext, req: EstimateRequest): Promise<Estimate> {
  const state = await managedState(b, tenant, { plans: true });
  const now = new Date();
  const { tier, period } = choice(req.planId, req.seats);
  const coupon = await couponFor(b, req.coupon, now);
  const current = runningTerm(state.account, now);
  const figures = estimateChange({
    current,
    price: tier.price,
    period,
    coupon,
    creditBalance: state.account?.creditBalance ?? 0,
    now,
  });
  // Changing a real provider's subscription: its own invoice preview is what it will charge.
  const account = current?.account;
  const preview =
    account?.subscriptionId && account.provider === b.provider.kind
      ? await b.provider
          .previewChange({
            subscriptionId: account.subscriptionId,
            planId: req.planId,
            seats: req.seats,
            newTerm: current!.period !== period,
            couponCode: coupon?.code ?? null,
          })
          .catch(providerFailure)
      : null;
  const due = preview ?? figures;
  // Over its seats this term: the renewal invoice adds those seat-days, unless the change starts a new term.
  const overage =
    current && current.period === period
      ? overageCharge({
          price: current.price,
          seats: current.account.seats,
          termDays: termDays(current.termStart, current.termEnd),
          days: await overageDays(b.db, tenant, { from: current.termStart, to: current.termEnd }),
        })
      : null;
  return {
    estimate: {
      invoice_estimate: {
        sub_total: due.subTotal,
        discount: due.discount,
        credits_applied: due.creditsApplied,
        total: due.total,
      },
      next_invoice_estimate: { total: figures.nextInvoiceTotal + (overage?.amount ?? 0) },
      credit_note_estimates: due.creditLeft > 0 ? [{ amount_available: due.creditLeft }] : [],
      subscription_estimate: { next_billing_at: figures.nextBillingAt.toISOString(), status: 'active' },
    },
    tier,
    perUserPrice: perUserPrice(tier.price, period, req.seats),
    coupon: coupon ? { code: coupon.code, description: coupon.description } : null,
    overage: overage && overage.amount > 0 ? overage : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Checks before a change (the blocking dialogs' data)

const allows = (list: 'all' | string[] | undefined) =>
  list === 'all' || (Array.isArray(list) && list.length > 0);

/** POST subscriptions/canEditSubscriptionPlan {subscriptionCode, newSeats}. */
export async function canEditSubscriptionPlan(
  b: Billing,
  tenant: TenantContext,
  req: { subscriptionCode: string; newSeats: number },
): Promise<CanEditResult> {
  await managedState(b, tenant, { plans: true });
  const found = findPlan(req.subscriptionCode);
  if (!found) throw planGone();
  const [inUse, active] = await Promise.all([seatsUsed(b.db, tenant), activeCampaigns(b.db, tenant)]);
  const { definition, tiers } = found.variant;
  const activeTrainings = allows(definition.trainingSubjects) ? 0 : active.trainings;
  const activeAssessments = allows(definition.assessmentQuestions) ? 0 : active.assessments;
  const removeEmployees = Math.max(0, inUse - req.newSeats);
  const planMax = tiers.at(-1)?.ending_unit ?? BILLING.enterpriseUnits - 1;
  const removeSeats = Math.max(0, req.newSeats - planMax);
  return {
    canBeEdited: activeTrainings + activeAssessments + removeEmployees + removeSeats === 0,
    activeTrainings,
    activeAssessments,
    removeEmployees,
    removeSeats,
  };
}

/** POST subscriptions/canReduceSeats {newSeats}: the employees in use must fit. */
export async function canReduceSeats(
  b: Billing,
  tenant: TenantContext,
  newSeats: number,
): Promise<CanEditResult> {
  await managedState(b, tenant, { plans: true });
  const removeEmployees = Math.max(0, (await seatsUsed(b.db, tenant)) - newSeats);
  return {
    canBeEdited: removeEmployees === 0,
    activeTrainings: 0,
    activeAssessments: 0,
    removeEmployees,
    removeSeats: 0,
  };
}

/** GET subscriptions/canBeRemoved: deactivating needs no running training program or assessment. */
export async function canBeRemoved(b: Billing, tenant: TenantContext): Promise<CanBeRemovedResult> {
  await managedState(b, tenant, { plans: false });
  const active = await activeCampaigns(b.db, tenant);
  return {
    canBeRemoved: active.trainings + active.assessments === 0,
    activeTrainings: active.trainings,
    activeAssessments: active.assessments,
  };
}

// ---------------------------------------------------------------------------------------------------
// Changes

/** Create subscription / change plan (spec 3 §7): pays through the provider, then unlocks the plan. */
export async function purchase(
  b: Billing,
  tenant: TenantContext,
  req: PurchaseRequest,
): Promise<SubscriptionRecord> {
  const state = await managedState(b, tenant, { plans: true });
  const now = new Date();
  const { plan, variant, tier, period } = choice(req.planId, req.seats);
  const current = runningTerm(state.account, now);
  if (current && current.account.planId === req.planId && current.account.seats === req.seats) {
    throw Invalid(['This is already your current plan.']);
  }
  const check = await canEditSubscriptionPlan(b, tenant, {
    subscriptionCode: req.planId,
    newSeats: req.seats,
  });
  if (!check.canBeEdited) {
    throw Conflict(
      check.removeEmployees > 0 ? BILLING_TEXT.unableToChangeSeats : BILLING_TEXT.unableToChangePlan,
    );
  }
  const coupon = await couponFor(b, req.billing.coupon || req.coupon, now);

  if (plan.free) {
    if (current && !current.account.cancelledAt) {
      throw Conflict('Please deactivate your paid subscription before moving to the Free plan.');
    }
    await savePackage(b.db, tenant, {
      packageName: plan.name,
      seats: BILLING.freeSeats,
      definition: variant.definition,
      validTo: null,
    });
    companyChanged(tenant.companyId);
    return { plan_id: variant.id, plan_quantity: BILLING.freeSeats, status: 'active' };
  }

  const figures = estimateChange({
    current,
    price: tier.price,
    period,
    coupon,
    creditBalance: state.account?.creditBalance ?? 0,
    now,
  });
  const sameProvider = state.account?.provider === b.provider.kind ? state.account : null;
  const result = await b.provider
    .subscribe({
      companyId: tenant.companyId,
      planId: variant.id,
      seats: req.seats,
      period,
      billing: req.billing,
      customerId: sameProvider?.customerId ?? null,
      subscriptionId: current && sameProvider ? sameProvider.subscriptionId : null,
      paymentNonce: req.paymentNonce ?? null,
      couponCode: coupon?.code ?? null,
      newTerm: !current || current.period !== period,
    })
    .catch(providerFailure);

  const forever = coupon?.duration === 'forever' ? coupon.code : null;
  await b.db.transaction(async (tx) => {
    await saveAccount(tx, tenant, {
      provider: b.provider.kind,
      customerId: result.customerId,
      subscriptionId: result.subscriptionId,
      planId: variant.id,
      seats: req.seats,
      period,
      price: tier.price,
      status: result.status,
      termStart: figures.termStart,
      termEnd: figures.nextBillingAt,
      cancelledAt: null,
      creditBalance: figures.creditLeft,
      couponCode: forever ?? (coupon ? null : (state.account?.couponCode ?? null)),
      billingInfo: req.billing,
      paymentMethod: result.paymentMethod ?? state.account?.paymentMethod ?? null,
    });
    await savePackage(tx, tenant, {
      packageName: plan.name,
      seats: req.seats,
      definition: variant.definition,
      ...(current ? {} : { validFrom: now }),
      validTo: null,
      paid: true,
    });
    // Stripe's invoices arrive by webhook; the test provider's are ours to write.
    if (b.provider.kind === 'test') {
      await insertInvoice(tx, tenant, {
        periodStart: now,
        periodEnd: figures.nextBillingAt,
        description: describe(plan.name, req.seats, period, !!current && current.period === period),
        planId: variant.id,
        seats: req.seats,
        subTotal: figures.subTotal,
        discount: figures.discount,
        creditsApplied: figures.creditsApplied,
        total: figures.total,
        status: 'paid',
        billingInfo: req.billing,
      });
    }
  });
  companyChanged(tenant.companyId);
  return { plan_id: variant.id, plan_quantity: req.seats, status: result.status };
}

const describe = (name: string, seats: number, period: 'monthly' | 'yearly', prorated: boolean) =>
  `${name}, ${seats} seats, billed ${period === 'yearly' ? 'annually' : 'monthly'}${prorated ? ' (prorated change)' : ''}`;

/** Card step: a SetupIntent with Stripe, our own check with the test provider. */
export async function setupCard(
  b: Billing,
  tenant: TenantContext,
  input: { card?: CardInput; amount: number },
): Promise<CardSetup> {
  await managedState(b, tenant, { plans: true });
  return b.provider.setupCard(tenant.companyId, input).catch(providerFailure);
}

/** The test provider's 3-D Secure page answered. */
export async function confirmCard(
  b: Billing,
  tenant: TenantContext,
  input: { clientSecret: string; approve: boolean },
): Promise<CardSetup> {
  await managedState(b, tenant, { plans: true });
  return b.provider.confirmCard(tenant.companyId, input.clientSecret, input.approve).catch(providerFailure);
}

/** PUT deactivateSubscription: no renewal; the plan stays usable until the paid term ends. */
export async function deactivate(b: Billing, tenant: TenantContext): Promise<SubscriptionOverview> {
  const state = await managedState(b, tenant, { plans: true });
  const term = runningTerm(state.account, new Date());
  if (!term || term.account.cancelledAt)
    throw Conflict('There is no active paid subscription to deactivate.');
  const check = await canBeRemoved(b, tenant);
  if (!check.canBeRemoved) throw Conflict(BILLING_TEXT.unableToDeactivate);
  if (term.account.subscriptionId) {
    await b.provider.setCancelAtTermEnd(term.account.subscriptionId, true).catch(providerFailure);
  }
  await b.db.transaction(async (tx) => {
    await updateAccount(tx, tenant, { cancelledAt: new Date() });
    await setPackageValidTo(tx, tenant, term.termEnd);
  });
  companyChanged(tenant.companyId);
  return subscriptionOverview(b, tenant);
}

/**
 * Reactivate: before the paid term ends, renewal is simply switched back on; after it ended, a new
 * term of the same plan starts now with the card on file.
 */
export async function reactivate(b: Billing, tenant: TenantContext): Promise<SubscriptionOverview> {
  const state = await managedState(b, tenant, { plans: true });
  const account = state.account;
  // An account that holds only a card (pay-per-view purchases) has no subscription either.
  if (!account?.subscriptionId)
    throw Conflict('There is no subscription to reactivate. Please select a plan.');
  const term = runningTerm(account, new Date());
  if (term && !account.cancelledAt) throw Conflict('Your subscription is active.');
  if (term) {
    if (account.subscriptionId) {
      await b.provider.setCancelAtTermEnd(account.subscriptionId, false).catch(providerFailure);
    }
    await b.db.transaction(async (tx) => {
      await updateAccount(tx, tenant, { cancelledAt: null, status: 'active' });
      await setPackageValidTo(tx, tenant, null);
    });
  } else {
    if (account.provider !== b.provider.kind) throw Conflict('Please select a plan.');
    await purchase(b, tenant, {
      planId: account.planId,
      seats: account.seats,
      billing: account.billingInfo,
      ...(account.couponCode ? { coupon: account.couponCode } : {}),
    });
  }
  companyChanged(tenant.companyId);
  return subscriptionOverview(b, tenant);
}

/** POST create_portal_session: the provider's billing portal, when billing is on and no partner pays. */
export async function portalSession(b: Billing, tenant: TenantContext): Promise<{ url: string | null }> {
  const state = await managedState(b, tenant, { plans: true });
  if (!state.company.billingEnabled) throw Forbidden(`Please contact ${b.config.supportEmail}.`);
  if (!state.account?.customerId || state.account.provider !== b.provider.kind) return { url: null };
  const url = await b.provider
    .portalUrl(state.account.customerId, `${b.config.publicUrl}/settings/subscriptions`)
    .catch(providerFailure);
  return { url };
}

export async function listInvoices(b: Billing, tenant: TenantContext): Promise<{ rows: Invoice[] }> {
  await managedState(b, tenant, { plans: false });
  return { rows: (await invoicesOf(b.db, tenant)).map(presentInvoice) };
}

export async function invoicePdf(b: Billing, tenant: TenantContext, invoiceId: string) {
  await managedState(b, tenant, { plans: false });
  const state = await billingState(b.db, tenant);
  const row = await invoiceById(b.db, tenant, invoiceId);
  if (!row || !state) throw NotFound('Invoice not found.');
  const bytes = await renderInvoicePdf({
    number: invoiceNumber(row),
    row,
    companyName: state.company.name,
    supportEmail: b.config.supportEmail,
  });
  return { bytes, filename: `${invoiceNumber(row)}.pdf` };
}

// ---------------------------------------------------------------------------------------------------
// Provider events (webhooks: the source of truth for paid, failed and cancelled)

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown-subscription';

export async function handleProviderEvent(
  b: Billing,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let event: ProviderEvent;
  try {
    event = b.provider.readWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError(400, 'Bad Request', err.message);
    throw err;
  }
  if (event.type === 'ignored') {
    return (await claimEvent(b.db, b.provider.kind, event.id, event.name)) ? 'ignored' : 'duplicate';
  }
  const subscriptionId = 'invoice' in event ? event.invoice.subscriptionId : event.subscriptionId;
  const companyId = await companyOfProviderSubscriptionAcrossCompanies(b.db, b.provider.kind, subscriptionId);
  // Not ours yet (the purchase is still being saved) or never: the provider retries a non-2xx answer.
  if (!companyId) return 'unknown-subscription';
  const scope = publicScope(companyId, `${b.provider.kind} webhook`);
  let failedInvoice: { id: string; nextAttempt: Date | null } | null = null;
  const outcome = await b.db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (!(await claimEvent(tx, b.provider.kind, event.id, event.type))) return 'duplicate';
    const state = await billingState(tx, scope);
    const account = state?.account;
    if (!account) return 'ignored';
    switch (event.type) {
      case 'invoice.created': {
        // A renewal's draft: add the seat-days over the plan in the term that ended ('Additional seats').
        if (!event.draft || !event.renewal || !account.customerId) return 'ignored';
        const charge = overageCharge({
          price: account.price,
          seats: account.seats,
          termDays: termDays(event.usageStart, event.usageEnd),
          days: await overageDays(tx, scope, { from: event.usageStart, to: event.usageEnd }),
        });
        if (charge.amount <= 0) return 'ignored';
        await b.provider
          .addOverage({
            customerId: account.customerId,
            invoiceId: event.invoice.providerInvoiceId,
            currency: event.currency,
            amount: charge.amount,
            seatDays: charge.seatDays,
            description: `${BILLING_TEXT.additionalSeats}: ${charge.seatDays} seat-days over the plan`,
          })
          .catch(providerFailure);
        return 'applied';
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const { invoice } = event;
        const paid = event.type === 'invoice.paid';
        const plan = findPlan(account.planId);
        await upsertProviderInvoice(tx, scope, {
          providerInvoiceId: invoice.providerInvoiceId,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          description: describe(
            plan?.plan.name ?? account.planId,
            invoice.seats ?? account.seats,
            account.period,
            false,
          ),
          planId: account.planId,
          seats: invoice.seats ?? account.seats,
          subTotal: invoice.subTotal,
          overage: invoice.overage?.amount ?? 0,
          overageSeatDays: invoice.overage?.seatDays ?? 0,
          discount: invoice.discount,
          creditsApplied: invoice.creditsApplied,
          total: invoice.total,
          status: paid ? 'paid' : 'failed',
          billingInfo: account.billingInfo,
        });
        if (paid) {
          const later = invoice.periodEnd.getTime() > account.termEnd.getTime();
          await updateAccount(tx, scope, {
            status: 'active',
            ...(later ? { termStart: invoice.periodStart, termEnd: invoice.periodEnd } : {}),
          });
          if (!account.cancelledAt) await setPackageValidTo(tx, scope, null);
        } else {
          await updateAccount(tx, scope, { status: 'past_due' });
          const row = await invoiceByProviderId(tx, scope, invoice.providerInvoiceId);
          if (row) failedInvoice = { id: row.id, nextAttempt: event.nextAttempt };
        }
        return 'applied';
      }
      case 'subscription.updated': {
        await updateAccount(tx, scope, {
          cancelledAt: event.cancelAtTermEnd ? (account.cancelledAt ?? new Date()) : null,
          ...(event.termStart && event.termEnd ? { termStart: event.termStart, termEnd: event.termEnd } : {}),
          ...(event.seats ? { seats: event.seats } : {}),
        });
        await setPackageValidTo(tx, scope, event.cancelAtTermEnd ? (event.termEnd ?? account.termEnd) : null);
        return 'applied';
      }
      case 'subscription.deleted': {
        const now = new Date();
        await updateAccount(tx, scope, {
          status: 'cancelled',
          cancelledAt: account.cancelledAt ?? now,
          termEnd: now,
        });
        await setPackageValidTo(tx, scope, now);
        return 'applied';
      }
    }
  });
  if (outcome === 'applied') companyChanged(companyId);
  const failed = failedInvoice as { id: string; nextAttempt: Date | null } | null;
  if (failed) {
    await mailPaymentFailed(b, scope, {
      invoiceId: failed.id,
      nextAttempt: failed.nextAttempt,
      endedOn: null,
    });
  }
  return outcome;
}

// Used by other modules.

/**
 * A one-off charge to the company (pay-per-view views): to the card just set up (setupCard's nonce) or
 * the card on file of its billing account with this provider. Billing managers and admins only. As a
 * subscription does (`purchase`), the customer and the card stay the company's billing account: a later
 * charge or subscription uses them. A company without an account gets one that holds only the card (no
 * subscription, no term: nothing to renew or reactivate).
 */
export async function chargeCompanyOnce(
  b: Billing,
  tenant: TenantContext,
  input: { amount: number; description: string; paymentNonce: string | null },
): Promise<{ paymentId: string }> {
  const state = await managedState(b, tenant, { plans: false });
  const account = state.account?.provider === b.provider.kind ? state.account : null;
  if (!input.paymentNonce && !account?.customerId) {
    throw new AppError(402, 'Payment Required', 'Add a card to pay for the views.');
  }
  const paid = await b.provider
    .chargeOnce({
      ownerId: tenant.companyId,
      customerId: account?.customerId ?? null,
      paymentNonce: input.paymentNonce,
      amount: input.amount,
      description: input.description,
      email: null,
      cardOnFile: input.paymentNonce ? null : (account?.paymentMethod ?? null),
    })
    .catch(providerFailure);
  const card = {
    customerId: paid.customerId,
    paymentMethod: paid.paymentMethod ?? account?.paymentMethod ?? null,
  };
  if (account) {
    await updateAccount(b.db, tenant, card);
  } else if (!state.account) {
    const now = new Date();
    await saveAccount(b.db, tenant, {
      provider: b.provider.kind,
      ...card,
      subscriptionId: null,
      planId: '',
      seats: 0,
      period: 'monthly',
      price: 0,
      status: 'cancelled',
      termStart: now,
      termEnd: now,
      cancelledAt: null,
      // No billing details were asked for views: the subscription wizard asks them and saves them here.
      billingInfo: { firstName: '', lastName: '', email: '' },
    });
  }
  return { paymentId: paid.paymentId };
}

/** The card a one-off charge without a new card would use ('Visa •••• 4242'), for those who may pay. */
export async function companyCardOnFile(
  b: Pick<Billing, 'db' | 'config'>,
  tenant: TenantContext,
): Promise<string | null> {
  if (!mayManageBilling(tenant)) return null;
  const state = await billingState(b.db, tenant);
  const account = state?.account;
  if (!account?.customerId || account.provider !== paymentProviderFor(b.config).kind) return null;
  return account.paymentMethod;
}

/**
 * A company already paying for a plan through the test provider since `since`, with one paid invoice
 * per past billing period (the demo company's history).
 */
export async function loadPaidHistory(
  db: Db,
  scope: CompanyScope,
  input: { planId: string; seats: number; since: Date; now: Date; billing: BillingInfo },
): Promise<void> {
  const { plan, variant, tier, period } = choice(input.planId, input.seats);
  const starts: Date[] = [];
  for (
    let start = input.since;
    start.getTime() <= input.now.getTime();
    start = nextBillingDate(start, period)
  ) {
    starts.push(start);
  }
  const termStart = starts.at(-1) ?? input.since;
  await saveAccount(db, scope, {
    provider: 'test',
    customerId: `tcus_demo_${scope.companyId}`,
    subscriptionId: `tsub_demo_${scope.companyId}`,
    planId: variant.id,
    seats: input.seats,
    period,
    price: tier.price,
    status: 'active',
    termStart,
    termEnd: nextBillingDate(termStart, period),
    billingInfo: input.billing,
    paymentMethod: 'Visa •••• 4242',
  });
  await savePackage(db, scope, {
    packageName: plan.name,
    seats: input.seats,
    definition: variant.definition,
    validTo: null,
  });
  for (const start of starts) {
    await insertInvoice(db, scope, {
      issuedAt: start,
      periodStart: start,
      periodEnd: nextBillingDate(start, period),
      description: describe(plan.name, input.seats, period, false),
      planId: variant.id,
      seats: input.seats,
      subTotal: tier.price,
      total: tier.price,
      status: 'paid',
      billingInfo: input.billing,
    });
  }
}

/** The plan catalogue and the provider's refusal, for the partner area (it sells the same plans). */
export { findPlan, PLANS } from './billing.plans.ts';
export { ProviderError } from './payment-provider.ts';

/** A company's running training programs and assessments (what blocks deleting or deactivating it). */
export const activeCampaignsOf = (db: Db, scope: CompanyScope) => activeCampaigns(db, scope);
