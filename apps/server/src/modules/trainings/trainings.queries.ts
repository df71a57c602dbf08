import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { TRAINING_TAB_STATUSES, type TrainingStatus, type TrainingTab } from '@vigil/shared';
import { arrayParam, escapeLike, queryRows, type Db } from '../../db/client.ts';
import { tabCountColumns } from '../../lib/tab-counts.ts';
import {
  audienceSize,
  campaignRow,
  deleteCampaign,
  insertCampaign,
  updateCampaign,
  latestCampaigns,
  listsOfCampaign,
  replaceCampaignLists,
  type CampaignListsTable,
} from '../campaigns/campaigns.service.ts';
import {
  employeeLists,
  employees,
  interactiveResults,
  listMembers,
  subjects,
  trainingDeliveries,
  trainingEvents,
  trainingLists,
  trainingParticipants,
  trainingProgress,
  trainings,
} from '../../db/schema/index.ts';
import type { PeopleListing } from '../../lib/privacy.ts';
import type { CompanyScope } from '../../lib/scope.ts';

export type TrainingRecord = typeof trainings.$inferSelect;
export type TrainingInsert = Omit<typeof trainings.$inferInsert, 'companyId'>;
export type EventInsert = Omit<typeof trainingEvents.$inferInsert, 'companyId' | 'trainingId'>;

/** Qualified columns for correlated subqueries (Drizzle leaves them bare in single-table selects). */
const T_ID = sql.raw('"trainings"."id"');
const T_START = sql.raw('"trainings"."start_at"');

/** Start and end of a program: its first and last batch, or the planned start of a draft. */
export const firstBatch = sql<Date | null>`coalesce(
  (select min(e.send_at) from ${trainingEvents} e where e.training_id = ${T_ID} and e.type = 1 and e.status <> 'cancelled'),
  ${T_START})`;
const lastBatch = sql<Date | null>`(select max(e.send_at) from ${trainingEvents} e
  where e.training_id = ${T_ID} and e.type = 1 and e.status <> 'cancelled')`;

const LISTS: CampaignListsTable = {
  table: trainingLists,
  campaignId: trainingLists.trainingId,
  listId: trainingLists.listId,
  companyId: trainingLists.companyId,
};

/** Distinct employees in the program's lists now. */
const selectedUserCount = audienceSize(LISTS, T_ID);

/**
 * The channel a program's figures count, for the program row `t`: its lowest one, so that a mail and
 * a Slack message of one delivery count once.
 */
const firstChannel = (t: SQL) => sql`(${t}.channel & -${t}.channel)`;

const eventCounts = {
  eventsTotal: sql<number>`(select count(*)::int from ${trainingEvents} e
    where e.training_id = ${T_ID} and e.type = 1 and e.status <> 'cancelled')`,
  eventsSent: sql<number>`(select count(*)::int from ${trainingEvents} e
    where e.training_id = ${T_ID} and e.type = 1 and e.status = 'sent')`,
};

export interface ParticipantTotals {
  /** Employees reached (a delivery sent or bounced), and those bounced. */
  totalUsers: number;
  bouncedEmails: number;
  /** Subject views delivered (sent batches, first round, first channel) and finished. */
  total: number;
  score: number;
  /** Employees who opened something. */
  opened: number;
  /** The quiz's first answers over all employees, and the correct ones. */
  answered: number;
  correct: number;
  lastDelivery: Date | null;
}

const NO_TOTALS: ParticipantTotals = {
  totalUsers: 0,
  bouncedEmails: 0,
  total: 0,
  score: 0,
  opened: 0,
  answered: 0,
  correct: 0,
  lastDelivery: null,
};

/**
 * What deliveries and employees have done so far in each of these programs, in one pass over their kept
 * per-employee rows (see trainingParticipants); a program nobody was reached by gets zeros.
 */
export async function participantTotals(
  db: Db,
  scope: CompanyScope,
  ids: string[],
): Promise<Map<string, ParticipantTotals>> {
  const rows =
    ids.length === 0
      ? []
      : await queryRows<ParticipantTotals & { id: string }>(
          db,
          sql`select p.training_id as id, (count(*) filter (where p.reached))::int as "totalUsers",
                (count(*) filter (where p.bounced))::int as "bouncedEmails",
                coalesce(sum(p.delivered_views), 0)::int as total, coalesce(sum(p.finished), 0)::int as score,
                (count(*) filter (where p.opened))::int as opened,
                coalesce(sum(p.answered), 0)::int as answered, coalesce(sum(p.correct), 0)::int as correct,
                max(p.last_sent_at) as "lastDelivery"
              from ${trainingParticipants} p
              where p.company_id = ${scope.companyId} and p.training_id = any(${arrayParam(ids, 'uuid')})
              group by p.training_id`,
        );
  const byId = new Map(rows.map(({ id, ...totals }) => [id, totals]));
  return new Map(ids.map((id) => [id, byId.get(id) ?? NO_TOTALS]));
}

const rowColumns = {
  training: trainings,
  firstBatch,
  lastBatch,
  selectedUserCount,
  ...eventCounts,
};

export interface TrainingListFilter {
  tab: TrainingTab;
  includeDrafts: boolean;
  q?: string | undefined;
  listId?: string | undefined;
  subjectId?: string | undefined;
  startFrom?: Date | undefined;
  startTo?: Date | undefined;
  endFrom?: Date | undefined;
  endTo?: Date | undefined;
}

/** Everything but the tab: the conditions the tab counts share. */
function filterConditions(companyId: string, f: TrainingListFilter): SQL[] {
  // SCORM packages have their own table (the packages module's SCORM list).
  const where: SQL[] = [eq(trainings.companyId, companyId), eq(trainings.isScorm, false)];
  if (!f.includeDrafts) where.push(ne(trainings.status, 'draft'));
  if (f.q) where.push(sql`${trainings.name} ilike ${`%${escapeLike(f.q)}%`}`);
  if (f.listId)
    where.push(
      sql`exists (select 1 from ${trainingLists} tl where tl.training_id = ${T_ID} and tl.list_id = ${f.listId})`,
    );
  if (f.subjectId) where.push(sql`${f.subjectId} = any(${trainings.subjectIds})`);
  if (f.startFrom) where.push(sql`${firstBatch} >= ${f.startFrom.toISOString()}`);
  if (f.startTo) where.push(sql`${firstBatch} <= ${f.startTo.toISOString()}`);
  if (f.endFrom) where.push(sql`${lastBatch} >= ${f.endFrom.toISOString()}`);
  if (f.endTo) where.push(sql`${lastBatch} <= ${f.endTo.toISOString()}`);
  return where;
}

export async function trainingsPage(
  db: Db,
  scope: CompanyScope,
  f: TrainingListFilter,
  page: { sort: 'updated' | 'start' | 'end'; direction: 'asc' | 'desc'; limit: number; offset: number },
) {
  const where = filterConditions(scope.companyId, f);
  const tabWhere = and(...where, inArray(trainings.status, [...TRAINING_TAB_STATUSES[f.tab]]));
  const key = page.sort === 'start' ? firstBatch : page.sort === 'end' ? lastBatch : trainings.updatedAt;
  const order = page.direction === 'asc' ? sql`${key} asc nulls last` : sql`${key} desc nulls last`;
  const [rows, [counts]] = await Promise.all([
    db
      .select(rowColumns)
      .from(trainings)
      .where(tabWhere)
      .orderBy(order, asc(trainings.id))
      .limit(page.limit)
      .offset(page.offset)
      .then(async (found) => {
        const totals = await participantTotals(
          db,
          scope,
          found.map((r) => r.training.id),
        );
        return found.map((r) => {
          const { lastDelivery: _lastDelivery, ...figures } = totals.get(r.training.id)!;
          return { ...r, ...figures };
        });
      }),
    db
      .select(tabCountColumns(trainings.status, TRAINING_TAB_STATUSES, f.tab))
      .from(trainings)
      .where(and(...where)),
  ]);
  return { rows, counts: counts! };
}

export const latestTrainings = (db: Db, scope: CompanyScope, includeDrafts: boolean, limit: number) =>
  latestCampaigns(db, scope, trainings, includeDrafts, limit);

/**
 * One program with its figures: its row, and one pass over its kept per-employee rows for what was
 * delivered and done, at once.
 */
export async function trainingById(db: Db, scope: CompanyScope, id: string) {
  const [[row], totals] = await Promise.all([
    db
      .select({ training: trainings, firstBatch, lastBatch, selectedUserCount, ...eventCounts })
      .from(trainings)
      .where(and(eq(trainings.companyId, scope.companyId), eq(trainings.id, id))),
    participantTotals(db, scope, [id]),
  ]);
  if (!row) return undefined;
  return { ...row, ...totals.get(id)! };
}

/** The program row alone, without its figures: for calls that only need to know it and its settings. */
export const trainingRow = (db: Db, scope: CompanyScope, id: string) => campaignRow(db, scope, trainings, id);

/** The program row alone, locked for an update in `tx`. */
export const lockTraining = (db: Db, scope: CompanyScope, id: string) =>
  campaignRow(db, scope, trainings, id, true);

export async function eventsOf(db: Db, scope: CompanyScope, trainingId: string) {
  return db
    .select()
    .from(trainingEvents)
    .where(and(eq(trainingEvents.trainingId, trainingId), eq(trainingEvents.companyId, scope.companyId)))
    .orderBy(asc(trainingEvents.sendAt), asc(trainingEvents.type), asc(trainingEvents.position));
}

/** The program's lists with their sizes, in name order. */
export const listsOfTraining = (db: Db, scope: CompanyScope, trainingId: string) =>
  listsOfCampaign(db, scope, LISTS, trainingId);

/** The subjects with these ids that exist (retired ones included: a program may still hold them). */
export async function subjectsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: subjects.id,
      type: subjects.type,
      title: subjects.title,
      description: subjects.description,
      duration: subjects.duration,
      thumb: subjects.thumb,
      availableForBeta: subjects.availableForBeta,
      retiredAt: subjects.retiredAt,
      quizCount: sql<number>`coalesce(jsonb_array_length(${subjects.body}->'quiz'), 0)::int`,
    })
    .from(subjects)
    .where(inArray(subjects.id, ids));
}

export const insertTraining = (db: Db, scope: CompanyScope, values: TrainingInsert) =>
  insertCampaign(db, scope, trainings, values);

export const updateTraining = (db: Db, scope: CompanyScope, id: string, values: Partial<TrainingInsert>) =>
  updateCampaign(db, scope, trainings, id, values);

export const replaceTrainingLists = (db: Db, scope: CompanyScope, trainingId: string, listIds: string[]) =>
  replaceCampaignLists(db, scope, LISTS, trainingId, listIds);

/** Drops the deliveries not yet sent; sent ones stay as the program's history. */
export async function deleteUnsentEvents(db: Db, trainingId: string) {
  await db
    .delete(trainingEvents)
    .where(and(eq(trainingEvents.trainingId, trainingId), eq(trainingEvents.status, 'scheduled')));
}

export async function cancelUnsentEvents(db: Db, trainingId: string) {
  await db
    .update(trainingEvents)
    .set({ status: 'cancelled' })
    .where(and(eq(trainingEvents.trainingId, trainingId), eq(trainingEvents.status, 'scheduled')));
}

/** Inserts schedule events and their reminders; `parentIndex` ties a reminder to its batch. */
export async function insertEvents(
  db: Db,
  scope: CompanyScope,
  trainingId: string,
  batches: { sendAt: Date; subjectIds: string[]; reminders: Date[] }[],
) {
  if (batches.length === 0) return;
  const parents = await db
    .insert(trainingEvents)
    .values(
      batches.map((b, position) => ({
        companyId: scope.companyId,
        trainingId,
        type: 1 as const,
        position,
        sendAt: b.sendAt,
        subjectIds: b.subjectIds,
      })),
    )
    .returning({ id: trainingEvents.id, position: trainingEvents.position });
  const idAt = new Map(parents.map((p) => [p.position, p.id]));
  const reminders = batches.flatMap((b, position) =>
    b.reminders.map((sendAt, step) => ({
      companyId: scope.companyId,
      trainingId,
      type: 2 as const,
      position: step,
      parentId: idAt.get(position)!,
      sendAt,
    })),
  );
  if (reminders.length > 0) await db.insert(trainingEvents).values(reminders);
}

export const deleteTraining = (db: Db, scope: CompanyScope, id: string) =>
  deleteCampaign(db, scope, trainings, id);

export async function setStatus(
  db: Db,
  scope: CompanyScope,
  id: string,
  status: TrainingStatus,
  extra: Partial<TrainingInsert> = {},
) {
  await updateTraining(db, scope, id, { status, ...extra });
}

/**
 * Per subject of the program: employees it was sent to, employees who finished it, and the quiz's first
 * answers (answered and correct, summed over employees). Within one send (event, channel, round) each
 * employee has one row, so a subject that went out in one send needs no distinct count.
 */
export async function lessonFigures(db: Db, scope: CompanyScope, trainingId: string) {
  return queryRows<{
    subject_id: string;
    sent: number;
    date: Date | null;
    score: number;
    answered: number;
    correct: number;
  }>(
    db,
    sql`with subject_events as (
          select s.subject_id, e.id as event_id, e.send_at
          from ${trainingEvents} e
          cross join lateral unnest(e.subject_ids) as s(subject_id)
          where e.training_id = ${trainingId} and e.company_id = ${scope.companyId}
            and e.type = 1 and e.status <> 'cancelled'),
        per_send as (
          select d.event_id, d.channel, d.round, count(*)::int as n
          from ${trainingDeliveries} d
          where d.training_id = ${trainingId} and d.company_id = ${scope.companyId} and delivery_reached(d.status)
          group by d.event_id, d.channel, d.round),
        per_subject as (
          select se.subject_id, min(se.send_at) as date, count(ps.n) as sends, coalesce(max(ps.n), 0) as most
          from subject_events se left join per_send ps on ps.event_id = se.event_id
          group by se.subject_id),
        sent as (
          select ps.subject_id, ps.date,
            case when ps.sends <= 1 then ps.most
              else (select count(distinct d.employee_id)::int from ${trainingDeliveries} d
                    join subject_events se on se.event_id = d.event_id and se.subject_id = ps.subject_id
                    where d.company_id = ${scope.companyId} and delivery_reached(d.status)) end as sent
          from per_subject ps),
        done as (
          select p.subject_id, (count(*) filter (where p.finished_at is not null))::int as score,
            coalesce(sum(bit_count(p.answered_mask::bit(32))), 0)::int as answered,
            coalesce(sum(bit_count(p.correct_mask::bit(32))), 0)::int as correct
          from ${trainingProgress} p where p.training_id = ${trainingId} and p.company_id = ${scope.companyId}
          group by p.subject_id)
        select sent.*, coalesce(done.score, 0) as score, coalesce(done.answered, 0) as answered,
          coalesce(done.correct, 0) as correct
        from sent left join done on done.subject_id = sent.subject_id`,
  );
}

/**
 * Per list of the program: its employees, the subject views delivered to them and those finished, its
 * members joined once with the program's kept per-employee rows.
 */
export async function listFigures(db: Db, scope: CompanyScope, trainingId: string) {
  return queryRows<{ id: string; name: string; list_user_count: number; total: number; score: number }>(
    db,
    sql`select l.id, l.name, f.list_user_count, f.total, f.score
        from ${trainingLists} tl join ${employeeLists} l on l.id = tl.list_id
        cross join lateral (
          select count(*)::int as list_user_count, coalesce(sum(p.delivered_views), 0)::int as total,
            coalesce(sum(p.finished), 0)::int as score
          from ${listMembers} m
          left join ${trainingParticipants} p on p.training_id = ${trainingId} and p.employee_id = m.employee_id
          where m.list_id = l.id) f
        where tl.training_id = ${trainingId} and tl.company_id = ${scope.companyId}
        order by l.name`,
  );
}

/**
 * Over deliveries `d` of batches `e` of program `t`: the subject views delivered, by the kept figures'
 * rule (a sent batch, its first round, on the program's first channel), so that an employee's row on the
 * program's Employees page counts what the program's cards and lists count; a bounced batch reached the
 * employee but delivered nothing.
 */
const deliveredViews = sql`coalesce(sum(cardinality(e.subject_ids)) filter (
  where delivery_counts_views(d.status, e.type, d.round, d.channel, t.channel)), 0)::int`;

/** Over progress rows `p`: quiz questions answered (first answers) and answered correctly. */
const quizSums = sql`coalesce(sum(bit_count(p.answered_mask::bit(32))), 0)::int as quiz_answered,
  coalesce(sum(bit_count(p.correct_mask::bit(32))), 0)::int as quiz_correct`;

export interface EmployeeFilter extends PeopleListing {
  filter: 'all' | 'completed' | 'notCompleted' | 'bounced';
  limit: number;
  offset: number;
}

/**
 * The program's employees with what was delivered to them and what they did, as a CTE the employee
 * page, the reminders and the reports share: everyone in its lists (the first list name), subject views
 * delivered (total) and finished (score), whether they started, when they completed, bounces.
 */
export function programPeople(scope: CompanyScope, trainingId: string, q?: string) {
  const search = q ? sql`and (emp.email || ' ' || emp.name) ilike ${`%${escapeLike(q)}%`}` : sql``;
  return sql`
    with members as (
      select m.employee_id, min(l.name) as list_name
      from ${listMembers} m
      join ${trainingLists} tl on tl.list_id = m.list_id and tl.training_id = ${trainingId}
      join ${employeeLists} l on l.id = m.list_id
      where m.company_id = ${scope.companyId}
      group by m.employee_id
    ),
    delivered as (
      select d.employee_id, ${deliveredViews} as total, bool_or(d.status = 'bounced') as bounced
      from ${trainingDeliveries} d
      join ${trainingEvents} e on e.id = d.event_id and e.type = 1
      join ${trainings} t on t.id = d.training_id
      where d.training_id = ${trainingId} and d.round = 0 and d.channel = ${firstChannel(sql`t`)}
        and delivery_reached(d.status)
      group by d.employee_id
    ),
    done as (
      select p.employee_id, (count(*) filter (where p.finished_at is not null))::int as score,
        bool_or(p.opened_at is not null) as started, max(p.finished_at) as last_finished, ${quizSums}
      from ${trainingProgress} p where p.training_id = ${trainingId}
      group by p.employee_id
    ),
    people as (
      select emp.id, emp.email, emp.name, members.list_name,
        coalesce(delivered.total, 0) as total, coalesce(done.score, 0) as score,
        coalesce(done.started, false) as started, coalesce(delivered.bounced, false) as bounced,
        coalesce(done.quiz_answered, 0) as quiz_answered, coalesce(done.quiz_correct, 0) as quiz_correct,
        case when delivered.total > 0 and done.score >= delivered.total then done.last_finished end as completed_at
      from members
      join ${employees} emp on emp.id = members.employee_id
      left join delivered on delivered.employee_id = emp.id
      left join done on done.employee_id = emp.id
      where true ${search}
    )`;
}

export interface PersonRow {
  id: string;
  email: string;
  name: string;
  list_name: string;
  total: number;
  score: number;
  started: boolean;
  bounced: boolean;
  /** Quiz questions answered (first answers) and answered correctly. */
  quiz_answered: number;
  quiz_correct: number;
  completed_at: Date | null;
}

/** One page of the program's employees: everyone in its lists, with what was delivered and done. */
export async function employeesPage(db: Db, scope: CompanyScope, trainingId: string, f: EmployeeFilter) {
  if (f.filter === 'all') return allEmployeesPage(db, scope.companyId, trainingId, f);
  const base = programPeople(scope, trainingId, f.q);
  const keep =
    f.filter === 'bounced'
      ? sql`where bounced`
      : f.filter === 'completed'
        ? sql`where completed_at is not null`
        : sql`where completed_at is null and not bounced`;
  const [rows, [count]] = await Promise.all([
    queryRows<PersonRow>(
      db,
      sql`${base} select * from people ${keep} order by ${f.pseudonymous ? sql`id` : sql`name, email`}
          limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ total: number }>(db, sql`${base} select count(*)::int as total from people ${keep}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * The unfiltered page, as programPeople would give it, without aggregating the whole program: the
 * page's members are found first (in name order, along the employees' name index; in id order under
 * anonymous tracking), then only their deliveries and progress are read.
 */
async function allEmployeesPage(
  db: Db,
  companyId: string,
  trainingId: string,
  f: Pick<EmployeeFilter, 'q' | 'limit' | 'offset' | 'pseudonymous'>,
) {
  const order = (t: SQL) => (f.pseudonymous ? sql`${t}.id` : sql`${t}.name, ${t}.email`);
  const search = f.q ? sql`and (emp.email || ' ' || emp.name) ilike ${`%${escapeLike(f.q)}%`}` : sql``;
  const member = sql`exists (select 1 from ${listMembers} m
    join ${trainingLists} tl on tl.list_id = m.list_id and tl.training_id = ${trainingId}
    where m.employee_id = emp.id and m.company_id = ${companyId})`;
  const [rows, [count]] = await Promise.all([
    queryRows<PersonRow>(
      db,
      sql`with page as (
            select emp.id, emp.email, emp.name from ${employees} emp
            where emp.company_id = ${companyId} ${search} and ${member}
            order by ${order(sql`emp`)} limit ${f.limit} offset ${f.offset})
          select page.id, page.email, page.name,
            (select min(l.name) from ${listMembers} m
              join ${trainingLists} tl on tl.list_id = m.list_id and tl.training_id = ${trainingId}
              join ${employeeLists} l on l.id = m.list_id
              where m.employee_id = page.id and m.company_id = ${companyId}) as list_name,
            coalesce(delivered.total, 0) as total, coalesce(done.score, 0) as score,
            coalesce(done.started, false) as started, coalesce(delivered.bounced, false) as bounced,
            coalesce(done.quiz_answered, 0) as quiz_answered, coalesce(done.quiz_correct, 0) as quiz_correct,
            case when delivered.total > 0 and done.score >= delivered.total then done.last_finished end
              as completed_at
          from page
          cross join lateral (
            select ${deliveredViews} as total, bool_or(d.status = 'bounced') as bounced
            from ${trainingDeliveries} d
            join ${trainingEvents} e on e.id = d.event_id and e.type = 1
            join ${trainings} t on t.id = d.training_id
            where d.training_id = ${trainingId} and d.employee_id = page.id and d.round = 0
              and d.channel = ${firstChannel(sql`t`)} and delivery_reached(d.status)) delivered
          cross join lateral (
            select (count(*) filter (where p.finished_at is not null))::int as score,
              bool_or(p.opened_at is not null) as started, max(p.finished_at) as last_finished, ${quizSums}
            from ${trainingProgress} p where p.training_id = ${trainingId} and p.employee_id = page.id) done
          order by ${order(sql`page`)}`,
    ),
    queryRows<{ total: number }>(
      db,
      f.q
        ? sql`select count(*)::int as total from ${employees} emp
              where emp.company_id = ${companyId} ${search} and ${member}`
        : sql`select count(distinct m.employee_id)::int as total from ${listMembers} m
              join ${trainingLists} tl on tl.list_id = m.list_id and tl.training_id = ${trainingId}
              where m.company_id = ${companyId}`,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** An interactive subject's authored scenes (the content library's, not a company's). */
export async function interactiveBodyOf(db: Db, subjectId: string) {
  const [row] = await db
    .select({ type: subjects.type, body: subjects.body })
    .from(subjects)
    .where(eq(subjects.id, subjectId));
  return row;
}

/**
 * Per scene of a program's interactive subject: the employees who completed it, how many chose right,
 * and how many found each flag (flag id → count).
 */
export async function interactiveCounts(db: Db, scope: CompanyScope, trainingId: string, subjectId: string) {
  return queryRows<{
    scene_id: string;
    completed: number;
    right_choice: number;
    found: Record<string, number>;
  }>(
    db,
    sql`with r as (
          select scene_id, found, correct from ${interactiveResults}
          where company_id = ${scope.companyId} and training_id = ${trainingId} and subject_id = ${subjectId}),
        scenes as (
          select scene_id, count(*)::int as completed, (count(*) filter (where correct))::int as right_choice
          from r group by scene_id),
        flags as (
          select scene_id, jsonb_object_agg(flag, n) as found
          from (select scene_id, flag, count(*)::int as n from r cross join lateral unnest(found) as flag
                group by scene_id, flag) g
          group by scene_id)
        select s.scene_id, s.completed, s.right_choice, coalesce(f.found, '{}'::jsonb) as found
        from scenes s left join flags f using (scene_id)`,
  );
}
