/**
 * The SQL of the assessment reports. Every function takes the company id; the kept aggregates
 * (assessment_stats) are read as they are, per-employee rows only where a report lists employees.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { arrayParam, escapeLike, queryRows, toIso, type Db } from '../../db/client.ts';
import { assessmentStats, assessments, users } from '../../db/schema/index.ts';
import { EVERYONE, STAT_KINDS } from './assessment-stats.ts';

export interface StatRow {
  listId: string;
  kind: number;
  key: string;
  sum: number;
  count: number;
  atRisk: number;
}

/** The kept aggregates of an assessment: everyone's and every list's. */
export async function statsOf(db: Db, assessmentId: string): Promise<StatRow[]> {
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
    .where(eq(assessmentStats.assessmentId, assessmentId));
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

/** Invited, started and finished employees, for everyone (the nil list id) and per list. */
export async function participantCounts(db: Db, companyId: string, assessmentId: string) {
  return queryRows<ParticipantCounts>(
    db,
    sql`select l.id as "listId", count(*)::int as total, count(p.started_at)::int as started,
          count(p.finished_at)::int as finished
        from assessment_participants p
        cross join unnest(array_prepend(${EVERYONE}::uuid, p.list_ids)) as l(id)
        where p.assessment_id = ${assessmentId} and p.company_id = ${companyId}
        group by l.id`,
  );
}

const inList = (listId: string | undefined) =>
  listId ? sql`and p.list_ids @> array[${listId}::uuid]` : sql``;

/** Finished employees per rounded score of one threat area (a histogram), optionally of one list. */
export async function areaScoreHistogram(
  db: Db,
  companyId: string,
  assessmentId: string,
  areaId: string,
  listId?: string,
): Promise<Map<number, number>> {
  const rows = await queryRows<{ score: number; n: number }>(
    db,
    listId
      ? sql`select floor(s.score + 0.5)::int as score, count(*)::int as n
            from assessment_scores s
            join assessment_participants p on p.assessment_id = s.assessment_id and p.employee_id = s.employee_id
            where s.assessment_id = ${assessmentId} and s.kind = ${STAT_KINDS.area} and s.key = ${areaId}
              and p.company_id = ${companyId} ${inList(listId)}
            group by 1`
      : sql`select floor(s.score + 0.5)::int as score, count(*)::int as n
            from assessment_scores s join assessments a on a.id = s.assessment_id
            where s.assessment_id = ${assessmentId} and a.company_id = ${companyId}
              and s.kind = ${STAT_KINDS.area} and s.key = ${areaId}
            group by 1`,
  );
  return new Map(rows.map((r) => [Number(r.score), Number(r.n)]));
}

export interface EmployeeFilter {
  filter?: string | undefined;
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
  if (f.filter) parts.push(sql`(e.email || ' ' || e.name) ilike ${`%${escapeLike(f.filter)}%`}`);
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
  return sql`${column[f.order]} ${dir} nulls last, e.email ${dir}`;
}

/**
 * The assessment's employees with their score — resilience, or one threat area's with `threatArea` —
 * filtered and ordered on the server; `page` null reads them all (the CSV).
 */
export async function employeeRows(
  db: Db,
  companyId: string,
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
    join employees e on e.id = p.employee_id and e.company_id = ${companyId}
    ${areaJoin}
    where p.assessment_id = ${assessmentId} and p.company_id = ${companyId} ${employeeWhere(f, score)}`;
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

export interface AnswerRow {
  employeeId: string;
  questionId: string;
  actionId: string;
  /** The choice and points as stored (JSON text): equal answers have equal texts. */
  choice: string;
  points: string;
}

/**
 * Every answer of the assessment, a page at a time in key order (employee, question, action): memory
 * stays flat however many there are, and no cursor holds a connection between pages.
 */
export async function* answerPages(
  db: Db,
  companyId: string,
  assessmentId: string,
  pageSize = 5000,
): AsyncGenerator<AnswerRow[]> {
  let after: AnswerRow | undefined;
  for (;;) {
    const cursor: SQL = after
      ? sql`and (a.employee_id, a.question_id, a.action_id) > (${after.employeeId}::uuid, ${after.questionId}, ${after.actionId})`
      : sql``;
    const rows: AnswerRow[] = await queryRows<AnswerRow>(
      db,
      sql`select a.employee_id as "employeeId", a.question_id as "questionId", a.action_id as "actionId",
            a.choice::text as choice, a.points::text as points
          from assessment_answers a
          where a.assessment_id = ${assessmentId} and a.company_id = ${companyId} ${cursor}
          order by a.employee_id, a.question_id, a.action_id
          limit ${pageSize}`,
    );
    if (rows.length) yield rows;
    after = rows[rows.length - 1];
    if (!after || rows.length < pageSize) return;
  }
}

/** The employees with these ids (of the company), with the lists the assessment reached them through. */
export async function answeringEmployees(db: Db, companyId: string, assessmentId: string, ids: string[]) {
  return queryRows<{ id: string; email: string; name: string; listIds: string[] | null }>(
    db,
    sql`select e.id, e.email, e.name, p.list_ids as "listIds"
        from employees e
        left join assessment_participants p on p.assessment_id = ${assessmentId} and p.employee_id = e.id
        where e.id = any(${arrayParam(ids, 'uuid')}) and e.company_id = ${companyId}`,
  );
}

/**
 * The assessment the company's infosec summary shows: the most recently started one that is not a
 * draft and has finished employees; with the time its last employee finished.
 */
export async function summaryAssessment(db: Db, companyId: string) {
  const [row] = await queryRows<{ id: string; name: string; updated: Date | string | null }>(
    db,
    sql`select a.id, a.name,
          (select max(p.finished_at) from assessment_participants p where p.assessment_id = a.id) as updated
        from ${assessments} a
        join ${assessmentStats} s on s.assessment_id = a.id and s.list_id = ${EVERYONE}
          and s.kind = ${STAT_KINDS.resilience} and s.key = '' and s.count > 0
        where a.company_id = ${companyId} and a.status <> 'draft'
        order by a.started_at desc nulls last, a.created_at desc
        limit 1`,
  );
  return row ? { id: row.id, name: row.name, updated: toIso(row.updated) } : undefined;
}

/** The assessment's reminders (planned, sent or sent by a manager), each with the employees it went to. */
export async function reminderRows(db: Db, companyId: string, assessmentId: string) {
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
        where ev.assessment_id = ${assessmentId} and ev.company_id = ${companyId}
          and ev.type = 2 and ev.status <> 'cancelled'
        order by ev.send_at, ev.position`,
  );
  return rows.map((r) => ({ ...r, sendAt: toIso(r.sendAt)! }));
}
