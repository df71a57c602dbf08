import { and, asc, count, countDistinct, desc, eq, sql, type SQL } from 'drizzle-orm';
import { arrayParam, escapeLike, queryRows, type Db } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import {
  assessmentParticipants,
  assessments,
  employeeLists,
  employees,
  learnerTokens,
  listMembers,
  subjects,
  trainingDeliveries,
  trainingEvents,
  trainingProgress,
  trainings,
} from '../../db/schema/index.ts';
import { EVENT_TYPES, type LocalizedText } from '@vigil/shared';

/** Rows written per statement in bulk imports: big enough to be fast, small enough to bound memory. */
const CHUNK = 10_000;
/** Imports at least this large refresh the planner's statistics of the tables they filled. */
const ANALYZE_AFTER = 5_000;
/** Separates tags inside one text parameter; no tag can contain it. */
const TAG_SEPARATOR = '\u001f';

const textArray = (values: string[]): SQL => arrayParam(values, 'text');

/** What the employee search matches, written exactly as the trigram index's expression. */
const employeeSearchText = sql`(${employees.email} || ' ' || ${employees.name})`;

const listColumns = {
  id: employeeLists.id,
  name: employeeLists.name,
  created: employeeLists.createdAt,
  source: employeeLists.source,
  // Kept by the list_members triggers (migration 0022).
  usersCount: employeeLists.memberCount,
};

export async function listsOfCompany(db: Db, scope: CompanyScope) {
  return db
    .select(listColumns)
    .from(employeeLists)
    .where(eq(employeeLists.companyId, scope.companyId))
    .orderBy(asc(employeeLists.name));
}

export async function listById(db: Db, scope: CompanyScope, listId: string) {
  const [row] = await db
    .select(listColumns)
    .from(employeeLists)
    .where(and(eq(employeeLists.companyId, scope.companyId), eq(employeeLists.id, listId)));
  return row;
}

export async function insertList(
  db: Db,
  scope: CompanyScope,
  name: string,
  source = 'manual',
  externalId: string | null = null,
) {
  const [row] = await db
    .insert(employeeLists)
    .values({ companyId: scope.companyId, name, source, externalId })
    .returning({ id: employeeLists.id });
  return row!.id;
}

/** New lists a directory keeps, in one statement: the id of each by its group's id. */
export async function insertLists(
  db: Db,
  scope: CompanyScope,
  source: string,
  lists: { name: string; externalId: string }[],
): Promise<Map<string, string>> {
  if (lists.length === 0) return new Map();
  const rows = await db
    .insert(employeeLists)
    .values(
      lists.map((l) => ({ companyId: scope.companyId, name: l.name, source, externalId: l.externalId })),
    )
    .returning({ id: employeeLists.id, externalId: employeeLists.externalId });
  return new Map(rows.map((r) => [r.externalId!, r.id]));
}

/** The company's lists a directory keeps (source azure, google or scim), with the group ids they mirror. */
export async function listsOfSource(db: Db, scope: CompanyScope, source: string) {
  return db
    .select({ id: employeeLists.id, name: employeeLists.name, externalId: employeeLists.externalId })
    .from(employeeLists)
    .where(and(eq(employeeLists.companyId, scope.companyId), eq(employeeLists.source, source)));
}

/** The company's employees with these emails and whether they are in a list (what a directory sync compares against). */
export async function employeesByEmails(db: Db, scope: CompanyScope, emails: string[]) {
  if (emails.length === 0) return [];
  return queryRows<{
    id: string;
    email: string;
    name: string;
    unit: string;
    external_id: string | null;
    in_list: boolean;
  }>(
    db,
    sql`select e.id, e.email, e.name, e.unit, e.external_id,
          exists (select 1 from ${listMembers} m where m.company_id = e.company_id and m.employee_id = e.id) as in_list
        from ${employees} e
        where e.company_id = ${scope.companyId} and e.email = any(${textArray(emails)})`,
  );
}

export async function renameList(
  db: Db,
  scope: CompanyScope,
  listId: string,
  name: string,
): Promise<boolean> {
  const rows = await db
    .update(employeeLists)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(employeeLists.companyId, scope.companyId), eq(employeeLists.id, listId)))
    .returning({ id: employeeLists.id });
  return rows.length > 0;
}

export async function deleteList(db: Db, scope: CompanyScope, listId: string): Promise<boolean> {
  const rows = await db
    .delete(employeeLists)
    .where(and(eq(employeeLists.companyId, scope.companyId), eq(employeeLists.id, listId)))
    .returning({ id: employeeLists.id });
  return rows.length > 0;
}

/** Employees in any of the company's lists now (the lists page's count; seats are the month's, entitlements). */
export async function employeesInLists(db: Db, scope: CompanyScope): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(listMembers.employeeId) })
    .from(listMembers)
    .where(eq(listMembers.companyId, scope.companyId));
  return row?.n ?? 0;
}

export async function membersPage(
  db: Db,
  scope: CompanyScope,
  listId: string,
  opts: {
    limit: number;
    offset: number;
    sort: 'email' | 'name';
    order: 'asc' | 'desc';
    q?: string | undefined;
  },
) {
  if (opts.q) return searchMembersPage(db, scope, listId, { ...opts, q: opts.q });
  const direction = opts.order === 'desc' ? desc : asc;
  const orderBy =
    opts.sort === 'name'
      ? [direction(employees.name), direction(employees.email)]
      : [direction(employees.email)];
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(listMembers)
      .innerJoin(employees, eq(employees.id, listMembers.employeeId))
      // Naming the company on employees too lets the planner walk its (company, name, email) index in order.
      .where(
        and(
          eq(listMembers.companyId, scope.companyId),
          eq(listMembers.listId, listId),
          eq(employees.companyId, scope.companyId),
        ),
      )
      .orderBy(...orderBy)
      .limit(opts.limit)
      .offset(opts.offset),
    // The count needs only the membership index.
    db
      .select({ n: count() })
      .from(listMembers)
      .where(and(eq(listMembers.companyId, scope.companyId), eq(listMembers.listId, listId))),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const memberColumns = {
  email: employees.email,
  user_name: employees.name,
  unit: employees.unit,
  tags: employees.tags,
  source: employees.source,
  created: listMembers.createdAt,
};

/**
 * A searched page. The matches are found first through the trigram index (a materialised CTE keeps the
 * planner from walking the name index and filtering, which is slow when the matches sort late), then
 * joined to the list, counted and sorted: one pass for the page and its total.
 */
async function searchMembersPage(
  db: Db,
  scope: CompanyScope,
  listId: string,
  opts: { limit: number; offset: number; sort: 'email' | 'name'; order: 'asc' | 'desc'; q: string },
) {
  const dir = opts.order === 'desc' ? sql`desc` : sql`asc`;
  const orderBy = opts.sort === 'name' ? sql`name ${dir}, email ${dir}` : sql`email ${dir}`;
  const found = await queryRows<{
    email: string;
    user_name: string;
    unit: string;
    tags: string[];
    source: string;
    created: string | Date;
    total: number;
  }>(
    db,
    sql`
      with matches as materialized (
        select id, email, name, unit, tags, source from ${employees}
        where company_id = ${scope.companyId} and ${employeeSearchText} ilike ${`%${escapeLike(opts.q)}%`}),
      in_list as (
        select x.email, x.name, x.unit, x.tags, x.source, m.created_at from matches x
        join ${listMembers} m on m.employee_id = x.id and m.list_id = ${listId} and m.company_id = ${scope.companyId})
      select email, name as user_name, unit, tags, source, created_at as created, count(*) over ()::int as total
      from in_list order by ${orderBy} limit ${opts.limit} offset ${opts.offset}`,
  );
  const rows = found.map(({ total: _, created, ...row }) => ({ ...row, created: new Date(created) }));
  if (found.length > 0 || opts.offset === 0) return { rows, total: found[0]?.total ?? 0 };
  // A page past the last match carries no total: count the matches alone.
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${employees} join ${listMembers} m on m.employee_id = ${employees.id}
        where ${employees.companyId} = ${scope.companyId} and m.list_id = ${listId} and m.company_id = ${scope.companyId}
          and ${employeeSearchText} ilike ${`%${escapeLike(opts.q)}%`}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export type MemberRow = { id: string; email: string; name: string; unit: string };

/** Everyone in a list, for comparing an import against. */
export async function membersOfList(db: Db, scope: CompanyScope, listId: string): Promise<MemberRow[]> {
  return (await membersOfLists(db, scope, [listId])).get(listId)!;
}

/** Everyone in each of these lists, by list: one read for all the groups a directory sync compares. */
export async function membersOfLists(
  db: Db,
  scope: CompanyScope,
  listIds: string[],
): Promise<Map<string, MemberRow[]>> {
  const byList = new Map<string, MemberRow[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return byList;
  const rows = await db
    .select({
      listId: listMembers.listId,
      id: employees.id,
      email: employees.email,
      name: employees.name,
      unit: employees.unit,
    })
    .from(listMembers)
    .innerJoin(employees, eq(employees.id, listMembers.employeeId))
    .where(
      and(
        eq(listMembers.companyId, scope.companyId),
        sql`${listMembers.listId} = any(${arrayParam(listIds, 'uuid')})`,
      ),
    );
  for (const { listId, ...member } of rows) byList.get(listId)?.push(member);
  return byList;
}

export interface EmployeeUpsert {
  email: string;
  name: string;
  unit: string;
  tags: string[];
  /** The person's id in the directory that keeps them (a directory sync, SCIM); kept when absent. */
  externalId?: string | undefined;
}

/**
 * Creates or updates the employees and puts them all in the list, set-based: one statement per chunk
 * (see employeesWrite). An empty name, unit or tag list in the input keeps what is stored.
 */
export async function upsertIntoList(
  db: Db,
  scope: CompanyScope,
  listId: string,
  rows: EmployeeUpsert[],
  source: string,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // The people made by this statement cannot be members yet; the others are added where they are not.
    await db.execute(sql`
      with input as (${upsertInput(rows.slice(i, i + CHUNK))}), ${employeesWrite(scope, source)}
      insert into ${listMembers} (list_id, employee_id, company_id)
      select ${listId}::uuid, id, ${scope.companyId}::uuid from (
        select id from inserted
        union all
        select x.id from existing x
        where not exists (select 1 from ${listMembers} m where m.list_id = ${listId} and m.employee_id = x.id)) ids
      where exists (select 1 from ${employeeLists} l where l.id = ${listId} and l.company_id = ${scope.companyId})`);
  }
  // Fresh statistics keep the planner on the index paths after a large change.
  if (rows.length >= ANALYZE_AFTER) await db.execute(sql`analyze ${employees}, ${listMembers}`);
}

/** The upsert's rows as a relation (email, name, unit, tags, external_id): one array parameter per column. */
const upsertInput = (chunk: EmployeeUpsert[]): SQL => sql`
  select f.email, f.name, f.unit,
         case when f.tags = '' then '{}'::text[] else string_to_array(f.tags, ${TAG_SEPARATOR}) end as tags,
         nullif(f.external_id, '') as external_id
  from unnest(${textArray(chunk.map((r) => r.email))}, ${textArray(chunk.map((r) => r.name))},
              ${textArray(chunk.map((r) => r.unit))}, ${textArray(chunk.map((r) => r.tags.join(TAG_SEPARATOR)))},
              ${textArray(chunk.map((r) => r.externalId ?? ''))})
       as f(email, name, unit, tags, external_id)`;

/**
 * The employees of `input` (one row per email) written, as common table expressions after `input`:
 * `existing` (id) holds those the company already had, `inserted` (id) the ones made now, and an
 * existing row is updated only where the input changes it.
 *
 * Plain statements, not `insert … on conflict`: that form looks each row's email up once more before
 * inserting it, inserts it as speculative and writes a confirmation for it afterwards, per person
 * (issue 16: the import of 100 000). It is safe because every writer of a company's employees and memberships holds the
 * company's seat lock (admitEmployees) while it writes, so no other transaction adds the same email
 * between the read of `existing` and the insert; should one ever do so, the unique key refuses the
 * statement and the transaction rolls back whole.
 */
const employeesWrite = (scope: CompanyScope, source: string): SQL => sql`
  existing as materialized (
    select e.id, e.email, e.name, e.unit, e.tags, e.external_id
    from input join ${employees} e on e.company_id = ${scope.companyId} and e.email = input.email),
  inserted as (
    insert into ${employees} (company_id, email, name, unit, tags, source, external_id)
    select ${scope.companyId}::uuid, email, name, unit, tags, ${source}, external_id from input
    where not exists (select 1 from existing x where x.email = input.email)
    returning id),
  updated as (
    update ${employees} e set
      name = case when i.name <> '' then i.name else x.name end,
      unit = case when i.unit <> '' then i.unit else x.unit end,
      tags = case when cardinality(i.tags) > 0 then i.tags else x.tags end,
      external_id = coalesce(i.external_id, x.external_id),
      updated_at = now()
    from input i join existing x on x.email = i.email
    where e.company_id = ${scope.companyId} and e.id = x.id
      and ((i.name <> '' and i.name is distinct from x.name)
        or (i.unit <> '' and i.unit is distinct from x.unit)
        or (cardinality(i.tags) > 0 and i.tags is distinct from x.tags)
        or (i.external_id is not null and i.external_id is distinct from x.external_id)))`;

/**
 * Several lists filled at once (a directory sync's batch of groups): the people created or updated, one
 * statement per chunk and each person once, then the memberships, one statement per chunk of
 * (list, email) pairs. Lists of another company are not filled.
 */
export async function upsertIntoLists(
  db: Db,
  scope: CompanyScope,
  people: EmployeeUpsert[],
  memberships: { listId: string; email: string }[],
  source: string,
): Promise<void> {
  for (let i = 0; i < people.length; i += CHUNK)
    await db.execute(
      sql`with input as (${upsertInput(people.slice(i, i + CHUNK))}), ${employeesWrite(scope, source)}
          select count(*) from inserted`,
    );
  for (let i = 0; i < memberships.length; i += CHUNK) {
    const chunk = memberships.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into ${listMembers} (list_id, employee_id, company_id)
      select f.list_id, e.id, ${scope.companyId}::uuid
      from unnest(${arrayParam(
        chunk.map((m) => m.listId),
        'uuid',
      )}, ${textArray(chunk.map((m) => m.email))}) as f(list_id, email)
      join ${employees} e on e.company_id = ${scope.companyId} and e.email = f.email
      join ${employeeLists} l on l.id = f.list_id and l.company_id = ${scope.companyId}
      on conflict do nothing`);
  }
  if (people.length + memberships.length >= ANALYZE_AFTER)
    await db.execute(sql`analyze ${employees}, ${listMembers}`);
}

/** Takes everyone out of the list whose email is not among `keep`. Returns how many left. */
export async function removeOthersFromList(
  db: Db,
  scope: CompanyScope,
  listId: string,
  keep: string[],
): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with gone as (
      delete from ${listMembers} m using ${employees} e
      where m.employee_id = e.id and m.company_id = ${scope.companyId} and m.list_id = ${listId}
        and not (e.email = any(${textArray(keep)}))
      returning 1)
    select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

export async function removeFromList(
  db: Db,
  scope: CompanyScope,
  listId: string,
  email: string,
): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with gone as (
      delete from ${listMembers} m using ${employees} e
      where m.employee_id = e.id and m.company_id = ${scope.companyId} and m.list_id = ${listId} and e.email = ${email}
      returning 1)
    select count(*)::int as n from gone`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Deletes employees from the company the way a list removal does, from every list at once: they hold
 * no seat and get no more deliveries, and their personal learner links stop working (in another
 * process, within the learner identity cache's minute for a link in use). What they did
 * stays in the figures of the programs and assessments that reached them. One statement, so a failure
 * leaves everything as it was. Returns how many of them were in a list.
 */
export async function removeFromCompany(db: Db, scope: CompanyScope, employeeIds: string[]): Promise<number> {
  const ids = arrayParam(employeeIds, 'uuid');
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with links as (
      delete from ${learnerTokens} where company_id = ${scope.companyId} and employee_id = any(${ids})),
    gone as (
      delete from ${listMembers} where company_id = ${scope.companyId} and employee_id = any(${ids})
      returning employee_id)
    select count(distinct employee_id)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Deletes employees of the company and, through the foreign keys that name (company, employee)
 * (migration 0013), every row about them: list memberships, learner links and events, deliveries,
 * progress, the programs' kept per-employee rows, assessment invitations, participation, answers and
 * scores. One statement. Returns the assessments whose kept aggregates counted one of them (finished),
 * for the caller to rebuild, and how many employees were deleted.
 */
export async function deleteEmployees(
  db: Db,
  scope: CompanyScope,
  employeeIds: string[],
): Promise<{ deleted: number; assessmentIds: string[] }> {
  const ids = arrayParam(employeeIds, 'uuid');
  const [row] = await queryRows<{ deleted: number; assessment_ids: string[] | null }>(
    db,
    sql`
    with counted as (
      select distinct p.assessment_id from ${assessmentParticipants} p
      where p.company_id = ${scope.companyId} and p.employee_id = any(${ids}) and p.finished_at is not null),
    gone as (
      delete from ${employees} where company_id = ${scope.companyId} and id = any(${ids}) returning id)
    select (select count(*) from gone)::int as deleted,
      (select array_agg(assessment_id::text) from counted) as assessment_ids`,
  );
  return { deleted: row?.deleted ?? 0, assessmentIds: row?.assessment_ids ?? [] };
}

export async function employeeInList(db: Db, scope: CompanyScope, listId: string, email: string) {
  const [row] = await db
    .select({
      id: employees.id,
      email: employees.email,
      name: employees.name,
      unit: employees.unit,
      tags: employees.tags,
      created: employees.createdAt,
    })
    .from(listMembers)
    .innerJoin(employees, eq(employees.id, listMembers.employeeId))
    .where(
      and(
        eq(listMembers.companyId, scope.companyId),
        eq(listMembers.listId, listId),
        eq(employees.email, email),
      ),
    );
  return row;
}

export async function listsOfEmployee(db: Db, scope: CompanyScope, employeeId: string) {
  return db
    .select({ id: employeeLists.id, name: employeeLists.name })
    .from(listMembers)
    .innerJoin(employeeLists, eq(employeeLists.id, listMembers.listId))
    .where(and(eq(listMembers.companyId, scope.companyId), eq(listMembers.employeeId, employeeId)))
    .orderBy(asc(employeeLists.name));
}

export interface SubjectRecord {
  training_id: string;
  training_name: string;
  subject_id: string;
  title: LocalizedText | null;
  delivered_at: Date | string | null;
  opened_at: Date | string | null;
  finished: boolean;
  answered: number;
  correct: number;
}

/**
 * Every subject of every program (drafts aside) that reached the employee: when its batch was first
 * sent to them, and what they did in it. A subject counts as delivered once a batch holding it went
 * out to the employee on any channel; progress without a sent batch (a resend still pending, a
 * learner link given by hand) still shows.
 */
export async function subjectRecordsOf(db: Db, scope: CompanyScope, employeeId: string) {
  return queryRows<SubjectRecord>(
    db,
    sql`with programs as (
          select t.id, t.name from ${trainings} t where t.company_id = ${scope.companyId} and t.status <> 'draft'),
        delivered as (
          select d.training_id, s.subject_id, min(d.sent_at) as delivered_at
          from ${trainingDeliveries} d
          join ${trainingEvents} e on e.id = d.event_id and e.type = ${EVENT_TYPES.schedule}
          cross join lateral unnest(e.subject_ids) as s(subject_id)
          where d.training_id in (select id from programs) and d.employee_id = ${employeeId}
            and d.status = 'sent'
          group by d.training_id, s.subject_id),
        progress as (
          select p.training_id, p.subject_id, p.opened_at, p.finished_at is not null as finished,
            bit_count(p.answered_mask::bit(32))::int as answered,
            bit_count(p.correct_mask::bit(32))::int as correct
          from ${trainingProgress} p
          where p.employee_id = ${employeeId} and p.company_id = ${scope.companyId}
            and p.training_id in (select id from programs))
        select x.training_id, programs.name as training_name, x.subject_id, sub.title, x.delivered_at,
          x.opened_at, x.finished, x.answered, x.correct
        from (
          select coalesce(d.training_id, p.training_id) as training_id,
            coalesce(d.subject_id, p.subject_id) as subject_id, d.delivered_at, p.opened_at,
            coalesce(p.finished, false) as finished, coalesce(p.answered, 0) as answered,
            coalesce(p.correct, 0) as correct
          from delivered d full join progress p using (training_id, subject_id)) x
        join programs on programs.id = x.training_id
        left join ${subjects} sub on sub.id = x.subject_id`,
  );
}

/** The assessments (drafts aside) that reached the employee, newest invitation first. */
export async function assessmentRecordsOf(db: Db, scope: CompanyScope, employeeId: string) {
  return db
    .select({
      id: assessments.id,
      name: assessments.name,
      invitedAt: assessmentParticipants.invitedAt,
      startedAt: assessmentParticipants.startedAt,
      finishedAt: assessmentParticipants.finishedAt,
      score: assessmentParticipants.score,
    })
    .from(assessmentParticipants)
    .innerJoin(assessments, eq(assessments.id, assessmentParticipants.assessmentId))
    .where(
      and(
        eq(assessmentParticipants.companyId, scope.companyId),
        eq(assessmentParticipants.employeeId, employeeId),
        sql`${assessments.status} <> 'draft'`,
      ),
    )
    .orderBy(desc(assessmentParticipants.invitedAt), asc(assessments.name));
}

const directoryColumns = {
  id: employees.id,
  email: employees.email,
  name: employees.name,
  unit: employees.unit,
  tags: employees.tags,
  created: employees.createdAt,
  bounced: employees.bouncedAt,
  language: employees.language,
};
export type DirectoryRow = {
  id: string;
  email: string;
  name: string;
  unit: string;
  tags: string[];
  created: Date;
  bounced: Date | null;
  language: string | null;
};

/**
 * A page of the company's employees in email order after `afterEmail` (keyset pagination on the
 * (company, email) unique index: the same cost on page 1 and page 1,000).
 */
export function employeesAfter(
  db: Db,
  scope: CompanyScope,
  afterEmail: string | undefined,
  limit: number,
): Promise<DirectoryRow[]> {
  return db
    .select(directoryColumns)
    .from(employees)
    .where(
      and(
        eq(employees.companyId, scope.companyId),
        afterEmail === undefined ? undefined : sql`${employees.email} > ${afterEmail}`,
      ),
    )
    .orderBy(asc(employees.email))
    .limit(limit);
}

/**
 * A page of a list's members in id order after `afterId` (keyset pagination on the list's primary key
 * (list_id, employee_id): the same cost whatever the list's size or the page's depth).
 */
export function listMembersAfter(
  db: Db,
  scope: CompanyScope,
  listId: string,
  afterId: string | undefined,
  limit: number,
): Promise<DirectoryRow[]> {
  return db
    .select(directoryColumns)
    .from(listMembers)
    .innerJoin(
      employees,
      and(eq(employees.companyId, listMembers.companyId), eq(employees.id, listMembers.employeeId)),
    )
    .where(
      and(
        eq(listMembers.listId, listId),
        eq(listMembers.companyId, scope.companyId),
        afterId === undefined ? undefined : sql`${listMembers.employeeId} > ${afterId}`,
      ),
    )
    .orderBy(asc(listMembers.employeeId))
    .limit(limit);
}

export async function employeeById(
  db: Db,
  scope: CompanyScope,
  id: string,
): Promise<DirectoryRow | undefined> {
  const [row] = await db
    .select(directoryColumns)
    .from(employees)
    .where(and(eq(employees.companyId, scope.companyId), eq(employees.id, id)));
  return row;
}

export async function updateEmployee(
  db: Db,
  scope: CompanyScope,
  id: string,
  values: {
    name?: string | undefined;
    unit?: string | undefined;
    language?: string | null | undefined;
    email?: string | undefined;
  },
): Promise<boolean> {
  const rows = await db
    .update(employees)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(employees.companyId, scope.companyId), eq(employees.id, id)))
    .returning({ id: employees.id });
  return rows.length > 0;
}
