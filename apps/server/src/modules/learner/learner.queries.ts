import { and, eq, sql, type SQL } from 'drizzle-orm';
import { VIDEO_WATCHED_PERCENT } from '@vigil/shared';
import { queryRows, type Db } from '../../db/client.ts';
import {
  employees,
  learnerEvents,
  learnerTokens,
  trainingDeliveries,
  trainingEvents,
  trainingProgress,
  trainings,
} from '../../db/schema/index.ts';

export interface LearnerIdentity {
  employeeId: string;
  companyId: string;
  email: string;
  name: string;
  lastUsedAt: Date | null;
}

/** The employee behind a learner token's hash, if the token and the employee still exist. */
export async function learnerByToken(db: Db, tokenHash: string): Promise<LearnerIdentity | undefined> {
  const [row] = await db
    .select({
      employeeId: employees.id,
      companyId: employees.companyId,
      email: employees.email,
      name: employees.name,
      lastUsedAt: learnerTokens.lastUsedAt,
    })
    .from(learnerTokens)
    .innerJoin(employees, eq(employees.id, learnerTokens.employeeId))
    .where(eq(learnerTokens.tokenHash, tokenHash));
  return row;
}

export async function touchLearnerToken(db: Db, tokenHash: string, now: Date) {
  await db.update(learnerTokens).set({ lastUsedAt: now }).where(eq(learnerTokens.tokenHash, tokenHash));
}

export async function insertLearnerToken(
  db: Db,
  row: { tokenHash: string; employeeId: string; companyId: string },
) {
  await db.insert(learnerTokens).values(row);
}

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
export async function deliveredSubjects(db: Db, employeeId: string) {
  return queryRows<DeliveredRow>(
    db,
    sql`select t.id as training_id, t.name, t.status, t.subject_ids as program_subjects, s.id as subject_id,
          min(coalesce(d.sent_at, d.created_at)) as delivered_at,
          (select min(n.send_at) from ${trainingEvents} n
            where n.training_id = t.id and n.type = 1 and n.status = 'scheduled') as next_delivery
        from ${trainingDeliveries} d
        join ${trainingEvents} e on e.id = d.event_id and e.type = 1
        join ${trainings} t on t.id = d.training_id
        cross join lateral unnest(e.subject_ids) as s(id)
        where d.employee_id = ${employeeId} and d.status in ('sent', 'bounced')
        group by t.id, s.id
        order by min(coalesce(d.sent_at, d.created_at)) desc, t.id`,
  );
}

export async function progressOf(db: Db, employeeId: string, trainingId?: string) {
  return db
    .select()
    .from(trainingProgress)
    .where(
      and(
        eq(trainingProgress.employeeId, employeeId),
        trainingId ? eq(trainingProgress.trainingId, trainingId) : undefined,
      ),
    );
}

/** Was the subject delivered to the employee in this program? */
export async function isDelivered(db: Db, employeeId: string, trainingId: string, subjectId: string) {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from ${trainingDeliveries} d join ${trainingEvents} e on e.id = d.event_id
          where d.training_id = ${trainingId} and d.employee_id = ${employeeId} and e.type = 1
            and ${subjectId} = any(e.subject_ids) and d.status in ('sent', 'bounced')) as ok`,
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
  lastDecision: boolean;
  /** The subject's type and quiz length, for the finished rule. */
  type: number;
  questions: number;
}

export type ProgressRow = typeof trainingProgress.$inferSelect;

/**
 * Records one learner event and folds it into the employee's progress, in one statement, only if the
 * subject was delivered to them in that program. Returns the progress, or undefined when refused.
 */
export async function recordProgress(db: Db, c: ProgressChange, now: Date): Promise<ProgressRow | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  /** isSubjectFinished in SQL, over the progress values after this event. */
  const finished = (video: SQL, answered: SQL, last: SQL) => sql`case ${c.type}::int
      when 3 then ${last}
      when 2 then ${video} >= 100
      when 4 then ${video} >= 100
      else ${video} >= ${VIDEO_WATCHED_PERCENT} and bit_count((${answered})::bit(32)) >= ${c.questions} end`;
  const video = sql`greatest(p.video_percent, excluded.video_percent)`;
  const answered = sql`(p.answered_mask | excluded.answered_mask)`;
  const last = sql`(p.last_decision or excluded.last_decision)`;
  const first = {
    video: sql`${c.percent}::int`,
    answered: sql`${c.answerBit}::int`,
    last: sql`${c.lastDecision}::boolean`,
  };
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with allowed as (
          select 1 from ${trainingDeliveries} d join ${trainingEvents} e on e.id = d.event_id
          where d.training_id = ${c.trainingId} and d.employee_id = ${c.employeeId} and e.type = 1
            and ${c.subjectId} = any(e.subject_ids) and d.status in ('sent', 'bounced')
          limit 1),
        logged as (
          insert into ${learnerEvents} (company_id, training_id, employee_id, subject_id, code, item, created_at)
          select ${c.companyId}, ${c.trainingId}, ${c.employeeId}, ${c.subjectId}, ${c.code}, ${c.item}, ${at}
          from allowed returning 1)
        insert into ${trainingProgress} as p (training_id, employee_id, subject_id, company_id, opened_at,
          video_percent, answered_mask, correct_mask, questions, last_decision, finished_at, updated_at)
        select ${c.trainingId}, ${c.employeeId}, ${c.subjectId}, ${c.companyId}, ${at}, ${first.video},
          ${first.answered}, ${c.correct ? c.answerBit : 0}, ${c.questions}, ${first.last},
          case when ${finished(first.video, first.answered, first.last)} then ${at} end, ${at}
        from allowed
        on conflict (training_id, employee_id, subject_id) do update set
          opened_at = coalesce(p.opened_at, excluded.opened_at),
          video_percent = ${video},
          answered_mask = ${answered},
          correct_mask = case when p.answered_mask & excluded.answered_mask = 0
            then p.correct_mask | excluded.correct_mask else p.correct_mask end,
          questions = excluded.questions,
          last_decision = ${last},
          finished_at = coalesce(p.finished_at, case when ${finished(video, answered, last)} then ${at} end),
          updated_at = excluded.updated_at
        returning p.*`,
  );
  return rows[0] ? toProgressRow(rows[0]) : undefined;
}

function toProgressRow(r: Record<string, unknown>): ProgressRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
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
