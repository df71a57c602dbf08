import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  ASSESSMENT_TAB_STATUSES,
  type AssessmentStatus,
  type AssessmentTab,
  type EmployeeScores,
} from '@vigil/shared';
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
  assessmentAnswers,
  assessmentDeliveries,
  assessmentEvents,
  assessmentLists,
  assessmentParticipants,
  assessments,
  assessmentScores,
  assessmentStats,
  employees,
  listMembers,
  questions,
  threatAreas,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { channelsOf } from '../../lib/sql.ts';
import { EVERYONE, STAT_KINDS } from '../../lib/assessment-stats.ts';

/**
 * The assessments module's SQL: the manager's rows and figures, the wizard's writes, the events and
 * deliveries the engine starts, and the employees' answers and scores. Every function that reads
 * tenant data takes the company id, or an assessment id that a company-scoped lookup returned.
 */

export type AssessmentRecord = typeof assessments.$inferSelect;
export type AssessmentInsert = Omit<typeof assessments.$inferInsert, 'companyId'>;

/** Qualified columns for correlated subqueries (Drizzle leaves them bare in single-table selects). */
const A_ID = sql.raw('"assessments"."id"');

/** When it went (or goes) out: the planned date, else when it started. */
export const deliveryDateOf = sql<Date | null>`coalesce(${assessments.deliveryAt}, ${assessments.startedAt})`;

const LISTS: CampaignListsTable = {
  table: assessmentLists,
  campaignId: assessmentLists.assessmentId,
  listId: assessmentLists.listId,
  companyId: assessmentLists.companyId,
};

/** Distinct employees in the assessment's lists now. */
const selectedUserCount = audienceSize(LISTS, A_ID);

/** Participants' figures: everyone the assessment reached, who started, who finished, their scores. */
export interface ParticipantFigures {
  usersTotal: number;
  usersStarted: number;
  usersFinished: number;
  scoreAverage: number | null;
  lastCompleted: Date | string | null;
  bouncedEmails: number;
}

const NO_FIGURES: ParticipantFigures = {
  usersTotal: 0,
  usersStarted: 0,
  usersFinished: 0,
  scoreAverage: null,
  lastCompleted: null,
  bouncedEmails: 0,
};

/**
 * The participants' figures of each of these assessments, in one pass over their participants and one
 * over their bounced deliveries (instead of a pass per figure and row); an assessment that reached
 * nobody gets zeros.
 */
async function participantFigures(
  db: Db,
  scope: CompanyScope,
  ids: string[],
): Promise<Map<string, ParticipantFigures>> {
  if (ids.length === 0) return new Map();
  const idList = arrayParam(ids, 'uuid');
  const rows = await queryRows<ParticipantFigures & { id: string }>(
    db,
    sql`select a.id, coalesce(p.total, 0)::int as "usersTotal", coalesce(p.started, 0)::int as "usersStarted",
          coalesce(p.finished, 0)::int as "usersFinished", p.score_average as "scoreAverage",
          p.last_completed as "lastCompleted", coalesce(b.bounced, 0)::int as "bouncedEmails"
        from unnest(${idList}) as a(id)
        left join (
          select assessment_id, count(*) as total, count(started_at) as started, count(finished_at) as finished,
            (avg(score) filter (where finished_at is not null))::float8 as score_average,
            max(finished_at) as last_completed
          from ${assessmentParticipants}
          where company_id = ${scope.companyId} and assessment_id = any(${idList})
          group by assessment_id) p on p.assessment_id = a.id
        left join (
          select assessment_id, count(distinct employee_id) as bounced
          from ${assessmentDeliveries}
          where company_id = ${scope.companyId} and assessment_id = any(${idList}) and status = 'bounced'
          group by assessment_id) b on b.assessment_id = a.id`,
  );
  const byId = new Map(rows.map(({ id, ...figures }) => [id, figures]));
  return new Map(ids.map((id) => [id, byId.get(id) ?? NO_FIGURES]));
}

/** Assessment rows with their audience size, and the figures of their participants added. */
async function withFigures<R extends { assessment: AssessmentRecord; selectedUserCount: number }>(
  db: Db,
  scope: CompanyScope,
  rows: R[],
): Promise<(R & ParticipantFigures)[]> {
  const figures = await participantFigures(
    db,
    scope,
    rows.map((r) => r.assessment.id),
  );
  return rows.map((r) => ({ ...r, ...figures.get(r.assessment.id)! }));
}

const rowColumns = { assessment: assessments, selectedUserCount };
export type AssessmentFiguresRow = {
  assessment: AssessmentRecord;
  selectedUserCount: number;
} & ParticipantFigures;

export interface AssessmentListFilter {
  tab: AssessmentTab;
  includeDrafts: boolean;
  q?: string | undefined;
  listId?: string | undefined;
  deliveryFrom?: Date | undefined;
  deliveryTo?: Date | undefined;
  dueFrom?: Date | undefined;
  dueTo?: Date | undefined;
}

/** Everything but the tab: the conditions the tab counts share. */
function filterConditions(companyId: string, f: AssessmentListFilter): SQL[] {
  // SCORM packages have their own table (the packages module's SCORM list).
  const where: SQL[] = [eq(assessments.companyId, companyId), eq(assessments.isScorm, false)];
  if (!f.includeDrafts) where.push(ne(assessments.status, 'draft'));
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    where.push(sql`(${assessments.name} ilike ${pattern} or exists (
      select 1 from ${questions} q join ${threatAreas} ta on ta.id = q.area_id
      where q.id = any(${assessments.questionIds})
        and (exists (select 1 from jsonb_each_text(q.name) n where n.value ilike ${pattern})
          or exists (select 1 from jsonb_each_text(ta.name) n where n.value ilike ${pattern}))))`);
  }
  if (f.listId)
    where.push(
      sql`exists (select 1 from ${assessmentLists} al where al.assessment_id = ${A_ID} and al.list_id = ${f.listId})`,
    );
  if (f.deliveryFrom) where.push(sql`${deliveryDateOf} >= ${f.deliveryFrom.toISOString()}`);
  if (f.deliveryTo) where.push(sql`${deliveryDateOf} <= ${f.deliveryTo.toISOString()}`);
  if (f.dueFrom) where.push(sql`${assessments.dueAt} >= ${f.dueFrom.toISOString()}`);
  if (f.dueTo) where.push(sql`${assessments.dueAt} <= ${f.dueTo.toISOString()}`);
  return where;
}

export async function assessmentsPage(
  db: Db,
  scope: CompanyScope,
  f: AssessmentListFilter,
  page: { sort: 'updated' | 'delivery' | 'due'; direction: 'asc' | 'desc'; limit: number; offset: number },
) {
  const where = filterConditions(scope.companyId, f);
  const inTab = inArray(assessments.status, [...ASSESSMENT_TAB_STATUSES[f.tab]]);
  const key =
    page.sort === 'delivery'
      ? deliveryDateOf
      : page.sort === 'due'
        ? assessments.dueAt
        : assessments.updatedAt;
  const order = page.direction === 'asc' ? sql`${key} asc nulls last` : sql`${key} desc nulls last`;
  const [rows, [counts]] = await Promise.all([
    db
      .select(rowColumns)
      .from(assessments)
      .where(and(...where, inTab))
      .orderBy(order, asc(assessments.id))
      .limit(page.limit)
      .offset(page.offset)
      .then((found) => withFigures(db, scope, found)),
    db
      .select(tabCountColumns(assessments.status, ASSESSMENT_TAB_STATUSES, f.tab))
      .from(assessments)
      .where(and(...where)),
  ]);
  return { rows: rows satisfies AssessmentFiguresRow[], counts: counts! };
}

export const latestAssessments = (db: Db, scope: CompanyScope, includeDrafts: boolean, limit: number) =>
  latestCampaigns(db, scope, assessments, includeDrafts, limit);

export async function assessmentWithFigures(
  db: Db,
  scope: CompanyScope,
  id: string,
): Promise<AssessmentFiguresRow | undefined> {
  const [[row], figures] = await Promise.all([
    db
      .select(rowColumns)
      .from(assessments)
      .where(and(eq(assessments.companyId, scope.companyId), eq(assessments.id, id))),
    participantFigures(db, scope, [id]),
  ]);
  return row && { ...row, ...figures.get(id)! };
}

export const assessmentRow = (db: Db, scope: CompanyScope, id: string) =>
  campaignRow(db, scope, assessments, id);

/** The assessment row, locked for an update in `tx`. */
export const lockAssessment = (db: Db, scope: CompanyScope, id: string) =>
  campaignRow(db, scope, assessments, id, true);

export const insertAssessment = (db: Db, scope: CompanyScope, values: AssessmentInsert) =>
  insertCampaign(db, scope, assessments, values);

export const updateAssessment = (
  db: Db,
  scope: CompanyScope,
  id: string,
  values: Partial<AssessmentInsert>,
  now = new Date(),
) => updateCampaign(db, scope, assessments, id, values, now);

export const deleteAssessment = (db: Db, scope: CompanyScope, id: string) =>
  deleteCampaign(db, scope, assessments, id);

export const replaceAssessmentLists = (
  db: Db,
  scope: CompanyScope,
  assessmentId: string,
  listIds: string[],
) => replaceCampaignLists(db, scope, LISTS, assessmentId, listIds);

/** The assessment's lists with their sizes, in name order. */
export const listsOfAssessment = (db: Db, scope: CompanyScope, assessmentId: string) =>
  listsOfCampaign(db, scope, LISTS, assessmentId);

/** Questions with these ids and their threat areas, retired ones included (an assessment may hold them). */
export async function questionsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ question: questions, area: threatAreas })
    .from(questions)
    .innerJoin(threatAreas, eq(threatAreas.id, questions.areaId))
    .where(inArray(questions.id, [...new Set(ids)]));
}

// ── Events ──

export type AssessmentEvent = typeof assessmentEvents.$inferSelect;

export async function eventsOf(db: Db, scope: CompanyScope, assessmentId: string) {
  return db
    .select()
    .from(assessmentEvents)
    .where(
      and(eq(assessmentEvents.assessmentId, assessmentId), eq(assessmentEvents.companyId, scope.companyId)),
    )
    .orderBy(asc(assessmentEvents.sendAt), asc(assessmentEvents.type), asc(assessmentEvents.position));
}

/** Drops what is not sent yet: every planned event, or only the planned reminders. */
export async function deleteUnsentEvents(db: Db, assessmentId: string, onlyReminders = false) {
  await db
    .delete(assessmentEvents)
    .where(
      and(
        eq(assessmentEvents.assessmentId, assessmentId),
        eq(assessmentEvents.status, 'scheduled'),
        onlyReminders ? eq(assessmentEvents.type, 2) : undefined,
      ),
    );
}

export async function insertEvents(
  db: Db,
  scope: CompanyScope,
  assessmentId: string,
  events: { type: 1 | 2; position: number; sendAt: Date }[],
) {
  if (events.length === 0) return;
  await db
    .insert(assessmentEvents)
    .values(events.map((e) => ({ ...e, companyId: scope.companyId, assessmentId })));
}

/** Per reminder (planned or sent by a manager): when, whether it went, and to how many employees. */
export async function reminderEvents(db: Db, assessmentId: string) {
  return db
    .select({
      id: assessmentEvents.id,
      sendAt: assessmentEvents.sendAt,
      status: assessmentEvents.status,
      manual: assessmentEvents.manual,
      sendTo: sql<number>`(select count(distinct d.employee_id)::int from ${assessmentDeliveries} d
        where d.event_id = ${sql.raw('"assessment_events"."id"')})`,
    })
    .from(assessmentEvents)
    .where(
      and(
        eq(assessmentEvents.assessmentId, assessmentId),
        eq(assessmentEvents.type, 2),
        ne(assessmentEvents.status, 'cancelled'),
      ),
    )
    .orderBy(asc(assessmentEvents.sendAt));
}

/** The kept average per threat area of everyone who finished (the reports' aggregates). */
export async function areaAverages(db: Db, assessmentId: string) {
  return db
    .select({ key: assessmentStats.key, sum: assessmentStats.sum, count: assessmentStats.count })
    .from(assessmentStats)
    .where(
      and(
        eq(assessmentStats.assessmentId, assessmentId),
        eq(assessmentStats.listId, EVERYONE),
        eq(assessmentStats.kind, STAT_KINDS.area),
      ),
    );
}

// ── Audience: who an assessment reaches and who still has to finish ──

export interface AudienceFilter {
  listIds?: string[] | undefined;
  emails?: string[] | undefined;
}

/**
 * Employees of the assessment who have not finished: the members of its lists and those who joined
 * through its access link, without a known bounce; narrowed to some lists or addresses.
 */
function unfinishedAudience(companyId: string, assessmentId: string, f: AudienceFilter = {}) {
  const inLists =
    f.listIds && f.listIds.length > 0
      ? sql`and exists (select 1 from ${listMembers} lm where lm.employee_id = emp.id
          and lm.list_id = any(${arrayParam(f.listIds, 'uuid')}))`
      : sql``;
  const byEmail =
    f.emails && f.emails.length > 0
      ? sql`and emp.email = any(${arrayParam(
          f.emails.map((e) => e.toLowerCase()),
          'text',
        )})`
      : sql``;
  return sql`with audience as (
      select m.employee_id from ${listMembers} m
      join ${assessmentLists} al on al.list_id = m.list_id and al.assessment_id = ${assessmentId}
      union
      select p.employee_id from ${assessmentParticipants} p where p.assessment_id = ${assessmentId}
    ),
    targets as (
      select emp.id as employee_id from audience a
      join ${employees} emp on emp.id = a.employee_id and emp.company_id = ${companyId}
      where emp.bounced_at is null
        and not exists (select 1 from ${assessmentParticipants} p where p.assessment_id = ${assessmentId}
                        and p.employee_id = emp.id and p.finished_at is not null)
        ${inLists} ${byEmail}
    )`;
}

export async function countUnfinished(db: Db, scope: CompanyScope, assessmentId: string, f: AudienceFilter) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`${unfinishedAudience(scope.companyId, assessmentId, f)} select count(*)::int as n from targets`,
  );
  return row?.n ?? 0;
}

/**
 * A reminder sent by a manager now: its event (already started) and a delivery per target and
 * channel, written together. Returns the employees it reaches.
 */
export async function insertManualReminder(
  db: Db,
  r: { scope: CompanyScope; assessmentId: string; channel: number; filter: AudienceFilter; now: Date },
) {
  const [event] = await db
    .insert(assessmentEvents)
    .values({
      companyId: r.scope.companyId,
      assessmentId: r.assessmentId,
      type: 2,
      position: 0,
      sendAt: r.now,
      status: 'sending',
      manual: true,
      startedAt: r.now,
    })
    .returning({ id: assessmentEvents.id });
  const rows = await queryRows<{ employee_id: string }>(
    db,
    sql`${unfinishedAudience(r.scope.companyId, r.assessmentId, r.filter)}
      insert into ${assessmentDeliveries} (event_id, assessment_id, company_id, employee_id, channel, due_at)
      select ${event!.id}, ${r.assessmentId}, ${r.scope.companyId}, t.employee_id, ch.c, ${r.now.toISOString()}
      from targets t cross join lateral ${channelsOf(sql`${r.channel}`)} as ch(c)
      on conflict do nothing
      returning employee_id`,
  );
  return new Set(rows.map((x) => x.employee_id)).size;
}

export async function lastManualReminder(db: Db, assessmentId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${assessmentEvents.sendAt})` })
    .from(assessmentEvents)
    .where(and(eq(assessmentEvents.assessmentId, assessmentId), eq(assessmentEvents.manual, true)));
  return row?.at ? new Date(row.at) : null;
}

/** Whether the employee is in one of the assessment's lists or already takes part in it. */
export async function isInAudience(db: Db, assessmentId: string, employeeId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from ${listMembers} m
          join ${assessmentLists} al on al.list_id = m.list_id and al.assessment_id = ${assessmentId}
          where m.employee_id = ${employeeId}
          union all
          select 1 from ${assessmentParticipants} p
          where p.assessment_id = ${assessmentId} and p.employee_id = ${employeeId}) as found`,
  );
  return row?.found ?? false;
}

export async function employeeOfCompany(db: Db, scope: CompanyScope, email: string) {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, scope.companyId), eq(employees.email, email.toLowerCase())));
  return row;
}

// ── Participants, answers and scores ──

export type ParticipantRow = typeof assessmentParticipants.$inferSelect;

/** Adds the employee as a participant, with the assessment's lists they are in, unless they are one. */
export async function ensureParticipant(
  db: Db,
  p: { assessmentId: string; scope: CompanyScope; employeeId: string; now: Date },
) {
  await db.execute(sql`
    insert into ${assessmentParticipants} (assessment_id, employee_id, company_id, list_ids, invited_at)
    values (${p.assessmentId}, ${p.employeeId}, ${p.scope.companyId},
      array(select distinct m.list_id from ${listMembers} m
            join ${assessmentLists} al on al.list_id = m.list_id and al.assessment_id = ${p.assessmentId}
            where m.employee_id = ${p.employeeId}),
      ${p.now.toISOString()})
    on conflict do nothing`);
}

export async function participantOf(db: Db, assessmentId: string, employeeId: string, lock = false) {
  const query = db
    .select()
    .from(assessmentParticipants)
    .where(
      and(
        eq(assessmentParticipants.assessmentId, assessmentId),
        eq(assessmentParticipants.employeeId, employeeId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function answersOf(db: Db, scope: CompanyScope, assessmentId: string, employeeId: string) {
  return db
    .select()
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.assessmentId, assessmentId),
        eq(assessmentAnswers.employeeId, employeeId),
        eq(assessmentAnswers.companyId, scope.companyId),
      ),
    );
}

/**
 * Stores (or replaces) an answer of a participant of the scope's company and brings their count of
 * answered actions up to date; nothing is stored for anyone else. Returns the count.
 */
export async function saveAnswer(
  db: Db,
  scope: CompanyScope,
  a: Omit<typeof assessmentAnswers.$inferInsert, 'companyId'> & { answeredAt: Date },
) {
  await db.execute(sql`
    insert into ${assessmentAnswers} (assessment_id, employee_id, company_id, question_id, action_id, choice,
                                      points, answered_at)
    select p.assessment_id, p.employee_id, p.company_id, ${a.questionId}, ${a.actionId},
      ${JSON.stringify(a.choice)}::jsonb, ${JSON.stringify(a.points)}::jsonb, ${a.answeredAt.toISOString()}
    from ${assessmentParticipants} p
    where p.assessment_id = ${a.assessmentId} and p.employee_id = ${a.employeeId}
      and p.company_id = ${scope.companyId}
    on conflict (assessment_id, employee_id, question_id, action_id) do update
      set choice = excluded.choice, points = excluded.points, answered_at = excluded.answered_at`);
  const [row] = await db
    .update(assessmentParticipants)
    .set({
      startedAt: sql`coalesce(${assessmentParticipants.startedAt}, ${a.answeredAt.toISOString()}::timestamptz)`,
      answered: sql`(select count(*) from ${assessmentAnswers} x
        where x.assessment_id = ${a.assessmentId} and x.employee_id = ${a.employeeId})`,
    })
    .where(
      and(
        eq(assessmentParticipants.assessmentId, a.assessmentId),
        eq(assessmentParticipants.employeeId, a.employeeId),
        eq(assessmentParticipants.companyId, scope.companyId),
      ),
    )
    .returning({ answered: assessmentParticipants.answered });
  return row?.answered ?? 0;
}

/** Marks the participant finished with their resilience score and stores their exact scores. */
export async function recordFinish(
  db: Db,
  f: {
    assessmentId: string;
    employeeId: string;
    now: Date;
    scores: EmployeeScores;
  },
) {
  const rows = [
    ...Object.entries(f.scores.areas).map(([key, score]) => ({ kind: 2 as const, key, score })),
    ...Object.entries(f.scores.behaviours).map(([key, score]) => ({ kind: 3 as const, key, score })),
    ...Object.entries(f.scores.questions).map(([key, score]) => ({ kind: 4 as const, key, score })),
  ];
  await db
    .update(assessmentParticipants)
    .set({ finishedAt: f.now, score: f.scores.resilience })
    .where(
      and(
        eq(assessmentParticipants.assessmentId, f.assessmentId),
        eq(assessmentParticipants.employeeId, f.employeeId),
      ),
    );
  if (rows.length > 0)
    await db
      .insert(assessmentScores)
      .values(rows.map((s) => ({ ...s, assessmentId: f.assessmentId, employeeId: f.employeeId })))
      .onConflictDoNothing();
}

export async function scoresOf(db: Db, assessmentId: string, employeeId: string) {
  return db
    .select({ kind: assessmentScores.kind, key: assessmentScores.key, score: assessmentScores.score })
    .from(assessmentScores)
    .where(and(eq(assessmentScores.assessmentId, assessmentId), eq(assessmentScores.employeeId, employeeId)));
}

/** The assessments an employee takes part in, or may join (running ones of their lists). */
export async function assessmentsOfEmployee(db: Db, scope: CompanyScope, employeeId: string) {
  return queryRows<{
    id: string;
    name: string;
    status: AssessmentStatus;
    due_at: Date | string | null;
    question_ids: string[];
    answered_questions: number;
    finished_at: Date | string | null;
    score: number | null;
  }>(
    db,
    sql`select a.id, a.name, a.status, a.due_at, a.question_ids, p.finished_at, p.score,
          (select count(distinct x.question_id)::int from ${assessmentAnswers} x
           where x.assessment_id = a.id and x.employee_id = ${employeeId}) as answered_questions
        from ${assessments} a
        left join ${assessmentParticipants} p on p.assessment_id = a.id and p.employee_id = ${employeeId}
        where a.company_id = ${scope.companyId} and a.status in ('active', 'completed')
          and (p.employee_id is not null or (a.status = 'active' and exists (
            select 1 from ${listMembers} m
            join ${assessmentLists} al on al.list_id = m.list_id and al.assessment_id = a.id
            where m.employee_id = ${employeeId})))
        order by coalesce(a.due_at, a.created_at) desc, a.id`,
  );
}
