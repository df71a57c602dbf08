import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  interactiveResults,
  learnerEvents,
  subjects,
  trainingDeliveries,
  trainingEvents,
  trainingProgress,
  trainings,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { preparedRows } from '../../lib/sql.ts';
import type { ProgressRow } from '../campaigns/campaigns.presenter.ts';

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

export interface DeliveredRow {
  training_id: string;
  name: string;
  status: string;
  program_subjects: string[];
  subject_id: string;
  delivered_at: Date;
  next_delivery: Date | null;
}

/** Every subject delivered to the employee, per program, with when it first arrived. */
export async function deliveredSubjects(db: Db, scope: CompanyScope, employeeId: string) {
  return queryRows<DeliveredRow>(
    db,
    sql`select t.id as training_id, t.name, t.status, t.subject_ids as program_subjects, s.id as subject_id,
          min(coalesce(d.sent_at, d.created_at)) as delivered_at,
          (select min(n.send_at) from ${trainingEvents} n
            where n.training_id = t.id and n.type = 1 and n.status = 'scheduled') as next_delivery
        from ${trainingDeliveries} d
        join ${trainingEvents} e on e.id = d.event_id and e.type = 1 and e.company_id = d.company_id
        join ${trainings} t on t.id = d.training_id and t.company_id = d.company_id
        cross join lateral unnest(e.subject_ids) as s(id)
        where d.employee_id = ${employeeId} and d.company_id = ${scope.companyId} and delivery_reached(d.status)
        group by t.id, s.id
        order by min(coalesce(d.sent_at, d.created_at)) desc, t.id`,
  );
}

export async function progressOf(db: Db, scope: CompanyScope, employeeId: string, trainingId?: string) {
  return db
    .select()
    .from(trainingProgress)
    .where(
      and(
        eq(trainingProgress.employeeId, employeeId),
        eq(trainingProgress.companyId, scope.companyId),
        trainingId ? eq(trainingProgress.trainingId, trainingId) : undefined,
      ),
    );
}

/** Was the subject delivered to the employee in this program? */
export async function isDelivered(
  db: Db,
  scope: CompanyScope,
  employeeId: string,
  trainingId: string,
  subjectId: string,
) {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from ${trainingDeliveries} d join ${trainingEvents} e on e.id = d.event_id
          where d.training_id = ${trainingId} and d.employee_id = ${employeeId} and d.company_id = ${scope.companyId}
            and e.type = 1
            and ${subjectId} = any(e.subject_ids) and delivery_reached(d.status)) as ok`,
  );
  return row?.ok ?? false;
}

export interface ProgressChange {
  companyId: string;
  trainingId: string;
  employeeId: string;
  subjectId: string;
  code: number;
  item: number | null;
  /** The video mark this event reaches (0 when none). */
  percent: number;
  /** A quiz answer: the question's bit and whether it was right. */
  answerBit: number;
  correct: boolean;
  /**
   * The right answers' bits when they are not `answerBit` itself (a SCORM subject's score, written as
   * its quiz: every question answered, the score's share of them right).
   */
  correctBits?: number;
  lastDecision: boolean;
  /** The subject's type and quiz length, for the finished rule. */
  type: number;
  questions: number;
}

export type { ProgressRow };

/**
 * Records learner events and folds each into the employee's progress, in one statement, each only if
 * the subject was delivered to the employee in that program. Returns each event's progress, or
 * undefined where refused. Events of one employee's subject in one program must come in separate calls
 * (one statement updates a progress row once), in their order.
 */
export async function recordProgressBatch(
  db: Db,
  changes: { change: ProgressChange; now: Date }[],
): Promise<(ProgressRow | undefined)[]> {
  const col = <T>(pick: (c: ProgressChange, now: Date) => T) => changes.map((x) => pick(x.change, x.now));
  const values = {
    companyIds: col((c) => c.companyId),
    trainingIds: col((c) => c.trainingId),
    employeeIds: col((c) => c.employeeId),
    subjectIds: col((c) => c.subjectId),
    codes: col((c) => c.code),
    items: col((c) => c.item),
    percents: col((c) => c.percent),
    answerBits: col((c) => c.answerBit),
    correctBits: col((c) => c.correctBits ?? (c.correct ? c.answerBit : 0)),
    lastDecisions: col((c) => c.lastDecision),
    types: col((c) => c.type),
    questions: col((c) => c.questions),
    ats: col((_, now) => now.toISOString()),
  };
  const rows = await preparedRows<Record<string, unknown>>(
    db,
    'record_progress',
    (v) => sql`with input as (
          select * from unnest(${v('companyIds')}::uuid[], ${v('trainingIds')}::uuid[],
            ${v('employeeIds')}::uuid[], ${v('subjectIds')}::text[], ${v('codes')}::int[], ${v('items')}::int[],
            ${v('percents')}::int[], ${v('answerBits')}::int[], ${v('correctBits')}::int[],
            ${v('lastDecisions')}::boolean[], ${v('types')}::int[], ${v('questions')}::int[],
            ${v('ats')}::timestamptz[])
            with ordinality as i(company_id, training_id, employee_id, subject_id, code, item, percent,
              answer_bit, correct_bit, last_decision, subject_type, questions, at, ord)),
        allowed as (
          select i.* from input i
          where exists (select 1 from ${trainingDeliveries} d join ${trainingEvents} e on e.id = d.event_id
            where d.training_id = i.training_id and d.employee_id = i.employee_id and e.type = 1
              and i.subject_id = any(e.subject_ids) and delivery_reached(d.status))),
        logged as (
          insert into ${learnerEvents} (company_id, training_id, employee_id, subject_id, code, item, created_at)
          select company_id, training_id, employee_id, subject_id, code, item, at from allowed order by ord)
        insert into ${trainingProgress} as p (training_id, employee_id, subject_id, company_id, opened_at,
          video_percent, answered_mask, correct_mask, questions, last_decision, finished_at, updated_at)
        select training_id, employee_id, subject_id, company_id, at, percent, answer_bit, correct_bit,
          questions, last_decision,
          case when subject_finished(subject_type, percent, answer_bit, last_decision, questions)
            then at end, at
        from allowed
        on conflict (training_id, employee_id, subject_id) do update set
          opened_at = coalesce(p.opened_at, excluded.opened_at),
          video_percent = greatest(p.video_percent, excluded.video_percent),
          answered_mask = p.answered_mask | excluded.answered_mask,
          correct_mask = case when p.answered_mask & excluded.answered_mask = 0
            then p.correct_mask | excluded.correct_mask else p.correct_mask end,
          questions = excluded.questions,
          last_decision = p.last_decision or excluded.last_decision,
          finished_at = coalesce(p.finished_at, case when subject_finished(
            (select s.type from ${subjects} s where s.id = excluded.subject_id),
            greatest(p.video_percent, excluded.video_percent), p.answered_mask | excluded.answered_mask,
            p.last_decision or excluded.last_decision, excluded.questions) then excluded.updated_at end),
          updated_at = excluded.updated_at
        returning p.*`,
    values,
  );
  const key = (trainingId: string, employeeId: string, subjectId: string) =>
    `${trainingId.toLowerCase()}/${employeeId.toLowerCase()}/${subjectId}`;
  const byKey = new Map(
    rows.map((r) => [
      key(r.training_id as string, r.employee_id as string, r.subject_id as string),
      toProgressRow(r),
    ]),
  );
  return changes.map(({ change: c }) => byKey.get(key(c.trainingId, c.employeeId, c.subjectId)));
}

function toProgressRow(r: Record<string, unknown>): ProgressRow {
  const date = dateOrNull;
  return {
    trainingId: r.training_id as string,
    employeeId: r.employee_id as string,
    subjectId: r.subject_id as string,
    companyId: r.company_id as string,
    openedAt: date(r.opened_at),
    videoPercent: Number(r.video_percent),
    answeredMask: Number(r.answered_mask),
    correctMask: Number(r.correct_mask),
    questions: Number(r.questions),
    lastDecision: Boolean(r.last_decision),
    finishedAt: date(r.finished_at),
    updatedAt: date(r.updated_at)!,
  };
}

/** Keeps an employee's first result of a scene of an interactive subject; a replay changes nothing. */
export async function recordInteractiveResult(
  db: Db,
  scope: CompanyScope,
  row: {
    trainingId: string;
    employeeId: string;
    subjectId: string;
    sceneId: string;
    found: string[];
    choice: string;
    correct: boolean;
  },
) {
  await db
    .insert(interactiveResults)
    .values({ ...row, companyId: scope.companyId })
    .onConflictDoNothing();
}
