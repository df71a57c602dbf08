import { and, count, desc, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyPpv, ppvLog, ppvSnippets, ppvTransactions, ppvViews } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

export type PpvRow = typeof companyPpv.$inferSelect;

export async function ppvOf(db: Db, scope: CompanyScope): Promise<PpvRow | undefined> {
  const [row] = await db.select().from(companyPpv).where(eq(companyPpv.companyId, scope.companyId));
  return row;
}

/** The one lookup across companies: the public player names only its key. */
export async function ppvByKeyAcrossCompanies(db: Db, apiKey: string): Promise<PpvRow | undefined> {
  const [row] = await db.select().from(companyPpv).where(eq(companyPpv.apiKey, apiKey));
  return row;
}

/** Makes the company's PPV; false when it already has it. */
export async function insertPpv(
  db: Db,
  scope: CompanyScope,
  values: { apiKey: string; trial: boolean; viewsPurchased: number },
): Promise<boolean> {
  const rows = await db
    .insert(companyPpv)
    .values({ ...values, companyId: scope.companyId })
    .onConflictDoNothing()
    .returning({ id: companyPpv.companyId });
  return rows.length > 0;
}

export async function updatePpv(
  db: Db,
  scope: CompanyScope,
  values: Partial<Pick<PpvRow, 'apiKey' | 'allowedDomains' | 'keyCreatedAt'>>,
): Promise<void> {
  await db.update(companyPpv).set(values).where(eq(companyPpv.companyId, scope.companyId));
}

export async function addViewsPurchased(db: Db, scope: CompanyScope, views: number): Promise<void> {
  await db
    .update(companyPpv)
    .set({ viewsPurchased: sql`${companyPpv.viewsPurchased} + ${views}`, trial: false })
    .where(eq(companyPpv.companyId, scope.companyId));
}

export type SnippetRow = { subjectId: string; active: boolean; views: number };

export function snippetsOf(db: Db, scope: CompanyScope): Promise<SnippetRow[]> {
  return db
    .select({ subjectId: ppvSnippets.subjectId, active: ppvSnippets.active, views: ppvSnippets.views })
    .from(ppvSnippets)
    .where(eq(ppvSnippets.companyId, scope.companyId));
}

export async function snippetOf(
  db: Db,
  scope: CompanyScope,
  subjectId: string,
): Promise<SnippetRow | undefined> {
  const [row] = await db
    .select({ subjectId: ppvSnippets.subjectId, active: ppvSnippets.active, views: ppvSnippets.views })
    .from(ppvSnippets)
    .where(and(eq(ppvSnippets.companyId, scope.companyId), eq(ppvSnippets.subjectId, subjectId)));
  return row;
}

export async function setSnippet(
  db: Db,
  scope: CompanyScope,
  subjectId: string,
  active: boolean,
): Promise<void> {
  await db
    .insert(ppvSnippets)
    .values({ companyId: scope.companyId, subjectId, active })
    .onConflictDoUpdate({
      target: [ppvSnippets.companyId, ppvSnippets.subjectId],
      set: { active, updatedAt: new Date() },
    });
}

export type CountOutcome = 'counted' | 'again' | 'limit';

/**
 * The counting rule in one transaction: the (company, subject, viewer, day) row is new, and a view is
 * left of those purchased; otherwise nothing changes.
 */
export async function countView(
  db: Db,
  scope: CompanyScope,
  view: { subjectId: string; viewer: string; day: string },
): Promise<CountOutcome> {
  const limit = new Error('limit');
  return db
    .transaction(async (tx) => {
      const fresh = await tx
        .insert(ppvViews)
        .values({ companyId: scope.companyId, ...view })
        .onConflictDoNothing()
        .returning({ day: ppvViews.day });
      if (fresh.length === 0) return 'again';
      const used = await tx
        .update(companyPpv)
        .set({ viewsUsed: sql`${companyPpv.viewsUsed} + 1` })
        .where(
          and(eq(companyPpv.companyId, scope.companyId), lt(companyPpv.viewsUsed, companyPpv.viewsPurchased)),
        )
        .returning({ used: companyPpv.viewsUsed });
      // Undo the viewer's row too: the view was not counted.
      if (used.length === 0) throw limit;
      await tx
        .insert(ppvSnippets)
        .values({ companyId: scope.companyId, subjectId: view.subjectId, views: 1 })
        .onConflictDoUpdate({
          target: [ppvSnippets.companyId, ppvSnippets.subjectId],
          set: { views: sql`${ppvSnippets.views} + 1` },
        });
      return 'counted' as const;
    })
    .catch((err: unknown) => {
      if (err === limit) return 'limit' as const;
      throw err;
    });
}

export type LogInsert = Omit<typeof ppvLog.$inferInsert, 'id' | 'companyId'>;

export async function insertLog(db: Db, scope: CompanyScope, entry: LogInsert): Promise<void> {
  await db.insert(ppvLog).values({ ...entry, companyId: scope.companyId });
}

export type LogFilter = { from?: Date; to?: Date; subjectId?: string; type?: number };

function logWhere(scope: CompanyScope, f: LogFilter): SQL {
  const parts: SQL[] = [eq(ppvLog.companyId, scope.companyId)];
  if (f.from) parts.push(gte(ppvLog.at, f.from));
  if (f.to) parts.push(lt(ppvLog.at, f.to));
  if (f.subjectId) parts.push(eq(ppvLog.subjectId, f.subjectId));
  if (f.type !== undefined) {
    // 0 asks for Other: anything but 1, 2 and 3.
    parts.push(f.type === 0 ? notInArray(ppvLog.eventType, [1, 2, 3]) : eq(ppvLog.eventType, f.type));
  }
  return and(...parts)!;
}

export type LogRow = typeof ppvLog.$inferSelect;

export async function logRows(
  db: Db,
  scope: CompanyScope,
  f: LogFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: LogRow[]; total: number }> {
  const where = logWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ppvLog)
      .where(where)
      .orderBy(desc(ppvLog.at), desc(ppvLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ppvLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type TransactionRow = typeof ppvTransactions.$inferSelect;

export function transactionsOf(db: Db, scope: CompanyScope): Promise<TransactionRow[]> {
  return db
    .select()
    .from(ppvTransactions)
    .where(eq(ppvTransactions.companyId, scope.companyId))
    .orderBy(desc(ppvTransactions.createdAt));
}

export async function insertTransaction(
  db: Db,
  scope: CompanyScope,
  values: Omit<typeof ppvTransactions.$inferInsert, 'id' | 'companyId'>,
): Promise<TransactionRow> {
  const [row] = await db
    .insert(ppvTransactions)
    .values({ ...values, companyId: scope.companyId })
    .returning();
  return row!;
}
