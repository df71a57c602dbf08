import { and, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { escapeLike, type Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  /** Rows older than this id (the cursor of the page before). */
  before?: number | undefined;
}

/** A company's audit rows, newest first (ids grow with time), read only: nothing here writes. */
export function auditRows(db: Db, scope: CompanyScope, f: AuditFilter, limit: number): Promise<AuditRow[]> {
  const where: (SQL | undefined)[] = [
    eq(auditLog.companyId, scope.companyId),
    f.actor ? ilike(auditLog.actorLabel, `%${escapeLike(f.actor)}%`) : undefined,
    f.action ? ilike(auditLog.action, `%${escapeLike(f.action)}%`) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lt(auditLog.createdAt, f.to) : undefined,
    f.before !== undefined ? lt(auditLog.id, f.before) : undefined,
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
