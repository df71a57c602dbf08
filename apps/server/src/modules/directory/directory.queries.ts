import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DirectoryProduct } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { directoryConnections, directorySyncs } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

export type ConnectionRow = typeof directoryConnections.$inferSelect;
export type SyncRow = typeof directorySyncs.$inferSelect;
export type RuleRow = ConnectionRow['rules'][number];

export async function connectionOf(
  db: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(directoryConnections)
    .where(
      and(eq(directoryConnections.companyId, scope.companyId), eq(directoryConnections.product, product)),
    );
  return row;
}

export async function connectionsOfCompany(db: Db, scope: CompanyScope): Promise<ConnectionRow[]> {
  return db.select().from(directoryConnections).where(eq(directoryConnections.companyId, scope.companyId));
}

/** Creates or changes the company's connection to a directory. */
export async function saveConnection(
  db: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
  values: Partial<Pick<ConnectionRow, 'fields' | 'credentials' | 'enabled' | 'testMode' | 'rules'>>,
): Promise<void> {
  await db
    .insert(directoryConnections)
    .values({ companyId: scope.companyId, product, ...values })
    .onConflictDoUpdate({
      target: [directoryConnections.companyId, directoryConnections.product],
      set: { ...values, updatedAt: new Date() },
    });
}

export async function deleteConnection(
  db: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
): Promise<boolean> {
  const rows = await db
    .delete(directoryConnections)
    .where(
      and(eq(directoryConnections.companyId, scope.companyId), eq(directoryConnections.product, product)),
    )
    .returning({ id: directoryConnections.id });
  return rows.length > 0;
}

/** Starts a sync run; null when one is already running for this directory (the partial unique index). */
export async function insertSync(
  db: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
  values: { trigger: 'manual' | 'schedule'; startedBy: string | null },
): Promise<string | null> {
  const rows = await db
    .insert(directorySyncs)
    .values({ companyId: scope.companyId, product, ...values })
    .onConflictDoNothing()
    .returning({ id: directorySyncs.id });
  return rows[0]?.id ?? null;
}

export async function syncById(db: Db, scope: CompanyScope, syncId: string): Promise<SyncRow | undefined> {
  const [row] = await db
    .select()
    .from(directorySyncs)
    .where(and(eq(directorySyncs.companyId, scope.companyId), eq(directorySyncs.id, syncId)));
  return row;
}

export async function syncsOf(db: Db, scope: CompanyScope, product: DirectoryProduct, limit: number) {
  return db
    .select()
    .from(directorySyncs)
    .where(and(eq(directorySyncs.companyId, scope.companyId), eq(directorySyncs.product, product)))
    .orderBy(desc(directorySyncs.startedAt))
    .limit(limit);
}

/** Writes a running sync's state (and its heartbeat); `log` lines are appended. */
export async function updateSync(
  db: Db,
  scope: CompanyScope,
  syncId: string,
  values: Partial<
    Pick<
      SyncRow,
      | 'status'
      | 'phase'
      | 'cursor'
      | 'progress'
      | 'message'
      | 'counts'
      | 'errors'
      | 'errorDetails'
      | 'finishedAt'
    >
  >,
  log: SyncRow['log'] = [],
): Promise<void> {
  await db
    .update(directorySyncs)
    .set({
      ...values,
      heartbeatAt: new Date(),
      ...(log.length > 0 ? { log: sql`${directorySyncs.log} || ${JSON.stringify(log)}::jsonb` } : {}),
    })
    .where(and(eq(directorySyncs.companyId, scope.companyId), eq(directorySyncs.id, syncId)));
}

/**
 * Running syncs across companies whose last write is older than `staleBefore`: what a crash left
 * (the start-up step and the nightly tick take them up again).
 */
export async function staleSyncsAcrossCompanies(db: Db, staleBefore: Date) {
  return db
    .select({ id: directorySyncs.id, companyId: directorySyncs.companyId })
    .from(directorySyncs)
    .where(and(eq(directorySyncs.status, 1), lt(directorySyncs.heartbeatAt, staleBefore)));
}

/** Connected, live directories across companies: what the nightly sync runs for. */
export async function enabledConnectionsAcrossCompanies(db: Db) {
  return db
    .select({ companyId: directoryConnections.companyId, product: directoryConnections.product })
    .from(directoryConnections)
    .where(and(eq(directoryConnections.enabled, true), eq(directoryConnections.testMode, false)));
}

/** The company a sync run belongs to, whatever company (the socket checks the user may see it). */
export async function companyOfSyncAcrossCompanies(db: Db, syncId: string): Promise<string | null> {
  const [row] = await db
    .select({ companyId: directorySyncs.companyId })
    .from(directorySyncs)
    .where(eq(directorySyncs.id, syncId));
  return row?.companyId ?? null;
}
