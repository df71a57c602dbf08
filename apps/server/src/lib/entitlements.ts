/**
 * The server's side of the entitlement policy (packages/shared/src/entitlements.ts): a company's
 * subscription as the policy reads it, the refusals every module throws in the same words, and the
 * seats of the billing month (the SQL function seats_used of migration 0019 is the rule; we call it).
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  ENTITLEMENT_MESSAGES,
  hasFeature,
  isActive,
  seatDecision,
  type CompanySubscription,
  type EntitlementInput,
  type Feature,
  type SeatDecision,
} from '@vigil/shared';
import { arrayParam, queryRows, type Db } from '../db/client.ts';
import { companies, companySubscriptions, seatOverages } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import type { CompanyScope } from './scope.ts';

type CompanyRow = typeof companies.$inferSelect;
type SubscriptionRow = typeof companySubscriptions.$inferSelect;

/** The package row as spec 3 §3 names its fields. */
export function presentSubscription(s: SubscriptionRow | null): CompanySubscription | null {
  if (!s) return null;
  const valid = !s.validTo || s.validTo.getTime() > Date.now();
  return {
    package_name: s.packageName,
    package_users: s.seats,
    package_trial: s.trial,
    package_valid_from: s.validFrom?.toISOString() ?? null,
    package_valid_to: s.validTo?.toISOString() ?? null,
    package_valid: valid ? 1 : 0,
    partner: s.partner,
    definition: s.definition,
  };
}

/** What the policy reads of a company row and its package row. */
export function entitlementInput(
  company: Pick<CompanyRow, 'settings' | 'trialEnds'>,
  subscription: SubscriptionRow | null,
): EntitlementInput {
  return {
    // eslint-disable-next-line no-restricted-syntax -- the policy reads the map through companySettings
    settings: company.settings,
    trial_ends: company.trialEnds?.toISOString() ?? null,
    subscription: presentSubscription(subscription),
  };
}

/** The company's entitlement input, read by its id (the tenant the guard resolved). */
export async function loadEntitlementInput(db: Db, scope: CompanyScope): Promise<EntitlementInput | null> {
  const [row] = await db
    .select({ company: companies, subscription: companySubscriptions })
    .from(companies)
    .leftJoin(companySubscriptions, eq(companySubscriptions.companyId, companies.id))
    .where(eq(companies.id, scope.companyId))
    .limit(1);
  return row ? entitlementInput(row.company, row.subscription) : null;
}

/** 403 `not_in_plan`: the company's plan does not include the feature. */
export const notInPlan = (feature: Feature) =>
  new AppError(403, 'not_in_plan', ENTITLEMENT_MESSAGES.notInPlan(feature));

/** 403 `subscription_expired`: an ended trial or subscription sends, starts and adds nothing. */
export const subscriptionExpired = () =>
  new AppError(403, 'subscription_expired', ENTITLEMENT_MESSAGES.expired);

export function requireFeature(input: EntitlementInput, feature: Feature): void {
  if (!hasFeature(input, feature)) throw notInPlan(feature);
}

export function requireActive(input: EntitlementInput, now = new Date()): void {
  if (!isActive(input, now)) throw subscriptionExpired();
}

/** Refuses what would send or start for a company whose trial or subscription has ended (403). */
export async function requireActiveCompany(db: Db, scope: CompanyScope): Promise<void> {
  const input = await loadEntitlementInput(db, scope);
  if (input) requireActive(input);
}

/**
 * Of these companies, the ones whose trial or subscription has ended (the send loop's check; one
 * statement per claimed chunk).
 */
export async function endedCompaniesAcross(db: Db, companyIds: string[], now: Date): Promise<Set<string>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db
    .select({ company: companies, subscription: companySubscriptions })
    .from(companies)
    .leftJoin(companySubscriptions, eq(companySubscriptions.companyId, companies.id))
    .where(inArray(companies.id, [...new Set(companyIds)]));
  return new Set(
    rows.filter((r) => !isActive(entitlementInput(r.company, r.subscription), now)).map((r) => r.company.id),
  );
}

/** Seats used in the current billing month (seats_used seeds the month on its first use). */
export async function seatsUsed(db: Db, scope: CompanyScope): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select seats_used(${scope.companyId}::uuid) as n`);
  return rows[0]?.n ?? 0;
}

/** Seats used this billing month by each of the user's companies (the company switcher's list). */
export async function seatsUsedAcross(db: Db, companyIds: string[]): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; n: number }>(
    db,
    sql`select id, seats_used(id) as n from unnest(${arrayParam(companyIds, 'uuid')}) as c(id)`,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * An erased employee keeps the seat they used this month (it is billed), but the seat no longer
 * names them: their id is replaced by a random one (eraseEmployees calls this in its transaction).
 */
export async function unlinkSeats(db: Db, scope: CompanyScope, employeeIds: string[]): Promise<void> {
  if (employeeIds.length === 0) return;
  await db.execute(sql`
    update seat_months set employee_id = gen_random_uuid()
    where company_id = ${scope.companyId} and employee_id = any(${arrayParam(employeeIds, 'uuid')})`);
}

/** How many of these emails hold no seat this billing month (new people, or people not yet in a list). */
async function countWithoutSeat(db: Db, scope: CompanyScope, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from unnest(${arrayParam(emails, 'text')}) as f(email)
    where not exists (
      select 1 from employees e join seat_months s
        on s.company_id = e.company_id and s.employee_id = e.id and s.month = seat_month(now())
      where e.company_id = ${scope.companyId} and e.email = f.email)`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Before employees join a list (one, an import, the public API, a directory sync): an ended company
 * adds nobody; beyond the seats bought they are refused ('Employees limit reached.') or, where the
 * plan bills overage, let in and the day recorded for billing. Runs inside the writing transaction
 * and holds the company's seat lock, so two imports cannot both take the last seats.
 */
export async function admitEmployees(db: Db, scope: CompanyScope, emails: string[]): Promise<SeatDecision> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`seats:${scope.companyId}`}))`);
  const input = await loadEntitlementInput(db, scope);
  if (!input) return 'within';
  const used = await seatsUsed(db, scope);
  const adding = await countWithoutSeat(db, scope, emails);
  if (adding > 0) requireActive(input);
  const decision = seatDecision(input.subscription, used, adding);
  if (decision === 'refused') throw new AppError(409, 'limit_reached', ENTITLEMENT_MESSAGES.limitReached);
  if (decision === 'overage') {
    const seats = input.subscription!.package_users!;
    await db
      .insert(seatOverages)
      .values({
        companyId: scope.companyId,
        day: sql`(now() at time zone 'UTC')::date`,
        seats,
        used: used + adding,
      })
      .onConflictDoUpdate({
        target: [seatOverages.companyId, seatOverages.day],
        set: { used: sql`greatest(${seatOverages.used}, excluded.used)`, seats },
      });
  }
  return decision;
}

/**
 * What admitting these emails would decide now, without the seat lock and recording nothing: a directory
 * sync's preview and its check before it writes (what does not fit is reported, never half-applied).
 */
export async function seatCheck(
  db: Db,
  scope: CompanyScope,
  emails: string[],
): Promise<{ decision: SeatDecision; adding: number; free: number | null; active: boolean }> {
  const input = await loadEntitlementInput(db, scope);
  const adding = await countWithoutSeat(db, scope, emails);
  if (!input) return { decision: 'within', adding, free: null, active: true };
  const used = await seatsUsed(db, scope);
  const seats = input.subscription?.package_users ?? null;
  return {
    decision: seatDecision(input.subscription, used, adding),
    adding,
    free: seats === null ? null : Math.max(0, seats - used),
    active: adding === 0 || isActive(input, new Date()),
  };
}

/** A UTC date as seat_overages.day holds it ('2026-04-01'). */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The days a company was over its seats in [from, to) (UTC days: the day `to` falls on belongs to
 * the next term), oldest first: what billing charges as 'Additional seats'.
 */
export async function overageDays(db: Db, scope: CompanyScope, range: { from: Date; to: Date }) {
  return db
    .select({ day: seatOverages.day, seats: seatOverages.seats, used: seatOverages.used })
    .from(seatOverages)
    .where(
      and(
        eq(seatOverages.companyId, scope.companyId),
        gte(seatOverages.day, utcDay(range.from)),
        lt(seatOverages.day, utcDay(range.to)),
      ),
    )
    .orderBy(seatOverages.day);
}
