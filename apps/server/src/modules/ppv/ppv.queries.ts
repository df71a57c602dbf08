import { and, count, desc, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { PPV_EVENT } from '@vigil/shared';
import { arrayParam, queryRows, type Db } from '../../db/client.ts';
import { companyPpv, ppvLog, ppvSnippets, ppvTransactions, ppvViews } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

export type PpvRow = typeof companyPpv.$inferSelect;

export async function ppvOf(db: Db, scope: CompanyScope): Promise<PpvRow | undefined> {
  const [row] = await db.select().from(companyPpv).where(eq(companyPpv.companyId, scope.companyId));
  return row;
}

/** What the public player's calls need of a key: its company, its allow-list, its active snippets. */
export type EmbedKey = Pick<PpvRow, 'companyId' | 'apiKey' | 'allowedDomains'> & { activeSubjects: string[] };

/** The one lookup across companies: the public player names only its key. */
export async function embedKeyAcrossCompanies(db: Db, apiKey: string): Promise<EmbedKey | undefined> {
  const [row] = await db
    .select({
      companyId: companyPpv.companyId,
      apiKey: companyPpv.apiKey,
      allowedDomains: companyPpv.allowedDomains,
      activeSubjects: sql<string[]>`array(
        select ${ppvSnippets.subjectId} from ${ppvSnippets}
        where ${ppvSnippets.companyId} = ${companyPpv.companyId} and ${ppvSnippets.active})`,
    })
    .from(companyPpv)
    .where(eq(companyPpv.apiKey, apiKey));
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

export type LogInsert = Omit<typeof ppvLog.$inferInsert, 'id' | 'companyId'>;
/** A log row's fields that the player's grant carries (the event and its message are decided here). */
export type LogEntry = Pick<LogInsert, 'subjectId' | 'clientIp' | 'jsVideoId' | 'location' | 'uid'> & {
  apiKey: string;
};

/**
 * Grants' Signature rows, written together (see ppvGrantLogger in the service): a grant is given while
 * the key is still the company's and a view is left of those purchased, else it is logged as an Error
 * with `limitMessage`. Answers each grant's event, or null when the key is no longer the company's
 * (nothing is logged then). One statement, so the views left are read where the row is written.
 */
export async function logGrants(
  db: Db,
  grants: { companyId: string; entry: LogEntry }[],
  limitMessage: string,
): Promise<(number | null)[]> {
  const column = (pick: (e: LogEntry) => string | null | undefined) =>
    arrayParam(
      grants.map((g) => pick(g.entry) ?? null),
      'text',
    );
  const rows = await queryRows<{ company_id: string; api_key: string; event_type: number }>(
    db,
    sql`
    insert into ${ppvLog} (company_id, event_type, message, subject_id, client_ip, js_video_id, location, uid, api_key)
    select g.company_id,
      case when p.views_used < p.views_purchased then ${PPV_EVENT.signature}::smallint else ${PPV_EVENT.error}::smallint end,
      case when p.views_used < p.views_purchased then null else ${limitMessage} end,
      g.subject_id, g.client_ip, g.js_video_id, g.location, g.uid, g.api_key
    from unnest(${arrayParam(
      grants.map((g) => g.companyId),
      'uuid',
    )}, ${column((e) => e.subjectId)}, ${column((e) => e.clientIp)}, ${column((e) => e.jsVideoId)},
      ${column((e) => e.location)}, ${column((e) => e.uid)}, ${column((e) => e.apiKey)})
      as g(company_id, subject_id, client_ip, js_video_id, location, uid, api_key)
    join ${companyPpv} p on p.company_id = g.company_id and p.api_key = g.api_key
    returning company_id, api_key, event_type`,
  );
  // Every grant of one company and key gets the same answer: the statement reads one row for them.
  const events = new Map(rows.map((r) => [`${r.company_id}|${r.api_key}`, Number(r.event_type)]));
  return grants.map((g) => events.get(`${g.companyId}|${g.entry.apiKey}`) ?? null);
}

export type CountOutcome = 'counted' | 'again' | 'limit' | 'key_unknown';

/**
 * The counting rule, in one statement: while the key is still the company's, a view counts when its
 * (company, subject, viewer, day) row is new and a view is left of those purchased: the row, the used
 * views, the snippet's count and the log's View row are written together. Beyond the purchased views
 * nothing is counted and an Error row with `limitMessage` is logged; a viewer already counted that day
 * changes nothing.
 *
 * The company's row is locked before the views left are read, so concurrent reports (from any process)
 * take the last views one at a time and never count beyond the purchased ones; a report that waited
 * reads the used views as the other one left them. The viewer's earlier row is looked for first, so
 * that a repeated report takes no lock; two reports of one viewer at the same instant are told apart by
 * the row's key (the second inserts nothing and takes no view).
 */
export async function countView(
  db: Db,
  scope: CompanyScope,
  view: { subjectId: string; viewer: string; day: string },
  log: LogEntry,
  limitMessage: string,
): Promise<CountOutcome> {
  const company = sql`${scope.companyId}::uuid`;
  const [row] = await queryRows<{ outcome: CountOutcome }>(
    db,
    sql`
    with ppv as (
      select 1 from ${companyPpv} where company_id = ${company} and api_key = ${log.apiKey}
    ), seen as (
      select 1 from ${ppvViews}
      where company_id = ${company} and subject_id = ${view.subjectId} and viewer = ${view.viewer}
        and day = ${view.day}::date
    ), open as (
      select company_id from ${companyPpv}
      where company_id = ${company} and api_key = ${log.apiKey} and views_used < views_purchased
        and not exists (select 1 from seen)
      for update
    ), fresh as (
      insert into ${ppvViews} (company_id, subject_id, viewer, day)
      select company_id, ${view.subjectId}, ${view.viewer}, ${view.day}::date from open
      on conflict do nothing
      returning company_id
    ), used as (
      update ${companyPpv} set views_used = views_used + 1
      where company_id in (select company_id from fresh)
    ), snippet as (
      insert into ${ppvSnippets} (company_id, subject_id, views)
      select company_id, ${view.subjectId}, 1 from fresh
      on conflict (company_id, subject_id) do update set views = ${ppvSnippets}.views + 1
    ), outcome as (
      select case
        when not exists (select 1 from ppv) then 'key_unknown'
        when exists (select 1 from fresh) then 'counted'
        when exists (select 1 from seen) or exists (select 1 from open) then 'again'
        else 'limit' end as outcome
    ), log as (
      insert into ${ppvLog} (company_id, event_type, message, subject_id, client_ip, js_video_id, location, uid, api_key)
      select ${company},
        case when outcome = 'counted' then ${PPV_EVENT.view}::smallint else ${PPV_EVENT.error}::smallint end,
        case when outcome = 'counted' then null else ${limitMessage} end,
        ${view.subjectId}, ${log.clientIp ?? null}, ${log.jsVideoId ?? null}, ${log.location ?? null},
        ${log.uid ?? null}, ${log.apiKey}
      from outcome where outcome in ('counted', 'limit')
    )
    select outcome from outcome`,
  );
  return row!.outcome;
}

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

/** A history written at once (the demo company's month of views): views, log rows and the counts. */
export async function insertHistory(
  db: Db,
  scope: CompanyScope,
  history: {
    views: { subjectId: string; viewer: string; day: string }[];
    log: LogInsert[];
    perSubject: Map<string, number>;
  },
): Promise<void> {
  const chunk = 1000;
  for (let i = 0; i < history.views.length; i += chunk)
    await db
      .insert(ppvViews)
      .values(history.views.slice(i, i + chunk).map((v) => ({ ...v, companyId: scope.companyId })))
      .onConflictDoNothing();
  for (let i = 0; i < history.log.length; i += chunk)
    await db
      .insert(ppvLog)
      .values(history.log.slice(i, i + chunk).map((e) => ({ ...e, companyId: scope.companyId })));
  for (const [subjectId, views] of history.perSubject)
    await db
      .insert(ppvSnippets)
      .values({ companyId: scope.companyId, subjectId, active: true, views })
      .onConflictDoUpdate({
        target: [ppvSnippets.companyId, ppvSnippets.subjectId],
        set: { active: true, views },
      });
  await db
    .update(companyPpv)
    .set({ viewsUsed: history.views.length })
    .where(eq(companyPpv.companyId, scope.companyId));
}
