import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { SsoAudience } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { ssoAssertions, ssoConnections, ssoRequests } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type SsoConnectionValues = Omit<SsoConnectionRow, 'companyId' | 'createdAt' | 'updatedAt'>;

export async function ssoConnectionOf(db: Db, scope: CompanyScope): Promise<SsoConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.companyId, scope.companyId))
    .limit(1);
  return row;
}

/** Saves the company's identity provider; false when another company holds the email domain. */
export async function saveSsoConnection(
  db: Db,
  scope: CompanyScope,
  values: SsoConnectionValues,
): Promise<boolean> {
  const [saved] = await db
    .insert(ssoConnections)
    .values({ companyId: scope.companyId, ...values })
    .onConflictDoUpdate({
      target: ssoConnections.companyId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning({ companyId: ssoConnections.companyId })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) return [];
      throw err;
    });
  return Boolean(saved);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** The company whose enabled identity provider signs in this email domain (one at most). */
export async function enabledConnectionByDomainAcrossCompanies(
  db: Db,
  domain: string,
): Promise<SsoConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.domain, domain), eq(ssoConnections.enabled, true)))
    .limit(1);
  return row;
}

/** Whether another company has this email domain for its identity provider. */
export async function domainTakenByOther(db: Db, scope: CompanyScope, domain: string): Promise<boolean> {
  const rows = await db
    .select({ companyId: ssoConnections.companyId })
    .from(ssoConnections)
    .where(and(eq(ssoConnections.domain, domain), sql`${ssoConnections.companyId} <> ${scope.companyId}`))
    .limit(1);
  return rows.length > 0;
}

export async function insertSsoRequest(
  db: Db,
  scope: CompanyScope,
  row: { id: string; audience: SsoAudience; relay: string; value: string; expiresAt: Date },
): Promise<void> {
  await db.insert(ssoRequests).values({ companyId: scope.companyId, ...row });
}

/** A request of this company still waiting for its answer. */
export async function liveSsoRequest(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .select()
    .from(ssoRequests)
    .where(
      and(
        eq(ssoRequests.id, id),
        eq(ssoRequests.companyId, scope.companyId),
        gt(ssoRequests.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Takes a request out (its answer came): the row it was, when this call is the one that removed it. */
export async function deleteSsoRequest(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .delete(ssoRequests)
    .where(and(eq(ssoRequests.id, id), eq(ssoRequests.companyId, scope.companyId)))
    .returning();
  return row;
}

/**
 * Marks an assertion used; false when it was used before. The insert is the check, so two processes
 * given the same assertion at the same moment cannot both accept it.
 */
export async function claimAssertion(
  db: Db,
  scope: CompanyScope,
  assertionId: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(ssoAssertions)
    .values({ companyId: scope.companyId, assertionId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: ssoAssertions.assertionId });
  return rows.length > 0;
}

/** Forgets expired requests and assertions (of every company: they carry nothing but their expiry). */
export async function purgeExpiredAcrossCompanies(db: Db): Promise<void> {
  const now = new Date();
  await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, now));
  await db.delete(ssoAssertions).where(lt(ssoAssertions.expiresAt, now));
}
