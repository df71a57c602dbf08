/**
 * The SQL of the assessment reports. Every function takes the company's scope and names it in its WHERE clause; the kept aggregates
 * (assessment_stats) are read as they are, per-employee rows only where a report lists employees.
 */
import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { EVENT_TYPES } from '@vigil/shared';
import { arrayParam, escapeLike, queryRows, toIso, type Db } from '../../db/client.ts';
import type { PeopleListing } from '../../lib/privacy.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import {
  assessmentLists,
  assessmentParticipants,
  assessmentScores,
  assessmentStats,
  assessments,
  employeeLists,
  listMembers,
  threatAreas,
  users,
} from '../../db/schema/index.ts';
import { areaHistogramPrefix, EVERYONE, STAT_KINDS } from '../../lib/assessment-stats.ts';

export interface StatRow {
  listId: string;
  kind: number;
  key: string;
  sum: number;
  count: number;
  atRisk: number;
}

/**
 * The kept aggregates carry no company of their own: they are the company's when their assessment is
 * (a condition on one row, evaluated once per statement).
 */
const ofCompany = (scope: CompanyScope, assessmentId: string): SQL =>
  sql`exists (select 1 from ${assessments} a where a.id = ${assessmentId} and a.company_id = ${scope.companyId})`;

/**
 * The kept aggregates of an assessment, everyone's and every list's; without the threat areas'
 * histograms, which only the threat-area page reads (areaScoreHistogram).
 */
export async function statsOf(db: Db, scope: CompanyScope, assessmentId: string): Promise<StatRow[]> {
  return db
    .select({
      listId: assessmentStats.listId,
      kind: assessmentStats.kind,
      key: assessmentStats.key,
      sum: assessmentStats.sum,
      count: assessmentStats.count,
      atRisk: assessmentStats.atRisk,
    })
    .from(assessmentStats)
    .where(
      and(
        eq(assessmentStats.assessmentId, assessmentId),
        lt(assessmentStats.kind, STAT_KINDS.areaHistogram),
        ofCompany(scope, assessmentId),
      ),
    );
}

/** The lists the assessment was sent to, by name: the reports count their employees themselves. */
export async function reportLists(db: Db, scope: CompanyScope, assessmentId: string) {
  return db
    .select({ id: employeeLists.id, name: employeeLists.name })
    .from(assessmentLists)
    .innerJoin(employeeLists, eq(employeeLists.id, assessmentLists.listId))
    .where(
      and(eq(assessmentLists.companyId, scope.companyId), eq(assessmentLists.assessmentId, assessmentId)),
    )
    .orderBy(asc(employeeLists.name));
}

/** The signed-in manager's language, for content names. */
export async function languageOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? 'en';
}

export interface ParticipantCounts {
  listId: string;
  total: number;
  started: number;
  finished: number;
}

/**
 * Invited, started and finished employees, for everyone (the nil list id) and per list. Counted per
 * combination of lists — a handful of rows, however many employees — and spread over the lists here.
 */
export async function participantCounts(
  db: Db,
  scope: CompanyScope,
  assessmentId: string,
): Promise<ParticipantCounts[]> {
  const rows = await queryRows<{ listIds: string[]; total: number; started: number; finished: number }>(
    db,
    sql`select p.list_ids as "listIds", count(*)::int as total, count(p.started_at)::int as started,
          count(p.finished_at)::int as finished
        from assessment_participants p
        where p.assessment_id = ${assessmentId} and p.company_id = ${scope.companyId}
        group by p.list_ids`,
  );
  const byList = new Map<string, ParticipantCounts>();
  for (const r of rows)
    for (const listId of [EVERYONE, ...r.listIds]) {
      const c = byList.get(listId) ?? { listId, total: 0, started: 0, finished: 0 };
      c.total += Number(r.total);
      c.started += Number(r.started);
      c.finished += Number(r.finished);
      byList.set(listId, c);
    }
  return [...byList.values()];
}

/**
 * Finished employees per rounded score of one threat area (a histogram), of everyone or one list:
 * from the kept aggregates, at most 101 rows.
 */
export async function areaScoreHistogram(
  db: Db,
  scope: CompanyScope,
  assessmentId: string,
  areaId: string,
  listId: string = EVERYONE,
): Promise<Map<number, number>> {
  const rows = await queryRows<{ key: string; count: number }>(
    db,
    sql`select s.key, s.count from assessment_stats s
        where s.assessment_id = ${assessmentId} and ${ofCompany(scope, assessmentId)} and s.list_id = ${listId}
          and s.kind = ${STAT_KINDS.areaHistogram} and starts_with(s.key, ${areaHistogramPrefix(areaId)})`,
  );
  return new Map(rows.map((r) => [Number(r.key.slice(r.key.lastIndexOf(':') + 1)), Number(r.count)]));
}

export interface EmployeeFilter extends PeopleListing {
  listId?: string | undefined;
  threatArea?: string | undefined;
  status: 'all' | 'finished' | 'started' | 'notStarted' | 'bounced';
  minScore?: number | undefined;
  maxScore?: number | undefined;
  order: 'name' | 'email' | 'score' | 'completed' | 'list';
  d: 'asc' | 'desc';
}

export interface EmployeeReportRow {
  email: string;
  name: string;
  listIds: string[];
  startedAt: string | null;
  finishedAt: string | null;
  score: number | null;
  bounced: boolean;
}

const BOUNCED = sql`exists (select 1 from assessment_deliveries d
  where d.assessment_id = p.assessment_id and d.employee_id = p.employee_id and d.status = 'bounced')`;

function employeeWhere(f: EmployeeFilter, score: SQL): SQL {
  const parts: SQL[] = [];
  if (f.q) parts.push(sql`(e.email || ' ' || e.name) ilike ${`%${escapeLike(f.q)}%`}`);
  if (f.listId) parts.push(sql`p.list_ids @> array[${f.listId}::uuid]`);
  if (f.status === 'finished') parts.push(sql`p.finished_at is not null`);
  if (f.status === 'started') parts.push(sql`p.started_at is not null and p.finished_at is null`);
  if (f.status === 'notStarted') parts.push(sql`p.started_at is null`);
  if (f.status === 'bounced') parts.push(BOUNCED);
  // The range is on the score as shown: rounded half up.
  if (f.minScore !== undefined) parts.push(sql`floor(${score} + 0.5) >= ${f.minScore}`);
  if (f.maxScore !== undefined) parts.push(sql`floor(${score} + 0.5) <= ${f.maxScore}`);
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

function employeeOrder(f: EmployeeFilter, score: SQL): SQL {
  const dir = f.d === 'desc' ? sql`desc` : sql`asc`;
  const column: Record<EmployeeFilter['order'], SQL> = {
    name: sql`e.name`,
    email: sql`e.email`,
    score,
    completed: sql`p.finished_at`,
    list: sql`(select min(l.name) from employee_lists l where l.id = any(p.list_ids))`,
  };
  const tie = f.pseudonymous ? sql`p.employee_id` : sql`e.email`;
  return sql`${column[f.order]} ${dir} nulls last, ${tie} ${dir}`;
}

/**
 * The assessment's employees with their score — resilience, or one threat area's with `threatArea` —
 * filtered and ordered on the server; `page` null reads them all (the CSV).
 */
export async function employeeRows(
  db: Db,
  scope: CompanyScope,
  assessmentId: string,
  f: EmployeeFilter,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: EmployeeReportRow[]; total: number }> {
  const score = f.threatArea ? sql`s.score` : sql`p.score`;
  const areaJoin = f.threatArea
    ? sql`left join assessment_scores s on s.assessment_id = p.assessment_id and s.kind = ${STAT_KINDS.area}
          and s.key = ${f.threatArea} and s.employee_id = p.employee_id`
    : sql``;
  const from = sql`from assessment_participants p
    join employees e on e.id = p.employee_id and e.company_id = ${scope.companyId}
    ${areaJoin}
    where p.assessment_id = ${assessmentId} and p.company_id = ${scope.companyId} ${employeeWhere(f, score)}`;
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const order = employeeOrder(f, score);
  const [rows, count] = await Promise.all([
    queryRows<
      EmployeeReportRow & {
        employee_id: string;
        position: number;
        startedAt: Date | string | null;
        finishedAt: Date | string | null;
      }
    >(
      db,
      // Whether a mail bounced is looked up only for the rows of the page.
      sql`select page.*, exists (select 1 from assessment_deliveries d where d.assessment_id = ${assessmentId}
            and d.employee_id = page.employee_id and d.status = 'bounced') as bounced
          from (select p.employee_id, e.email, e.name, p.list_ids as "listIds", p.started_at as "startedAt",
                  p.finished_at as "finishedAt", ${score} as score, row_number() over (order by ${order}) as position
                ${from} order by ${order} ${limit}) page
          order by page.position`,
    ),
    page ? queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`) : null,
  ]);
  return {
    rows: rows.map(({ employee_id: _id, position: _position, ...r }) => ({
      ...r,
      listIds: r.listIds ?? [],
      startedAt: toIso(r.startedAt),
      finishedAt: toIso(r.finishedAt),
      score: r.score === null ? null : Number(r.score),
    })),
    total: count ? (count[0]?.n ?? 0) : rows.length,
  };
}

/** Separators inside an employee's answers text: between an answer's fields, and between answers. */
export const ANSWER_FIELD = '\u0001';
export const ANSWER_END = '\u0002';

export interface EmployeeAnswers {
  employeeId: string;
  /**
   * The employee's answers in key order (question, action), joined by ANSWER_END, each
   * `question ANSWER_FIELD action ANSWER_FIELD choice ANSWER_FIELD points` with the choice and points
   * as stored (JSON text, which escapes control characters): equal answers have equal texts.
   */
  answers: string;
}

async function answersAfter(
  db: Db,
  scope: CompanyScope,
  assessmentId: string,
  after: string | undefined,
  limit: number,
): Promise<EmployeeAnswers[]> {
  return queryRows<EmployeeAnswers>(
    db,
    sql`select a.employee_id as "employeeId",
          string_agg(a.question_id || ${ANSWER_FIELD} || a.action_id || ${ANSWER_FIELD} || a.choice::text
            || ${ANSWER_FIELD} || a.points::text, ${ANSWER_END} order by a.question_id, a.action_id) as answers
        from assessment_answers a
        where a.assessment_id = ${assessmentId} and a.company_id = ${scope.companyId}
          ${after ? sql`and a.employee_id > ${after}::uuid` : sql``}
        group by a.employee_id
        order by a.employee_id
        limit ${limit}`,
  );
}

/**
 * Every answer of the assessment in key order (employee, question, action), a page of employees at a
 * time read by key: memory stays flat however many there are, and no cursor holds a connection
 * between pages. One row per employee, as one text, because it is the rows that cost (in PGlite
 * above all), not the bytes. The next page is asked for before this one is handed over, so a
 * database server reads it while the caller writes this one.
 */
export async function* answerPages(
  db: Db,
  scope: CompanyScope,
  assessmentId: string,
  employeesPerPage = 250,
): AsyncGenerator<EmployeeAnswers[]> {
  let next: Promise<EmployeeAnswers[]> | undefined = answersAfter(
    db,
    scope,
    assessmentId,
    undefined,
    employeesPerPage,
  );
  while (next) {
    const page: EmployeeAnswers[] = await next;
    const last = page[page.length - 1];
    next =
      last && page.length === employeesPerPage
        ? answersAfter(db, scope, assessmentId, last.employeeId, employeesPerPage)
        : undefined;
    // A reader that stops early leaves the prefetch unread: its failure is nobody's to handle.
    next?.catch(() => undefined);
    if (page.length) yield page;
  }
}

export interface AnsweringEmployee {
  id: string;
  email: string;
  name: string;
  listIds: string[] | null;
}

/** The assessment's employees (of the company), with the lists the assessment reached them through. */
export async function participatingEmployees(db: Db, scope: CompanyScope, assessmentId: string) {
  return queryRows<AnsweringEmployee>(
    db,
    sql`select e.id, e.email, e.name, p.list_ids as "listIds"
        from assessment_participants p
        join employees e on e.id = p.employee_id and e.company_id = ${scope.companyId}
        where p.assessment_id = ${assessmentId} and p.company_id = ${scope.companyId}`,
  );
}

/** The employees with these ids (of the company), with the lists the assessment reached them through. */
export async function answeringEmployees(db: Db, scope: CompanyScope, assessmentId: string, ids: string[]) {
  return queryRows<AnsweringEmployee>(
    db,
    sql`select e.id, e.email, e.name, p.list_ids as "listIds"
        from employees e
        left join assessment_participants p on p.assessment_id = ${assessmentId} and p.employee_id = e.id
        where e.id = any(${arrayParam(ids, 'uuid')}) and e.company_id = ${scope.companyId}`,
  );
}

/**
 * The assessment the company's infosec summary shows: the most recently started one that is not a
 * draft and has finished employees; with the time its last employee finished.
 */
export async function summaryAssessment(db: Db, scope: CompanyScope) {
  const [row] = await queryRows<{ id: string; name: string; updated: Date | string | null }>(
    db,
    sql`select a.id, a.name,
          (select max(p.finished_at) from assessment_participants p where p.assessment_id = a.id) as updated
        from ${assessments} a
        join ${assessmentStats} s on s.assessment_id = a.id and s.list_id = ${EVERYONE}
          and s.kind = ${STAT_KINDS.resilience} and s.key = '' and s.count > 0
        where a.company_id = ${scope.companyId} and a.status <> 'draft'
        order by a.started_at desc nulls last, a.created_at desc
        limit 1`,
  );
  return row ? { id: row.id, name: row.name, updated: toIso(row.updated) } : undefined;
}

export interface StandingRow {
  /** STAT_KINDS: resilience (key ''), area (key the area id) or behaviour (key its code). */
  kind: number;
  key: string;
  sum: number;
  count: number;
  /** For the resilience row: the assessments the results come from and the newest result. */
  assessments: number;
  updated: Date | string | null;
}

/**
 * The company's standing (see InfosecSummary): each employee still in one of its lists once, with
 * their latest finished assessment; the sum and count of those results' exact resilience scores, and
 * per threat area and key behaviour of those that measured it.
 *
 * Reading every counted result's area and behaviour scores would read a few dozen rows per employee;
 * instead each assessment contributes the cheaper of two equal sums: when most of its finishers count,
 * its kept aggregates (assessment_stats, everyone) less the scores of the few who do not (they finished
 * a later one, or left every list); otherwise the scores of the few who count. A new assessment taken
 * by everyone, or a small one beside a baseline, so reads only the handful of employees in between.
 * The finished rows are read once, through the company's assessments (materialized: otherwise the
 * planner walks the participants' employee index over every company for its presorted order).
 */
export async function companyStanding(db: Db, scope: CompanyScope): Promise<StandingRow[]> {
  const kinds = sql`(${STAT_KINDS.area}, ${STAT_KINDS.behaviour})`;
  return queryRows<StandingRow>(
    db,
    sql`with finished as materialized (
          select p.assessment_id, p.employee_id, p.finished_at, p.score,
            exists (select 1 from ${listMembers} m
              where m.company_id = ${scope.companyId} and m.employee_id = p.employee_id) as member
          from ${assessmentParticipants} p
          join ${assessments} a on a.id = p.assessment_id and a.company_id = ${scope.companyId} and a.status <> 'draft'
          where p.company_id = ${scope.companyId} and p.finished_at is not null and p.score is not null),
        ranked as (
          select f.*, f.member and row_number() over (
              partition by f.employee_id order by f.finished_at desc, f.assessment_id) = 1 as counted
          from finished f),
        per_assessment as (
          select r.assessment_id, count(*) filter (where r.counted) > count(*) filter (where not r.counted)
            as from_kept
          from ranked r group by r.assessment_id having count(*) filter (where r.counted) > 0),
        read as (
          select r.assessment_id, r.employee_id, case when r.counted then 1 else -1 end as sign
          from ranked r join per_assessment pa on pa.assessment_id = r.assessment_id
          where r.counted <> pa.from_kept),
        parts as (
          select st.kind, st.key, st.sum, st.count
          from ${assessmentStats} st join per_assessment pa on pa.assessment_id = st.assessment_id
          where pa.from_kept and st.list_id = ${EVERYONE} and st.kind in ${kinds}
          union all
          select s.kind, s.key, r.sign * s.score, r.sign
          from read r join ${assessmentScores} s on s.assessment_id = r.assessment_id
            and s.employee_id = r.employee_id and s.kind in ${kinds})
        select ${STAT_KINDS.resilience}::int as kind, '' as key,
          (sum(r.score) filter (where r.counted))::float8 as sum, (count(*) filter (where r.counted))::int as count,
          (count(distinct r.assessment_id) filter (where r.counted))::int as assessments,
          max(r.finished_at) filter (where r.counted) as updated
        from ranked r having count(*) filter (where r.counted) > 0
        union all
        select p.kind::int, p.key, sum(p.sum)::float8, sum(p.count)::int, 0, null
        from parts p group by p.kind, p.key having sum(p.count) > 0`,
  );
}

/** The threat areas and their key behaviours, in the content's order. */
export async function threatAreaNames(db: Db) {
  return db
    .select({ id: threatAreas.id, name: threatAreas.name, behaviours: threatAreas.behaviours })
    .from(threatAreas)
    .orderBy(asc(threatAreas.position));
}

/** The assessment's reminders (planned, sent or sent by a manager), each with the employees it went to. */
export async function reminderRows(db: Db, scope: CompanyScope, assessmentId: string) {
  const rows = await queryRows<{
    id: string;
    sendAt: Date | string;
    status: string;
    manual: boolean;
    sendTo: number;
  }>(
    db,
    sql`select ev.id, ev.send_at as "sendAt", ev.status, ev.manual,
          (select count(distinct d.employee_id)::int from assessment_deliveries d where d.event_id = ev.id) as "sendTo"
        from assessment_events ev
        where ev.assessment_id = ${assessmentId} and ev.company_id = ${scope.companyId}
          and ev.type = ${EVENT_TYPES.reminder} and ev.status <> 'cancelled'
        order by ev.send_at, ev.position`,
  );
  return rows.map((r) => ({ ...r, sendAt: toIso(r.sendAt)! }));
}

export interface EmployeeScoreRow {
  assessment_id: string;
  name: string;
  finished_at: string;
  resilience: number | null;
  kind: number | null;
  key: string | null;
  score: number | null;
}

/**
 * One employee's stored scores (the rows the kept aggregates were summed from): per finished
 * assessment of the company, its resilience score and the area and behaviour scores; oldest first.
 */
export function employeeScoreRows(db: Db, scope: CompanyScope, employeeId: string) {
  return queryRows<EmployeeScoreRow>(
    db,
    sql`select p.assessment_id, a.name, p.finished_at, p.score as resilience, s.kind, s.key, s.score
      from ${assessmentParticipants} p
      join ${assessments} a on a.id = p.assessment_id and a.company_id = ${scope.companyId}
      left join ${assessmentScores} s on s.assessment_id = p.assessment_id and s.employee_id = p.employee_id
        and s.kind in (${STAT_KINDS.area}, ${STAT_KINDS.behaviour})
      where p.company_id = ${scope.companyId} and p.employee_id = ${employeeId} and p.finished_at is not null
      order by p.finished_at, p.assessment_id`,
  );
}
