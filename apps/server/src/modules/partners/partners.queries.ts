import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companySubscriptions,
  creditPackages,
  memberships,
  partnerAccounts,
  partnerAdmins,
  partnerDues,
  users,
  type PartnerDueStatus,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

/**
 * The partner area's rows. Every read of a customer names its partner account in the WHERE clause
 * (companies.partner_account_id), so an id of another partner's customer matches nothing.
 */

export type SubscriptionRow = typeof companySubscriptions.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const customerOf = (partnerId: string, search?: string) =>
  and(
    eq(companies.partnerAccountId, partnerId),
    search ? ilike(companies.name, `%${escapeLike(search)}%`) : undefined,
  );

/**
 * One page of the partner's customers by name, with each one's subscription and seats in use, in one
 * statement: the page's ids (and the count of all that match, a window over the same scan) come from
 * the (partner, name, id) index alone, and only those 20 rows are joined and counted (seats_used, the
 * seat rule every seat count reads).
 */
export async function customersPage(
  db: Db,
  partnerId: string,
  opts: { limit: number; offset: number; search?: string | undefined },
) {
  const where = customerOf(partnerId, opts.search);
  const page = db
    .select({ id: companies.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(companies)
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(opts.limit)
    .offset(opts.offset)
    .as('page');
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      subscription: companySubscriptions,
      seatsUsed: sql<number>`seats_used(${companies.id})`.mapWith(Number),
      total: sql<number>`${page.total}`.mapWith(Number),
    })
    .from(page)
    .innerJoin(companies, eq(companies.id, page.id))
    .leftJoin(companySubscriptions, eq(companySubscriptions.companyId, companies.id))
    .orderBy(asc(companies.name), asc(companies.id));
  // A page past the end has no row to carry the count.
  const total =
    rows[0]?.total ??
    (opts.offset === 0 ? 0 : ((await db.select({ n: count() }).from(companies).where(where))[0]?.n ?? 0));
  return { rows, total };
}

/** Every customer's plan, seats and validity (the overview and the estimate sum them). */
export async function customerPlans(db: Db, partnerId: string) {
  return db
    .select({
      id: companies.id,
      planCode: companySubscriptions.planCode,
      seats: companySubscriptions.seats,
      validTo: companySubscriptions.validTo,
    })
    .from(companies)
    .innerJoin(companySubscriptions, eq(companySubscriptions.companyId, companies.id))
    .where(eq(companies.partnerAccountId, partnerId));
}

/** A customer of the partner, with its subscription; undefined for anyone else's company. */
export async function customer(db: Db, partnerId: string, scope: CompanyScope) {
  const [row] = await db
    .select({ company: companies, subscription: companySubscriptions })
    .from(companies)
    .leftJoin(companySubscriptions, eq(companySubscriptions.companyId, companies.id))
    .where(and(eq(companies.id, scope.companyId), eq(companies.partnerAccountId, partnerId)))
    .limit(1);
  return row;
}

export async function managersOfCustomer(db: Db, scope: CompanyScope) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: memberships.role,
      created: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, scope.companyId))
    .orderBy(asc(users.email));
}

/** Names of the partner's customers equal to `name`, case-insensitively. */
export async function customerNamed(db: Db, partnerId: string, name: string) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(eq(companies.partnerAccountId, partnerId), sql`lower(${companies.name}) = lower(${name.trim()})`),
    )
    .limit(1);
  return row;
}

export interface SubscriptionValues {
  packageName: string;
  planCode: string;
  seats: number;
  definition: SubscriptionRow['definition'];
  validFrom: Date;
  validTo: Date;
}

/** A new customer company of the partner with its partner subscription. */
export async function insertCustomer(
  db: Db,
  partnerId: string,
  values: { name: string; subscription: SubscriptionValues },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: values.name, partnerAccountId: partnerId })
      .returning({ id: companies.id });
    await tx
      .insert(companySubscriptions)
      .values({ companyId: company!.id, partner: true, trial: false, ...values.subscription });
    return company!.id;
  });
}

/** Sets the customer's partner subscription (its plan, seats, validity and what it allows). */
export async function setSubscription(
  db: Db,
  scope: CompanyScope,
  values: Partial<SubscriptionValues> & { partner?: boolean },
): Promise<void> {
  const { partner = true, ...rest } = values;
  const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  await db
    .insert(companySubscriptions)
    .values({
      companyId: scope.companyId,
      packageName: values.packageName ?? 'Partner',
      partner,
      trial: false,
      ...set,
    })
    .onConflictDoUpdate({
      target: companySubscriptions.companyId,
      set: { ...set, partner, trial: false },
    });
  await db.update(companies).set({ trialEnds: null }).where(eq(companies.id, scope.companyId));
}

export async function clearCompanyColour(db: Db, scope: CompanyScope): Promise<void> {
  await db.update(companies).set({ colorMain: null }).where(eq(companies.id, scope.companyId));
}

export async function deleteCustomer(db: Db, partnerId: string, scope: CompanyScope): Promise<boolean> {
  const gone = await db
    .delete(companies)
    .where(and(eq(companies.id, scope.companyId), eq(companies.partnerAccountId, partnerId)))
    .returning({ id: companies.id });
  return gone.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// Dues and the partner's card

export async function partnerBilling(db: Db, partnerId: string) {
  const [row] = await db
    .select({
      provider: partnerAccounts.billingProvider,
      customerId: partnerAccounts.billingCustomerId,
      paymentMethod: partnerAccounts.paymentMethod,
    })
    .from(partnerAccounts)
    .where(eq(partnerAccounts.id, partnerId))
    .limit(1);
  return row;
}

export async function savePartnerBilling(
  db: Db,
  partnerId: string,
  values: { provider: string; customerId: string; paymentMethod?: string | undefined },
): Promise<void> {
  await db
    .update(partnerAccounts)
    .set({
      billingProvider: values.provider,
      billingCustomerId: values.customerId,
      ...(values.paymentMethod ? { paymentMethod: values.paymentMethod } : {}),
    })
    .where(eq(partnerAccounts.id, partnerId));
}

export async function duesOf(db: Db, partnerId: string) {
  return db
    .select()
    .from(partnerDues)
    .where(eq(partnerDues.partnerAccountId, partnerId))
    .orderBy(desc(partnerDues.createdAt))
    .limit(100);
}

export async function unpaidDues(db: Db, partnerId: string) {
  return db
    .select()
    .from(partnerDues)
    .where(and(eq(partnerDues.partnerAccountId, partnerId), inArray(partnerDues.status, ['open', 'failed'])))
    .orderBy(asc(partnerDues.createdAt));
}

export async function markDues(
  db: Db,
  partnerId: string,
  ids: string[],
  status: PartnerDueStatus,
  paymentId: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(partnerDues)
    .set({ status, providerPaymentId: paymentId, paidAt: status === 'paid' ? new Date() : null })
    .where(and(eq(partnerDues.partnerAccountId, partnerId), inArray(partnerDues.id, ids)));
}

export async function insertDue(
  db: Db,
  partnerId: string,
  values: { description: string; amount: number; status?: PartnerDueStatus; createdAt?: Date },
): Promise<void> {
  await db.insert(partnerDues).values({ partnerAccountId: partnerId, ...values });
}

/** Every partner account (the monthly dues job goes through them). */
export async function allPartners(db: Db) {
  return db
    .select({ id: partnerAccounts.id, name: partnerAccounts.name })
    .from(partnerAccounts)
    .orderBy(asc(partnerAccounts.createdAt));
}

export async function partnerNamed(db: Db, partnerId: string) {
  const [row] = await db
    .select({ id: partnerAccounts.id, name: partnerAccounts.name })
    .from(partnerAccounts)
    .where(eq(partnerAccounts.id, partnerId))
    .limit(1);
  return row;
}

export async function partnerAdminIds(db: Db, partnerId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: partnerAdmins.userId })
    .from(partnerAdmins)
    .where(eq(partnerAdmins.partnerAccountId, partnerId));
  return rows.map((r) => r.userId);
}

export async function dueById(db: Db, partnerId: string, id: string) {
  const [row] = await db
    .select()
    .from(partnerDues)
    .where(and(eq(partnerDues.partnerAccountId, partnerId), eq(partnerDues.id, id)))
    .limit(1);
  return row;
}

/**
 * The partner's due for the month, created with these values unless it exists: one per partner and
 * month (a unique index), whoever creates it first.
 */
export async function ensurePeriodDue(
  db: Db,
  partnerId: string,
  values: { period: string; amount: number; description: string },
) {
  await db
    .insert(partnerDues)
    .values({ partnerAccountId: partnerId, ...values })
    .onConflictDoNothing({ target: [partnerDues.partnerAccountId, partnerDues.period] });
  const [row] = await db
    .select()
    .from(partnerDues)
    .where(and(eq(partnerDues.partnerAccountId, partnerId), eq(partnerDues.period, values.period)))
    .limit(1);
  return row!;
}

/**
 * Takes the due for one run of the job: false when it is billed, or another run took it less than
 * `leaseMs` ago (a run that crashed lets go when its lease lapses).
 */
export async function claimDue(db: Db, partnerId: string, id: string, leaseMs: number): Promise<boolean> {
  const now = new Date();
  const claimed = await db
    .update(partnerDues)
    .set({ claimedAt: now })
    .where(
      and(
        eq(partnerDues.partnerAccountId, partnerId),
        eq(partnerDues.id, id),
        isNull(partnerDues.billedAt),
        or(isNull(partnerDues.claimedAt), lt(partnerDues.claimedAt, new Date(now.getTime() - leaseMs))),
      ),
    )
    .returning({ id: partnerDues.id });
  return claimed.length > 0;
}

/** The job has charged (or not) and mailed this due: a later run leaves it alone. */
export async function markBilled(db: Db, partnerId: string, id: string): Promise<void> {
  await db
    .update(partnerDues)
    .set({ billedAt: new Date() })
    .where(and(eq(partnerDues.partnerAccountId, partnerId), eq(partnerDues.id, id)));
}

// ---------------------------------------------------------------------------------------------------
// Credits

export type CreditRow = typeof creditPackages.$inferSelect;

/** Unused packages held by these partner accounts or these companies, with their holder's name. */
export async function unusedPackages(db: Db, holders: { partnerIds: string[]; companyIds: string[] }) {
  const held = [
    holders.partnerIds.length ? inArray(creditPackages.partnerAccountId, holders.partnerIds) : undefined,
    holders.companyIds.length ? inArray(creditPackages.companyId, holders.companyIds) : undefined,
  ].filter((c) => c !== undefined);
  if (held.length === 0) return [];
  return db
    .select({
      credit: creditPackages,
      partnerName: partnerAccounts.name,
      companyName: companies.name,
    })
    .from(creditPackages)
    .leftJoin(partnerAccounts, eq(partnerAccounts.id, creditPackages.partnerAccountId))
    .leftJoin(companies, eq(companies.id, creditPackages.companyId))
    .where(and(isNull(creditPackages.assignedCompanyId), or(...held)))
    .orderBy(asc(creditPackages.createdAt));
}

export async function creditById(db: Db, id: string) {
  const [row] = await db.select().from(creditPackages).where(eq(creditPackages.id, id)).limit(1);
  return row;
}

/** Marks the package used by the company; false when it was used meanwhile. */
export async function claimCredit(db: Db, id: string, scope: CompanyScope): Promise<boolean> {
  const claimed = await db
    .update(creditPackages)
    .set({ assignedCompanyId: scope.companyId, assignedAt: new Date() })
    .where(and(eq(creditPackages.id, id), isNull(creditPackages.assignedCompanyId)))
    .returning({ id: creditPackages.id });
  return claimed.length > 0;
}

export async function insertCredit(
  db: Db,
  values: {
    partnerAccountId?: string | null;
    companyId?: string | null;
    planCode: string;
    seats: number;
    months: number;
  },
): Promise<void> {
  await db.insert(creditPackages).values(values);
}

/** The companies a user is an admin of, and the partner accounts they are partner admin of. */
export async function holdingsOf(db: Db, userId: string) {
  const [admin, partners] = await Promise.all([
    db
      .select({ id: companies.id, name: companies.name, partnerId: companies.partnerAccountId })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(and(eq(memberships.userId, userId), eq(memberships.role, 1))),
    db
      .select({ id: partnerAdmins.partnerAccountId })
      .from(partnerAdmins)
      .where(eq(partnerAdmins.userId, userId)),
  ]);
  return { companies: admin, partnerIds: partners.map((p) => p.id) };
}

/** The customers of these partner accounts, by name (the assign form's companies). */
export async function customersOfPartners(db: Db, partnerIds: string[]) {
  if (partnerIds.length === 0) return [];
  return db
    .select({ id: companies.id, name: companies.name, partnerId: companies.partnerAccountId })
    .from(companies)
    .where(inArray(companies.partnerAccountId, partnerIds))
    .orderBy(asc(companies.name));
}

// ---------------------------------------------------------------------------------------------------
// Super-admin

export async function partnersWithCounts(db: Db) {
  const [accounts, counts, admins] = await Promise.all([
    db.select().from(partnerAccounts).orderBy(asc(partnerAccounts.name)),
    db
      .select({ partnerId: companies.partnerAccountId, n: count() })
      .from(companies)
      .where(sql`${companies.partnerAccountId} is not null`)
      .groupBy(companies.partnerAccountId),
    db
      .select({
        partnerId: partnerAdmins.partnerAccountId,
        userId: users.id,
        email: users.email,
        name: users.name,
      })
      .from(partnerAdmins)
      .innerJoin(users, eq(users.id, partnerAdmins.userId))
      .orderBy(asc(users.email)),
  ]);
  return { accounts, counts, admins };
}

export async function insertPartner(db: Db, values: { name: string; planCode: string; adminUserId: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(partnerAccounts)
      .values({ name: values.name, planCode: values.planCode })
      .returning();
    await tx.insert(partnerAdmins).values({ partnerAccountId: row!.id, userId: values.adminUserId });
    return row!;
  });
}

export async function partnerExists(db: Db, partnerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: partnerAccounts.id })
    .from(partnerAccounts)
    .where(eq(partnerAccounts.id, partnerId))
    .limit(1);
  return !!row;
}

export async function insertCompany(db: Db, values: { name: string; partnerId: string | null }) {
  const [row] = await db
    .insert(companies)
    .values({ name: values.name, partnerAccountId: values.partnerId })
    .returning({ id: companies.id, name: companies.name, partnerId: companies.partnerAccountId });
  return row!;
}

export async function addAdmin(db: Db, scope: CompanyScope, userId: string): Promise<void> {
  await db
    .insert(memberships)
    .values({ companyId: scope.companyId, userId, role: 1, manageUsers: true })
    .onConflictDoNothing();
}

export async function attachCompany(db: Db, companyId: string, partnerId: string | null) {
  const [row] = await db
    .update(companies)
    .set({ partnerAccountId: partnerId, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id, name: companies.name, partnerId: companies.partnerAccountId });
  return row;
}
