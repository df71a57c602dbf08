import { and, asc, eq, getTableName, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CampaignStatus } from '@vigil/shared';
import { arrayParam, type Db } from '../../db/client.ts';
import { FIRST_EVENT } from '../../db/schema/campaigns.ts';
import { employeeLists, employees, learnerTokens, listMembers } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { preparedRows } from '../../lib/sql.ts';
import { campaignKind, type TokenHolder } from './campaigns.kind.ts';

/** The SQL every campaign kind shares: its row, the lists it reaches, its learner links. */

/** A kind's campaign table (db/schema/campaigns.ts `campaignColumns`): the columns the core reads. */
export type CampaignTable = PgTable & {
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  name: AnyPgColumn;
  status: AnyPgColumn;
  isScorm: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/** A kind's table of the lists its campaigns go to (`campaignListColumns` and the campaign's id). */
export interface CampaignListsTable {
  table: PgTable;
  campaignId: AnyPgColumn;
  listId: AnyPgColumn;
  companyId: AnyPgColumn;
}

const ofCompany = (t: CampaignTable, scope: CompanyScope, id: string) =>
  and(eq(t.companyId, scope.companyId), eq(t.id, id));

/** The campaign row alone; `lock` locks it for an update in the calling transaction. */
export async function campaignRow<T extends CampaignTable>(
  db: Db,
  scope: CompanyScope,
  t: T,
  id: string,
  lock = false,
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(t as PgTable)
    .where(ofCompany(t, scope, id));
  const [row] = lock ? await query.for('update') : await query;
  return row as T['$inferSelect'] | undefined;
}

export async function deleteCampaign(db: Db, scope: CompanyScope, t: CampaignTable, id: string) {
  await db.delete(t).where(ofCompany(t, scope, id));
}

/** A new campaign of the company in `scope`; `values` are the kind's own columns. Returns its id. */
export async function insertCampaign<T extends CampaignTable>(
  db: Db,
  scope: CompanyScope,
  t: T,
  values: Omit<T['$inferInsert'], 'companyId'>,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(t)
    .values({ ...values, companyId: scope.companyId } as T['$inferInsert'])
    .returning({ id: t.id });
  return row as { id: string };
}

/** Sets `values` on the company's campaign `id` and marks it updated at `now`. */
export async function updateCampaign<T extends CampaignTable>(
  db: Db,
  scope: CompanyScope,
  t: T,
  id: string,
  values: Partial<T['$inferInsert']>,
  now = new Date(),
) {
  await db
    .update(t)
    .set({ ...values, updatedAt: now } as never)
    .where(ofCompany(t, scope, id));
}

/** A kind's registered events or deliveries table, and the name of its column naming the campaign. */
function kindTable(kind: string, which: 'events' | 'deliveries') {
  const table = campaignKind(kind).tables[which] as PgTable & Record<string, AnyPgColumn>;
  return { table, campaign: `${kind}Id` };
}

/**
 * A campaign's first event (FIRST_EVENT), made already sent when it has none — a package's launches
 * reach their learners through it. One statement on the unique key of the first event: two first
 * launches at the same moment make one event (the later one waits for the earlier and takes its row;
 * the no-op update returns it, which `do nothing` would not). `values` adds a kind's own columns
 * (a training's subjects). Returns the event's id. The caller has found the campaign in `scope`.
 */
export async function firstEventOf(
  db: Db,
  scope: CompanyScope,
  kind: string,
  campaignId: string,
  values: Record<string, unknown> = {},
  now = new Date(),
): Promise<string> {
  const { table: events, campaign } = kindTable(kind, 'events');
  const [row] = await db
    .insert(events)
    .values({
      ...values,
      companyId: scope.companyId,
      [campaign]: campaignId,
      type: 1,
      position: 0,
      sendAt: now,
      status: 'sent',
      startedAt: now,
      sentAt: now,
    } as PgTable['$inferInsert'])
    .onConflictDoUpdate({
      target: events[campaign]!,
      targetWhere: FIRST_EVENT,
      set: { companyId: sql`excluded.company_id` } as PgTable['$inferInsert'],
      // Never another company's event (the caller has found the campaign in its scope).
      setWhere: eq(events.companyId!, scope.companyId),
    })
    .returning({ id: events.id! });
  if (!row) throw new Error(`The first event of ${kind} ${campaignId} is not in the company.`);
  return (row as { id: string }).id;
}

/**
 * A delivery already sent to one employee on a campaign's event, written into the kind's registered
 * deliveries table — how a package's launch reaches its learner, on the campaign's first event. Nothing
 * when the employee has it already (the deliveries' once key). The caller has found the campaign and
 * the event in `scope`.
 */
export async function insertSentDelivery(
  db: Db,
  scope: CompanyScope,
  kind: string,
  row: { eventId: string; campaignId: string; employeeId: string; channel: number },
  now = new Date(),
): Promise<void> {
  const { table: deliveries, campaign } = kindTable(kind, 'deliveries');
  await db
    .insert(deliveries)
    .values({
      companyId: scope.companyId,
      eventId: row.eventId,
      [campaign]: row.campaignId,
      employeeId: row.employeeId,
      channel: row.channel,
      status: 'sent',
      sentAt: now,
    } as PgTable['$inferInsert'])
    .onConflictDoNothing();
}

/** The company's most recently changed campaigns of a kind (drafts only for admins). */
export async function latestCampaigns(
  db: Db,
  scope: CompanyScope,
  t: CampaignTable,
  includeDrafts: boolean,
  limit: number,
) {
  const rows = await db
    .select({ id: t.id, name: t.name, status: t.status, isScorm: t.isScorm })
    .from(t as PgTable)
    .where(and(eq(t.companyId, scope.companyId), includeDrafts ? undefined : ne(t.status, 'draft')))
    .orderBy(sql`${t.updatedAt} desc`, asc(t.id))
    .limit(limit);
  return rows as { id: string; name: string; status: CampaignStatus; isScorm: boolean }[];
}

/**
 * How many distinct employees a campaign's lists hold now, as a subquery on `campaignId` (the outer
 * campaign row's id, qualified): with one list (the usual case) that list's kept member count
 * (employee_lists.member_count, migration 0022), read without touching its members; with several, the
 * distinct members of all of them.
 */
export function audienceSize(lists: CampaignListsTable, campaignId: SQL): SQL<number> {
  const table = sql.identifier(getTableName(lists.table));
  const campaign = sql.identifier(lists.campaignId.name);
  const list = sql.identifier(lists.listId.name);
  return sql<number>`(case
    when (select count(*) from ${table} cl where cl.${campaign} = ${campaignId}) = 1
    then (select l.member_count from ${table} cl join ${employeeLists} l on l.id = cl.${list}
      where cl.${campaign} = ${campaignId})
    else (select count(distinct m.employee_id)::int from ${listMembers} m
      join ${table} cl on cl.${list} = m.list_id where cl.${campaign} = ${campaignId}) end)`;
}

/** A campaign's lists with their sizes, in name order. */
export async function listsOfCampaign(
  db: Db,
  scope: CompanyScope,
  lists: CampaignListsTable,
  campaignId: string,
) {
  return db
    .select({
      id: employeeLists.id,
      name: employeeLists.name,
      usersCount: sql<number>`(select count(*)::int from ${listMembers} m where m.list_id = ${employeeLists.id})`,
    })
    .from(lists.table)
    .innerJoin(employeeLists, eq(employeeLists.id, lists.listId))
    .where(and(eq(lists.companyId, scope.companyId), eq(lists.campaignId, campaignId)))
    .orderBy(asc(employeeLists.name));
}

/** Sets the lists a campaign goes to. */
export async function replaceCampaignLists(
  db: Db,
  scope: CompanyScope,
  lists: CampaignListsTable,
  campaignId: string,
  listIds: string[],
) {
  await db.delete(lists.table).where(eq(lists.campaignId, campaignId));
  if (listIds.length > 0)
    await db.execute(sql`insert into ${lists.table} (${sql.identifier(lists.campaignId.name)},
        ${sql.identifier(lists.listId.name)}, ${sql.identifier(lists.companyId.name)})
      select ${campaignId}::uuid, list_id, ${scope.companyId}::uuid
        from unnest(${arrayParam(listIds, 'uuid')}) as l(list_id)`);
}

/** Of `listIds`, those the company owns, with their employee counts (distinct over all of them). */
export async function companyListsAmong(db: Db, scope: CompanyScope, listIds: string[]) {
  if (listIds.length === 0) return { found: [] as string[], users: 0 };
  const found = await db
    .select({ id: employeeLists.id })
    .from(employeeLists)
    .where(and(eq(employeeLists.companyId, scope.companyId), inArray(employeeLists.id, listIds)));
  const [users] = await db
    .select({ count: sql<number>`count(distinct ${listMembers.employeeId})::int` })
    .from(listMembers)
    .where(and(eq(listMembers.companyId, scope.companyId), inArray(listMembers.listId, listIds)));
  return { found: found.map((r) => r.id), users: users?.count ?? 0 };
}

/**
 * Stores the hashes of fresh learner links. Each row names its company; the send loop writes the
 * links of many companies in one statement (a cross-company system write, from rows it claimed).
 */
export async function insertLearnerTokensAcrossCompanies(
  db: Db,
  rows: { tokenHash: string; employeeId: string; companyId: string }[],
) {
  if (rows.length > 0) await db.insert(learnerTokens).values(rows);
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** The employees behind these learner tokens' hashes, for the tokens and employees that still exist. */
export async function learnersByTokens(
  db: Db,
  tokenHashes: string[],
): Promise<{ hash: string; learner: TokenHolder }[]> {
  const rows = await preparedRows<Omit<TokenHolder, 'lastUsedAt'> & { hash: string; lastUsedAt: unknown }>(
    db,
    'learners_by_tokens',
    (v) => sql`select t.token_hash as hash, emp.id as "employeeId", emp.company_id as "companyId", emp.email,
          emp.name, emp.language, t.last_used_at as "lastUsedAt"
        from ${learnerTokens} t join ${employees} emp on emp.id = t.employee_id
        where t.token_hash = any(${v('hashes')}::text[])`,
    { hashes: tokenHashes },
  );
  return rows.map(({ hash, lastUsedAt, ...identity }) => ({
    hash,
    learner: { ...identity, lastUsedAt: dateOrNull(lastUsedAt) },
  }));
}

/** Writes when each of these tokens was last used. */
export async function touchLearnerTokens(db: Db, uses: { hash: string; at: Date }[]) {
  await db.execute(sql`update ${learnerTokens} t set last_used_at = u.at
    from unnest(${arrayParam(
      uses.map((u) => u.hash),
      'text',
    )}, ${arrayParam(
      uses.map((u) => u.at.toISOString()),
      'timestamptz',
    )}) as u(hash, at)
    where t.token_hash = u.hash`);
}

export async function insertLearnerToken(
  db: Db,
  row: { tokenHash: string; employeeId: string; companyId: string },
) {
  await db.insert(learnerTokens).values(row);
}
