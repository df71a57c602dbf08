/**
 * The partner area (spec 3 §2.6, §3, §4, §5, §7): a partner account's customers, their partner
 * subscriptions (the billing catalogue's plans, priced monthly per company), managers, branding and
 * features within the partner's own plan, and the partner's overview and estimate. Dues and credits
 * are in partners.billing.ts and partners.credits.ts; super-admin calls in partners.admin.ts.
 */
import {
  BILLING,
  CUSTOM_TIMESPAN,
  FEATURE_NAMES,
  isPartnerCompanyActive,
  needsUpgrade,
  PARTNER,
  PARTNER_FEATURES,
  PARTNER_MESSAGES,
  PLAN_INTEGRATIONS,
  tierFor,
  validToFor,
  type CanBeRemovedResult,
  type CanEditResult,
  type ManagerCreate,
  type Plan,
  type PartnerBrandingUpdate,
  type PartnerCanEditRequest,
  type PartnerCompaniesPage,
  type PartnerCompanyDetail,
  type PartnerCompanyFeatures,
  type PartnerCompanyForm,
  type PartnerCompanySubscription,
  type PartnerCompanyUpdate,
  type PartnerEstimate,
  type PartnerEstimateRequest,
  type PartnerFeature,
  type PartnerFeaturesUpdate,
  type PartnerPlan,
  type PartnerPlansResponse,
  type SubscriptionDefinition,
} from '@vigil/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import type { PartnerAccess } from '../../http/partner.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import { presentSubscription as presentEntitledSubscription, seatsUsed } from '../../lib/entitlements.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { activeCampaignsOf, PLANS } from '../billing/billing.service.ts';
import { brandOf, saveCompany } from '../companies/companies.service.ts';
import { addManager, removeManager } from '../managers/managers.service.ts';
import {
  clearCompanyColour,
  customer,
  customerNamed,
  customerPlans,
  customersPage,
  deleteCustomer,
  insertCustomer,
  managersOfCustomer,
  setSubscription,
  type SubscriptionRow,
} from './partners.queries.ts';

// ---------------------------------------------------------------------------------------------------
// Plans and prices

const planByCode = (code: string | null | undefined): Plan | null =>
  (code && PLANS.find((p) => p.baseId === code)) || null;

/** The plans a partner may sell: the catalogue's families up to its own plan. */
export function offeredPlans(partner: Pick<PartnerAccess, 'planCode'>): Plan[] {
  const last = PLANS.findIndex((p) => p.baseId === partner.planCode);
  return PLANS.slice(0, last < 0 ? PLANS.length : last + 1);
}

function offeredPlan(partner: Pick<PartnerAccess, 'planCode'>, code: string): Plan {
  const plan = offeredPlans(partner).find((p) => p.baseId === code);
  if (!plan) throw Invalid([PARTNER_MESSAGES.planNotOffered]);
  return plan;
}

/** What a partner's own plan allows (its monthly variant's definition). */
const partnerDefinition = (partner: Pick<PartnerAccess, 'planCode'>): SubscriptionDefinition =>
  (planByCode(partner.planCode) ?? PLANS.at(-1)!).monthly.definition;

/** A customer's monthly price in cents: its plan's monthly tier for its seats (free: 0). */
export function monthlyPrice(code: string | null | undefined, seats: number | null): number {
  const plan = planByCode(code);
  if (!plan || plan.free || seats === null) return 0;
  const tiers = plan.monthly.tiers;
  return (tierFor(tiers, seats) ?? tiers.at(-1))?.price ?? 0;
}

const planMaxSeats = (plan: Plan): number =>
  plan.monthly.tiers.at(-1)?.ending_unit ?? BILLING.enterpriseUnits - 1;

export function partnerPlans(partner: PartnerAccess): PartnerPlansResponse {
  const own = planByCode(partner.planCode);
  return {
    plans: offeredPlans(partner).map((p): PartnerPlan => ({
      code: p.baseId,
      name: p.name,
      free: p.free,
      tiers: p.monthly.tiers,
      definition: p.monthly.definition,
    })),
    partnerPlan: { code: partner.planCode, name: own?.name ?? partner.planCode },
    currencyCode: PARTNER.currencyCode,
  };
}

// ---------------------------------------------------------------------------------------------------
// The companies list and detail

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function presentSubscription(s: SubscriptionRow | null, now: Date): PartnerCompanySubscription | null {
  if (!s) return null;
  const plan = planByCode(s.planCode);
  return {
    code: s.planCode ?? '',
    name: plan?.name ?? s.packageName,
    free: plan?.free ?? false,
    seats: s.seats,
    validFrom: iso(s.validFrom),
    validTo: iso(s.validTo),
    active: isPartnerCompanyActive(iso(s.validTo), now),
    price: monthlyPrice(s.planCode, s.seats),
  };
}

/** GET /partners/{id}/companies: 20 a page by name, a case-insensitive search in the name. */
export async function companiesPage(
  db: Db,
  partner: PartnerAccess,
  query: { page: number; search?: string | undefined },
): Promise<PartnerCompaniesPage> {
  const now = new Date();
  const search = query.search?.trim() || undefined;
  const { rows, total } = await customersPage(db, partner.id, {
    limit: PARTNER.pageSize,
    offset: (query.page - 1) * PARTNER.pageSize,
    search,
  });
  return {
    rows: rows.map((r) => {
      const s = r.subscription;
      const plan = planByCode(s?.planCode);
      return {
        company_id: r.id,
        company_name: r.name,
        subscriptionName: s ? (plan?.name ?? s.packageName) : null,
        subscriptionCode: s?.planCode ?? null,
        allowedUsers: s?.seats ?? null,
        userCount: r.seatsUsed,
        valid_to: iso(s?.validTo),
        price: monthlyPrice(s?.planCode, s?.seats ?? null),
        active: isPartnerCompanyActive(iso(s?.validTo), now),
      };
    }),
    total,
    page: query.page,
    pageSize: PARTNER.pageSize,
  };
}

async function customerOrThrow(db: Db, partner: PartnerAccess, scope: CompanyScope) {
  const row = await customer(db, partner.id, scope);
  if (!row) throw NotFound(PARTNER_MESSAGES.companyNotFound);
  return row;
}

/** GET /partners/{id}/companies/{companyId}: the details page. */
export async function companyDetail(
  ctx: AppContext,
  partner: PartnerAccess,
  tenant: TenantContext,
): Promise<PartnerCompanyDetail> {
  const { db } = ctx;
  const row = await customerOrThrow(db, partner, tenant);
  const brand = brandOf(ctx.config, row.company);
  const [employees, active, managers] = await Promise.all([
    seatsUsed(db, tenant),
    activeCampaignsOf(db, tenant),
    managersOfCustomer(db, tenant),
  ]);
  return {
    company_id: row.company.id,
    company_name: row.company.name,
    company_created: row.company.createdAt.toISOString(),
    partnerId: partner.id,
    users_total: employees,
    activeTrainings: active.trainings,
    activeAssessments: active.assessments,
    defaultLanguage: row.company.defaultLanguage,
    subscription: presentSubscription(row.subscription, new Date()),
    managers: managers.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role === 1 ? 1 : 2,
      created: m.created.toISOString(),
    })),
    primaryColor: brand.primaryColor,
    logoUrl: brand.logoUrl,
  };
}

// ---------------------------------------------------------------------------------------------------
// The subscription form

/** Spec 3 §4, §5: the free plan's 10 seats and 1200 months; a custom date; the default of a year. */
function subscriptionValues(partner: PartnerAccess, form: PartnerCompanyForm, now: Date) {
  const plan = offeredPlan(partner, form.subscriptionCode);
  const seats = plan.free ? PARTNER.freeSeats : form.seats;
  const valid = plan.free ? PARTNER.freeValidity : form.valid;
  const validTo = validToFor(valid, form.validTill, now);
  if (Number.isNaN(validTo.getTime())) throw Invalid([PARTNER_MESSAGES.validTillInvalid]);
  return {
    plan,
    values: {
      packageName: plan.name,
      planCode: plan.baseId,
      seats,
      definition: customerDefinition(partner, plan.monthly.definition),
      validFrom: now,
      validTo,
    },
  };
}

/** A plan's definition, kept within what the partner's own plan allows. */
function customerDefinition(
  partner: Pick<PartnerAccess, 'planCode'>,
  definition: SubscriptionDefinition,
): SubscriptionDefinition {
  const own = partnerDefinition(partner);
  const out: SubscriptionDefinition = { ...definition };
  for (const f of ['scorm', 'branding', 'sso', 'api'] as const) {
    if (own[f] === false) out[f] = false;
  }
  if (!allows(own.assessmentQuestions)) out.assessmentQuestions = [];
  const ownIntegrations = own.integrations;
  if (ownIntegrations)
    out.integrations = (definition.integrations ?? []).filter((i) => ownIntegrations.includes(i));
  return out;
}

const allows = (list: 'all' | string[] | undefined) =>
  list === 'all' || (Array.isArray(list) && list.length > 0);

async function nameIsFree(db: Db, partner: PartnerAccess, name: string, self?: string): Promise<void> {
  const taken = await customerNamed(db, partner.id, name);
  if (taken && taken.id !== self) throw new AppError(409, 'Conflict', PARTNER_MESSAGES.assignNameTaken);
}

/** POST /partners/{id}/companies: a new customer with its partner subscription. */
export async function createCustomer(
  db: Db,
  partner: PartnerAccess,
  form: PartnerCompanyForm,
): Promise<string> {
  const { values } = subscriptionValues(partner, form, new Date());
  await nameIsFree(db, partner, form.companyName);
  return insertCustomer(db, partner.id, { name: form.companyName, subscription: values });
}

/** What a change to `code` and `seats` asks of the company first (spec 3 §3 Can-edit result). */
async function editCheck(
  db: Db,
  partner: PartnerAccess,
  scope: CompanyScope,
  code: string,
  newSeats: number,
): Promise<CanEditResult> {
  const plan = offeredPlan(partner, code);
  const seats = plan.free ? PARTNER.freeSeats : newSeats;
  const [inUse, active] = await Promise.all([seatsUsed(db, scope), activeCampaignsOf(db, scope)]);
  const definition = plan.monthly.definition;
  const activeTrainings = allows(definition.trainingSubjects) ? 0 : active.trainings;
  const activeAssessments = allows(definition.assessmentQuestions) ? 0 : active.assessments;
  const removeEmployees = Math.max(0, inUse - seats);
  const removeSeats = Math.max(0, seats - planMaxSeats(plan));
  return {
    canBeEdited: activeTrainings + activeAssessments + removeEmployees + removeSeats === 0,
    activeTrainings,
    activeAssessments,
    removeEmployees,
    removeSeats,
  };
}

export async function canEdit(
  db: Db,
  partner: PartnerAccess,
  tenant: TenantContext,
  req: PartnerCanEditRequest,
): Promise<CanEditResult> {
  await customerOrThrow(db, partner, tenant);
  return editCheck(db, partner, tenant, req.subscriptionCode, req.newSeats);
}

export async function canBeRemoved(
  db: Db,
  partner: PartnerAccess,
  tenant: TenantContext,
): Promise<CanBeRemovedResult> {
  await customerOrThrow(db, partner, tenant);
  const active = await activeCampaignsOf(db, tenant);
  return {
    canBeRemoved: active.trainings + active.assessments === 0,
    activeTrainings: active.trainings,
    activeAssessments: active.assessments,
  };
}

/** A refusal with the dialog's title as `error` and what it asks as `description`. */
const blocked = (title: string, ask: string) => new AppError(409, title, ask);

/** PUT …/subscription: plan, seats, validity and the name; seats below the employees in use are refused. */
export async function updateSubscription(
  ctx: AppContext,
  partner: PartnerAccess,
  tenant: TenantContext,
  form: PartnerCompanyForm,
): Promise<PartnerCompanyDetail> {
  const { db } = ctx;
  const row = await customerOrThrow(db, partner, tenant);
  const { plan, values } = subscriptionValues(partner, form, new Date());
  const check = await editCheck(db, partner, tenant, plan.baseId, values.seats);
  if (check.removeEmployees > 0) {
    throw blocked(
      PARTNER_MESSAGES.unableToChangeSeats,
      PARTNER_MESSAGES.seatsBelowInUse(values.seats + check.removeEmployees),
    );
  }
  if (check.activeTrainings + check.activeAssessments > 0) {
    throw blocked(
      PARTNER_MESSAGES.unableToChangePlan,
      PARTNER_MESSAGES.stopCampaigns(check.activeTrainings, check.activeAssessments),
    );
  }
  if (check.removeSeats > 0) {
    throw blocked(PARTNER_MESSAGES.unableToMakeChanges, PARTNER_MESSAGES.removeSeats(check.removeSeats));
  }
  if (form.companyName !== row.company.name) {
    await nameIsFree(db, partner, form.companyName, row.company.id);
    await saveCompany(ctx, tenant, { company_name: form.companyName });
  }
  // An active subscription keeps its start; a new term (inactive before) starts now.
  const keepsStart = row.subscription && isPartnerCompanyActive(iso(row.subscription.validTo), new Date());
  await setSubscription(db, tenant, {
    ...values,
    validFrom: keepsStart ? (row.subscription!.validFrom ?? values.validFrom) : values.validFrom,
  });
  companyChanged(tenant.companyId);
  return companyDetail(ctx, partner, tenant);
}

/** PUT …/deactivate: ends the subscription now; refused while programs or assessments run. */
export async function deactivateCustomer(
  ctx: AppContext,
  partner: PartnerAccess,
  tenant: TenantContext,
): Promise<PartnerCompanyDetail> {
  const { db } = ctx;
  const check = await canBeRemoved(db, partner, tenant);
  if (!check.canBeRemoved) {
    throw blocked(
      PARTNER_MESSAGES.unableToDeactivate,
      PARTNER_MESSAGES.stopCampaigns(check.activeTrainings, check.activeAssessments),
    );
  }
  await setSubscription(db, tenant, { validTo: new Date() });
  companyChanged(tenant.companyId);
  return companyDetail(ctx, partner, tenant);
}

/** PUT …/reactivate: a new term from today for the timespan (default a year). */
export async function reactivateCustomer(
  ctx: AppContext,
  partner: PartnerAccess,
  tenant: TenantContext,
  req: { valid: number; validTill?: string | null | undefined },
): Promise<PartnerCompanyDetail> {
  const { db } = ctx;
  const row = await customerOrThrow(db, partner, tenant);
  const now = new Date();
  const plan = planByCode(row.subscription?.planCode);
  const valid = plan?.free ? PARTNER.freeValidity : req.valid;
  if (valid === CUSTOM_TIMESPAN && !req.validTill) throw Invalid([PARTNER_MESSAGES.validTillInvalid]);
  await setSubscription(db, tenant, { validFrom: now, validTo: validToFor(valid, req.validTill, now) });
  companyChanged(tenant.companyId);
  return companyDetail(ctx, partner, tenant);
}

/** DELETE …: only without running programs and assessments ('Unable to delete company'). */
export async function deleteCompany(db: Db, partner: PartnerAccess, tenant: TenantContext): Promise<void> {
  const check = await canBeRemoved(db, partner, tenant);
  if (!check.canBeRemoved) {
    throw blocked(
      PARTNER_MESSAGES.unableToDelete,
      PARTNER_MESSAGES.stopCampaigns(check.activeTrainings, check.activeAssessments),
    );
  }
  if (!(await deleteCustomer(db, partner.id, tenant))) throw NotFound(PARTNER_MESSAGES.companyNotFound);
  companyChanged(tenant.companyId);
}

/** PUT …: rename (4–150 characters) and the employees' default language. */
export async function updateCustomer(
  ctx: AppContext,
  partner: PartnerAccess,
  tenant: TenantContext,
  input: PartnerCompanyUpdate,
): Promise<PartnerCompanyDetail> {
  const row = await customerOrThrow(ctx.db, partner, tenant);
  if (input.companyName !== undefined && input.companyName !== row.company.name) {
    await nameIsFree(ctx.db, partner, input.companyName, row.company.id);
  }
  await saveCompany(ctx, tenant, { company_name: input.companyName, defaultLanguage: input.defaultLanguage });
  return companyDetail(ctx, partner, tenant);
}

export async function brandCustomer(
  ctx: AppContext,
  partner: PartnerAccess,
  tenant: TenantContext,
  input: PartnerBrandingUpdate,
): Promise<PartnerCompanyDetail> {
  const row = await customerOrThrow(ctx.db, partner, tenant);
  const definition = row.subscription?.definition ?? {};
  if (definition.branding === false && input.primaryColor !== null) {
    throw Forbidden(PARTNER_MESSAGES.notInPartnerPlan(FEATURE_NAMES.branding));
  }
  await saveCompany(ctx, tenant, { primaryColor: input.primaryColor ?? undefined });
  if (input.primaryColor === null) await clearColour(ctx, tenant);
  return companyDetail(ctx, partner, tenant);
}

async function clearColour(ctx: AppContext, tenant: TenantContext): Promise<void> {
  await clearCompanyColour(ctx.db, tenant);
  companyChanged(tenant.companyId);
}

export async function addCustomerManager(
  ctx: AppContext,
  partner: PartnerAccess,
  tenant: TenantContext,
  input: z.output<typeof ManagerCreate>,
): Promise<PartnerCompanyDetail> {
  await customerOrThrow(ctx.db, partner, tenant);
  await addManager(ctx, tenant, input);
  return companyDetail(ctx, partner, tenant);
}

export async function removeCustomerManager(
  ctx: AppContext,
  partner: PartnerAccess,
  tenant: TenantContext,
  userId: string,
): Promise<PartnerCompanyDetail> {
  await customerOrThrow(ctx.db, partner, tenant);
  await removeManager(ctx, tenant, userId);
  return companyDetail(ctx, partner, tenant);
}

// ---------------------------------------------------------------------------------------------------
// Features within the partner's plan

const featureOn = (d: SubscriptionDefinition, f: PartnerFeature): boolean =>
  f === 'assessments' ? allows(d.assessmentQuestions) || d.always_show_assessments === 1 : d[f] !== false;
const integrationOn = (d: SubscriptionDefinition, i: string): boolean => (d.integrations ?? []).includes(i);

function presentFeatures(partner: PartnerAccess, sub: SubscriptionRow | null): PartnerCompanyFeatures {
  const d = sub?.definition ?? {};
  const own = partnerDefinition(partner);
  const record = <K extends string>(keys: readonly K[], on: (k: K) => boolean) =>
    Object.fromEntries(keys.map((k) => [k, on(k)])) as Record<K, boolean>;
  const subscription = presentEntitledSubscription(sub);
  return {
    features: record(PARTNER_FEATURES, (f) => featureOn(d, f)),
    integrations: record(PLAN_INTEGRATIONS, (i) => integrationOn(d, i)),
    allowed: {
      features: record(PARTNER_FEATURES, (f) => featureOn(own, f)),
      integrations: record(PLAN_INTEGRATIONS, (i) => integrationOn(own, i)),
    },
    needsUpgrade: record(PLAN_INTEGRATIONS, (i) => needsUpgrade({ subscription }, i)),
  };
}

export async function customerFeatures(
  db: Db,
  partner: PartnerAccess,
  tenant: TenantContext,
): Promise<PartnerCompanyFeatures> {
  const row = await customerOrThrow(db, partner, tenant);
  return presentFeatures(partner, row.subscription);
}

/** PUT …/features: switching on what the partner's own plan lacks is refused (403). */
export async function setCustomerFeatures(
  db: Db,
  partner: PartnerAccess,
  tenant: TenantContext,
  input: PartnerFeaturesUpdate,
): Promise<PartnerCompanyFeatures> {
  const row = await customerOrThrow(db, partner, tenant);
  const own = partnerDefinition(partner);
  const next: SubscriptionDefinition = { ...(row.subscription?.definition ?? {}) };
  for (const [f, on] of Object.entries(input.features ?? {}) as [PartnerFeature, boolean][]) {
    if (on && !featureOn(own, f)) throw Forbidden(PARTNER_MESSAGES.notInPartnerPlan(FEATURE_NAMES[f]));
    if (f === 'assessments') {
      next.assessmentQuestions = on ? 'all' : [];
      if (!on) delete next.always_show_assessments;
    } else next[f] = on;
  }
  const integrations = new Set(next.integrations ?? []);
  for (const [i, on] of Object.entries(input.integrations ?? {})) {
    if (on && !integrationOn(own, i)) throw Forbidden(PARTNER_MESSAGES.notInPartnerPlan(i));
    if (on) integrations.add(i);
    else integrations.delete(i);
  }
  next.integrations = PLAN_INTEGRATIONS.filter((i) => integrations.has(i));
  await setSubscription(db, tenant, { definition: next });
  companyChanged(tenant.companyId);
  return presentFeatures(partner, { ...row.subscription!, definition: next });
}

// ---------------------------------------------------------------------------------------------------
// Overview figures and the estimate

/** Rows per plan of the active customers (spec 3 §3 Partner overview). */
export async function planRows(db: Db, partner: Pick<PartnerAccess, 'id'>, now: Date) {
  const customers = await customerPlans(db, partner.id);
  const byPlan = new Map<string, { totalCompanies: number; totalSeats: number; totalMonthlyCost: number }>();
  for (const c of customers) {
    if (!c.planCode || !isPartnerCompanyActive(iso(c.validTo), now)) continue;
    const row = byPlan.get(c.planCode) ?? { totalCompanies: 0, totalSeats: 0, totalMonthlyCost: 0 };
    row.totalCompanies += 1;
    row.totalSeats += c.seats ?? 0;
    row.totalMonthlyCost += monthlyPrice(c.planCode, c.seats);
    byPlan.set(c.planCode, row);
  }
  return PLANS.filter((p) => byPlan.has(p.baseId)).map((p) => ({
    planCode: p.baseId,
    planName: p.name,
    ...byPlan.get(p.baseId)!,
  }));
}

/** POST /partners/{id}/estimate: the company's and the partner's monthly totals with the change. */
export async function estimate(
  db: Db,
  partner: PartnerAccess,
  req: PartnerEstimateRequest,
): Promise<PartnerEstimate> {
  const plan = offeredPlan(partner, req.subscriptionCode);
  const seats = plan.free ? PARTNER.freeSeats : req.seats;
  const now = new Date();
  const customers = await customerPlans(db, partner.id);
  if (req.companyId && !customers.some((c) => c.id === req.companyId)) {
    throw NotFound(PARTNER_MESSAGES.companyNotFound);
  }
  const others = customers.filter(
    (c) => c.id !== req.companyId && isPartnerCompanyActive(iso(c.validTo), now),
  );
  const newCompanyTotal = monthlyPrice(plan.baseId, seats);
  const samePlan = others.filter((c) => c.planCode === plan.baseId);
  return {
    newCompanyTotal,
    newPartnerTotal: others.reduce((sum, c) => sum + monthlyPrice(c.planCode, c.seats), 0) + newCompanyTotal,
    newPartnerTotalForPlan:
      samePlan.reduce((sum, c) => sum + monthlyPrice(c.planCode, c.seats), 0) + newCompanyTotal,
    newPartnerSubscriptionSeats: samePlan.reduce((sum, c) => sum + (c.seats ?? 0), 0) + seats,
    currencyCode: PARTNER.currencyCode,
  };
}
