import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { CAMPAIGN_TAB_STATUSES, ROLES, type SubscriptionDefinition } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import {
  assessments,
  billingAccounts,
  billingEvents,
  billingInvoices,
  companies,
  companySubscriptions,
  memberships,
  trainings,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
type AccountValues = Omit<typeof billingAccounts.$inferInsert, 'companyId'>;
type InvoiceValues = Omit<typeof billingInvoices.$inferInsert, 'companyId' | 'id' | 'seq'>;

/** The company with its package and billing account, as the billing rules read them. */
export async function billingState(db: Db, scope: CompanyScope) {
  const [row] = await db
    .select({ company: companies, subscription: companySubscriptions, account: billingAccounts })
    .from(companies)
    .leftJoin(companySubscriptions, eq(companySubscriptions.companyId, companies.id))
    .leftJoin(billingAccounts, eq(billingAccounts.companyId, companies.id))
    .where(eq(companies.id, scope.companyId));
  return row ?? null;
}
export type BillingState = NonNullable<Awaited<ReturnType<typeof billingState>>>;

/** Training programs and assessments running or scheduled: what plan changes and deactivation must respect. */
export async function activeCampaigns(db: Db, scope: CompanyScope) {
  const running = [...CAMPAIGN_TAB_STATUSES.active];
  const [[t], [a]] = await Promise.all([
    db
      .select({ n: count() })
      .from(trainings)
      .where(and(eq(trainings.companyId, scope.companyId), inArray(trainings.status, running))),
    db
      .select({ n: count() })
      .from(assessments)
      .where(and(eq(assessments.companyId, scope.companyId), inArray(assessments.status, running))),
  ]);
  return { trainings: t?.n ?? 0, assessments: a?.n ?? 0 };
}

export async function saveAccount(db: Db, scope: CompanyScope, values: AccountValues): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ ...values, companyId: scope.companyId })
    .onConflictDoUpdate({
      target: billingAccounts.companyId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function updateAccount(
  db: Db,
  scope: CompanyScope,
  values: Partial<AccountValues>,
): Promise<void> {
  await db
    .update(billingAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(billingAccounts.companyId, scope.companyId));
}

/** Moves the term on from `from`; false when another process already did (it saw another term end). */
export async function moveTerm(
  db: Db,
  scope: CompanyScope,
  from: Date,
  termStart: Date,
  termEnd: Date,
): Promise<boolean> {
  const rows = await db
    .update(billingAccounts)
    .set({ termStart, termEnd, updatedAt: new Date() })
    .where(and(eq(billingAccounts.companyId, scope.companyId), eq(billingAccounts.termEnd, from)))
    .returning({ companyId: billingAccounts.companyId });
  return rows.length > 0;
}

/** The company's package: what it may use (the entitlement policy reads it), its seats and validity. */
export async function savePackage(
  db: Db,
  scope: CompanyScope,
  values: {
    packageName: string;
    seats: number;
    definition: SubscriptionDefinition;
    validFrom?: Date;
    validTo: Date | null;
    /** A plan paid through a provider switches the company's billing on (its payment settings show). */
    paid?: boolean;
  },
): Promise<void> {
  const { paid, ...pkg } = values;
  const set = { ...pkg, trial: false, partner: false };
  await db
    .insert(companySubscriptions)
    .values({ ...set, validFrom: pkg.validFrom ?? new Date(), companyId: scope.companyId })
    .onConflictDoUpdate({ target: companySubscriptions.companyId, set });
  // A bought plan ends the trial.
  await db
    .update(companies)
    .set({ trialEnds: null, ...(paid ? { billingEnabled: true } : {}), updatedAt: new Date() })
    .where(eq(companies.id, scope.companyId));
}

export async function setPackageValidTo(db: Db, scope: CompanyScope, validTo: Date | null): Promise<void> {
  await db
    .update(companySubscriptions)
    .set({ validTo })
    .where(eq(companySubscriptions.companyId, scope.companyId));
}

export async function insertInvoice(db: Db, scope: CompanyScope, values: InvoiceValues): Promise<InvoiceRow> {
  const [row] = await db
    .insert(billingInvoices)
    .values({ ...values, companyId: scope.companyId })
    .returning();
  return row!;
}

/** An invoice the provider reported, once: a second report of the same invoice only updates its status. */
export async function upsertProviderInvoice(
  db: Db,
  scope: CompanyScope,
  values: InvoiceValues,
): Promise<void> {
  await db
    .insert(billingInvoices)
    .values({ ...values, companyId: scope.companyId })
    .onConflictDoUpdate({
      target: billingInvoices.providerInvoiceId,
      set: { status: values.status },
      setWhere: sql`${billingInvoices.companyId} = ${scope.companyId}`,
    });
}

export async function invoicesOf(db: Db, scope: CompanyScope): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.companyId, scope.companyId))
    .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.seq));
}

export async function invoiceById(db: Db, scope: CompanyScope, id: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.companyId, scope.companyId), eq(billingInvoices.id, id)));
  return row ?? null;
}

/**
 * The company whose provider subscription an event names. Webhooks arrive without a company: this is
 * the one lookup across companies, by the provider's own id.
 */
export async function companyOfProviderSubscriptionAcrossCompanies(
  db: Db,
  provider: string,
  subscriptionId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ companyId: billingAccounts.companyId })
    .from(billingAccounts)
    .where(and(eq(billingAccounts.provider, provider), eq(billingAccounts.subscriptionId, subscriptionId)));
  return row?.companyId ?? null;
}

/** Notes an event as handled; false when it already was (a replay). Run it in the event's transaction. */
export async function claimEvent(db: Db, provider: string, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: billingEvents.eventId });
  return rows.length > 0;
}

export async function setInvoiceStatus(
  db: Db,
  scope: CompanyScope,
  id: string,
  status: InvoiceRow['status'],
): Promise<void> {
  await db
    .update(billingInvoices)
    .set({ status })
    .where(and(eq(billingInvoices.companyId, scope.companyId), eq(billingInvoices.id, id)));
}

/** Our row of a provider's invoice. */
export async function invoiceByProviderId(
  db: Db,
  scope: CompanyScope,
  providerInvoiceId: string,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(
      and(
        eq(billingInvoices.companyId, scope.companyId),
        eq(billingInvoices.providerInvoiceId, providerInvoiceId),
      ),
    );
  return row ?? null;
}

/** Who is told about billing (a failed payment): the company's admins and its billing manager. */
export async function billingRecipients(db: Db, scope: CompanyScope): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, scope.companyId),
        or(eq(memberships.role, ROLES.admin), eq(memberships.billingManager, true)),
      ),
    );
  return rows.map((r) => r.userId);
}
