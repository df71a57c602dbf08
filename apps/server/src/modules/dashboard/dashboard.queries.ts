/**
 * The dashboard's SQL. Every function takes the company's scope; the per-program figures come from the
 * trainings and assessment-reports modules, and what is read here is what no other module reads:
 * the cards' counts, the order of the performance tables, the calendar and the newest subjects.
 */
import { and, asc, desc, eq, isNotNull, isNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  EVENT_TYPES,
  ASSESSMENT_TAB_STATUSES,
  TRAINING_TAB_STATUSES,
  type AssessmentStatus,
  type TrainingStatus,
} from '@vigil/shared';
import { arrayParam, queryRows, type Db } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import {
  assessmentEvents,
  assessmentLists,
  assessments,
  companyFigureChanges,
  companyStatistics,
  assessmentStats,
  contentCategories,
  listMembers,
  subjects,
  trainingEvents,
  trainingLists,
  trainings,
} from '../../db/schema/index.ts';
import { EVERYONE, STAT_KINDS } from '../../lib/assessment-stats.ts';
import { deliveryDateOf } from '../assessments/assessments.service.ts';
import { firstBatch, participantTotals } from '../trainings/trainings.service.ts';

export interface ProgramCounts {
  trainingsActive: number;
  trainingsCompleted: number;
  assessmentsActive: number;
  assessmentsCompleted: number;
  trainingsActiveUsers: number;
  trainingsCompletedUsers: number;
  assessmentsActiveUsers: number;
  assessmentsCompletedUsers: number;
  employees: number;
}

const statuses = (list: readonly string[]) => arrayParam([...list], 'text');

/**
 * The dashboard cards in one statement: programs per state (the list tabs' Active — scheduled and
 * active — and Completed), and the distinct employees in the lists of the programs of each state,
 * read in one pass over the company's memberships (each employee's lists folded into a bit mask of
 * the four states), which also counts the employees in any list. Every table it reads is an input of
 * the kept counts: a statement trigger notes changes to it (migration 0012; kept-figures.test.ts
 * checks that each one has them).
 */
export function programCountsQuery(scope: CompanyScope): SQL {
  const tActive = statuses(TRAINING_TAB_STATUSES.active);
  const tDone = statuses(TRAINING_TAB_STATUSES.completed);
  const aActive = statuses(ASSESSMENT_TAB_STATUSES.active);
  const aDone = statuses(ASSESSMENT_TAB_STATUSES.completed);
  return sql`with programs as (
          select t.status, tl.list_id, true as training from ${trainings} t
          join ${trainingLists} tl on tl.training_id = t.id
          where t.company_id = ${scope.companyId} and t.status <> 'draft'
          union all
          select a.status, al.list_id, false from ${assessments} a
          join ${assessmentLists} al on al.assessment_id = a.id
          where a.company_id = ${scope.companyId} and a.status <> 'draft'),
        list_flags as (
          select list_id, bit_or(case
            when training and status = any(${tActive}) then 1 when training and status = any(${tDone}) then 2
            when not training and status = any(${aActive}) then 4
            when not training and status = any(${aDone}) then 8 else 0 end) as mask
          from programs group by list_id),
        people as (
          select bit_or(coalesce(f.mask, 0)) as mask
          from ${listMembers} m left join list_flags f on f.list_id = m.list_id
          where m.company_id = ${scope.companyId}
          group by m.employee_id)
        select
          (select count(*) from ${trainings} t
            where t.company_id = ${scope.companyId} and t.status = any(${tActive}))::int as "trainingsActive",
          (select count(*) from ${trainings} t
            where t.company_id = ${scope.companyId} and t.status = any(${tDone}))::int as "trainingsCompleted",
          (select count(*) from ${assessments} a
            where a.company_id = ${scope.companyId} and a.status = any(${aActive}))::int as "assessmentsActive",
          (select count(*) from ${assessments} a
            where a.company_id = ${scope.companyId} and a.status = any(${aDone}))::int as "assessmentsCompleted",
          (count(*) filter (where mask & 1 <> 0))::int as "trainingsActiveUsers",
          (count(*) filter (where mask & 2 <> 0))::int as "trainingsCompletedUsers",
          (count(*) filter (where mask & 4 <> 0))::int as "assessmentsActiveUsers",
          (count(*) filter (where mask & 8 <> 0))::int as "assessmentsCompletedUsers",
          count(*)::int as employees
        from people`;
}

export async function programCounts(db: Db, scope: CompanyScope): Promise<ProgramCounts> {
  const [row] = await queryRows<ProgramCounts>(db, programCountsQuery(scope));
  return row!;
}

/**
 * The cards' counts as last kept, null when never computed or when a change to one of their inputs
 * was noted since (company_figures_changes), read in one snapshot.
 */
export async function keptProgramCounts(db: Db, scope: CompanyScope): Promise<ProgramCounts | null> {
  const [row] = await queryRows<{ figures: ProgramCounts | null; changed: boolean }>(
    db,
    sql`select s.figures,
          exists (select 1 from ${companyFigureChanges} n where n.company_id = ${scope.companyId}) as changed
        from (select 1) one
        left join ${companyStatistics} s on s.company_id = ${scope.companyId}`,
  );
  return row && !row.changed ? row.figures : null;
}

/**
 * Within a transaction: takes the company's lock for computing its counts (its company_statistics row;
 * readers only, writers never touch it).
 */
export async function lockProgramCounts(tx: Db, scope: CompanyScope): Promise<void> {
  await tx.execute(
    sql`insert into ${companyStatistics} (company_id) values (${scope.companyId}) on conflict do nothing`,
  );
  await tx.execute(sql`select 1 from ${companyStatistics} where company_id = ${scope.companyId} for update`);
}

/**
 * Under that lock: removes the change notes this statement sees. Counts computed by a later statement of
 * the transaction include everything those notes stood for; notes committed meanwhile stay.
 */
export async function takeProgramCountChanges(tx: Db, scope: CompanyScope): Promise<void> {
  await tx.execute(sql`delete from ${companyFigureChanges} where company_id = ${scope.companyId}`);
}

export async function keepProgramCounts(tx: Db, scope: CompanyScope, counts: ProgramCounts) {
  await tx.execute(sql`
    update ${companyStatistics} set figures = ${JSON.stringify(counts)}::jsonb, computed_at = now()
    where company_id = ${scope.companyId}`);
}

/** Active first, then scheduled, then completed: the performance tables' order of states. */
const stateRank = (status: SQLWrapper) =>
  sql`case ${status} when 'active' then 0 when 'scheduled' then 1 else 2 end`;

/** The first `limit` non-draft programs, by state, then newest start (first batch) first. */
export async function topTrainings(db: Db, scope: CompanyScope, limit: number) {
  return db
    .select({
      id: trainings.id,
      name: trainings.name,
      status: trainings.status,
      isScorm: trainings.isScorm,
      subjectIds: trainings.subjectIds,
    })
    .from(trainings)
    .where(and(eq(trainings.companyId, scope.companyId), ne(trainings.status, 'draft')))
    .orderBy(stateRank(trainings.status), sql`${firstBatch} desc nulls last`, asc(trainings.id))
    .limit(limit);
}

/** The ids of the first `limit` non-draft assessments, by state, then newest delivery date first. */
export async function topAssessmentIds(db: Db, scope: CompanyScope, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.companyId, scope.companyId), ne(assessments.status, 'draft')))
    .orderBy(stateRank(assessments.status), sql`${deliveryDateOf} desc nulls last`, asc(assessments.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface TrainingFigures {
  /** Employees a delivery reached (sent or bounced), as the trainings list counts them. */
  totalUsers: number;
  /** Employees who opened a subject. */
  opened: number;
  /** Subjects in the batches sent so far. */
  subjectsSent: number;
  /** The quiz's first answers over all employees, and the correct ones. */
  answered: number;
  correct: number;
}

/**
 * The dashboard figures of these programs in two statements: the kept per-employee totals the trainings
 * list reads (participantTotals), and the subjects of each program's sent batches.
 */
export async function trainingFigures(
  db: Db,
  scope: CompanyScope,
  ids: string[],
): Promise<Map<string, TrainingFigures>> {
  if (ids.length === 0) return new Map();
  const [totals, sent] = await Promise.all([
    participantTotals(db, scope, ids),
    queryRows<{ id: string; subjectsSent: number }>(
      db,
      sql`select e.training_id as id, coalesce(sum(cardinality(e.subject_ids)), 0)::int as "subjectsSent"
          from ${trainingEvents} e
          where e.company_id = ${scope.companyId} and e.training_id = any(${arrayParam(ids, 'uuid')})
            and e.type = ${EVENT_TYPES.schedule} and e.status = 'sent'
          group by e.training_id`,
    ),
  ]);
  const sentById = new Map(sent.map((r) => [r.id, r.subjectsSent]));
  return new Map(
    ids.map((id) => {
      const { totalUsers, opened, answered, correct } = totals.get(id)!;
      return [id, { totalUsers, opened, subjectsSent: sentById.get(id) ?? 0, answered, correct }];
    }),
  );
}

/** The kept resilience aggregate (everyone's) of each assessment: the sum and count of scores. */
export async function resilienceAggregates(db: Db, scope: CompanyScope, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: assessments.id, sum: assessmentStats.sum, count: assessmentStats.count })
    .from(assessments)
    .innerJoin(
      assessmentStats,
      and(
        eq(assessmentStats.assessmentId, assessments.id),
        eq(assessmentStats.listId, EVERYONE),
        eq(assessmentStats.kind, STAT_KINDS.resilience),
        eq(assessmentStats.key, ''),
      ),
    )
    .where(
      and(
        eq(assessments.companyId, scope.companyId),
        sql`${assessments.id} = any(${arrayParam(ids, 'uuid')})`,
      ),
    );
}

export interface CalendarRow {
  id: string;
  date: Date | string;
  name: string;
  type: 'training' | 'assessment';
  kind: 'delivery' | 'reminder' | 'due';
  eventId: string;
  status: TrainingStatus | AssessmentStatus;
}

/**
 * What non-draft programs send or end within [from, to): training batches and their reminders,
 * assessment invitations and reminders (planned, sending or sent; cancelled ones are left out), and
 * assessments' due dates. In date order.
 */
export async function calendarRows(
  db: Db,
  scope: CompanyScope,
  from: Date,
  to: Date,
): Promise<CalendarRow[]> {
  const range = (column: SQL) => sql`${column} >= ${from.toISOString()} and ${column} < ${to.toISOString()}`;
  return queryRows<CalendarRow>(
    db,
    sql`select e.id::text as id, e.send_at as date, t.name, 'training' as type,
          case e.type when ${EVENT_TYPES.schedule} then 'delivery' else 'reminder' end as kind, t.id::text as "eventId", t.status
        from ${trainings} t join ${trainingEvents} e on e.training_id = t.id
        where t.company_id = ${scope.companyId} and t.status <> 'draft' and e.status <> 'cancelled'
          and ${range(sql`e.send_at`)}
        union all
        select e.id::text, e.send_at, a.name, 'assessment',
          case e.type when ${EVENT_TYPES.schedule} then 'delivery' else 'reminder' end, a.id::text, a.status
        from ${assessments} a join ${assessmentEvents} e on e.assessment_id = a.id
        where a.company_id = ${scope.companyId} and a.status <> 'draft' and e.status <> 'cancelled'
          and ${range(sql`e.send_at`)}
        union all
        select a.id::text || ':due', a.due_at, a.name, 'assessment', 'due', a.id::text, a.status
        from ${assessments} a
        where a.company_id = ${scope.companyId} and a.status <> 'draft' and ${range(sql`a.due_at`)}
        order by 2, 3, 1`,
  );
}

/**
 * Shipped subjects with a thumbnail, newest release first, then in catalogue order (the subjects one
 * release added share its date). The plan's availability is decided by the caller.
 */
export async function newestSubjects(db: Db) {
  return db
    .select({
      id: subjects.id,
      type: subjects.type,
      availableForBeta: subjects.availableForBeta,
      title: subjects.title,
      description: subjects.description,
      duration: subjects.duration,
      media: subjects.media,
      thumb: subjects.thumb,
    })
    .from(subjects)
    .innerJoin(contentCategories, eq(contentCategories.id, subjects.categoryId))
    .where(and(isNull(subjects.retiredAt), isNotNull(subjects.thumb)))
    .orderBy(desc(subjects.addedAt), asc(contentCategories.position), asc(subjects.position));
}
