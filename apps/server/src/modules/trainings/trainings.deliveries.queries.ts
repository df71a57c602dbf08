import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReminderMode } from '@vigil/shared';
import { LOW_PERFORMING_PERCENT } from '@vigil/shared';
import { arrayParam, queryRows, type Db } from '../../db/client.ts';
import {
  employees,
  listMembers,
  mails,
  trainingDeliveries,
  trainingEvents,
  trainingProgress,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { programPeople } from './trainings.queries.ts';
import { channelsOf } from '../../lib/sql.ts';

/** Who a manager's reminder selection reaches (spec 2 §4 modes and selection), as a condition on people. */
export interface ReminderTargets {
  mode: ReminderMode;
  all: boolean;
  emails: string[];
  excluded: string[];
  userLists: string[];
}

function targetCondition(t: ReminderTargets): SQL {
  const mode =
    t.mode === 1
      ? sql`started and completed_at is null and score * 100 < ${LOW_PERFORMING_PERCENT} * total`
      : t.mode === 2
        ? sql`completed_at is null`
        : sql`true`;
  const picked = t.all
    ? t.excluded.length > 0
      ? sql`not (email = any(${arrayParam(t.excluded, 'text')}))`
      : sql`true`
    : sql`email = any(${arrayParam(t.emails, 'text')})`;
  const lists =
    t.userLists.length > 0
      ? sql`exists (select 1 from ${listMembers} lm where lm.employee_id = people.id
          and lm.list_id = any(${arrayParam(t.userLists, 'uuid')}))`
      : sql`true`;
  return sql`total > 0 and not bounced and (${mode}) and (${picked}) and (${lists})`;
}

export async function countTargets(db: Db, scope: CompanyScope, trainingId: string, t: ReminderTargets) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`${programPeople(scope, trainingId)} select count(*)::int as n from people where ${targetCondition(t)}`,
  );
  return row?.n ?? 0;
}

/** The manager's reminders of a program, newest first, with how many they went to. */
export async function manualReminders(db: Db, trainingId: string, limit: number) {
  return queryRows<{ id: string; send_at: Date; send_to: number }>(
    db,
    sql`select e.id, e.send_at, (select count(distinct d.employee_id)::int from ${trainingDeliveries} d
          where d.event_id = e.id) as send_to
        from ${trainingEvents} e where e.training_id = ${trainingId} and e.manual
        order by e.send_at desc limit ${limit}`,
  );
}

/**
 * A manager's reminder: a manual event that is already sending, and one delivery per target employee
 * and reminder channel; the senders pick them up like any other. Returns the employees reached.
 */
export async function insertManualReminder(
  db: Db,
  p: { scope: CompanyScope; trainingId: string; channel: number; targets: ReminderTargets; now: Date },
) {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(trainingEvents)
      .values({
        companyId: p.scope.companyId,
        trainingId: p.trainingId,
        type: 2,
        position: -1,
        manual: true,
        reminderMode: p.targets.mode,
        sendAt: p.now,
        startedAt: p.now,
        status: 'sending',
      })
      .returning({ id: trainingEvents.id });
    const rows = await queryRows<{ employee_id: string }>(
      tx,
      sql`${programPeople(p.scope, p.trainingId)},
          targets as (select id from people where ${targetCondition(p.targets)})
          insert into ${trainingDeliveries} (event_id, training_id, company_id, employee_id, channel)
          select ${event!.id}, ${p.trainingId}, ${p.scope.companyId}, targets.id, ch.c
          from targets cross join ${channelsOf(sql`${p.channel}`)} as ch(c)
          on conflict do nothing
          returning employee_id`,
    );
    return new Set(rows.map((r) => r.employee_id)).size;
  });
}

export async function employeeByEmail(db: Db, scope: CompanyScope, email: string) {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, scope.companyId), eq(employees.email, email.toLowerCase())));
  return row;
}

/** A resend: the employee's delivery of this event once more, as a new round. */
export async function insertResend(
  db: Db,
  scope: CompanyScope,
  eventId: string,
  employeeId: string,
  now: Date,
) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${trainingDeliveries} (event_id, training_id, company_id, employee_id, channel, round, due_at)
        select event_id, training_id, company_id, employee_id, channel, max(round) + 1, ${now.toISOString()}
        from ${trainingDeliveries}
        where event_id = ${eventId} and employee_id = ${employeeId} and company_id = ${scope.companyId}
        group by event_id, training_id, company_id, employee_id, channel
        on conflict do nothing returning id`,
  );
  return rows.length;
}

/** Everything sent to one employee in one program, newest first. */
export async function employeeDeliveries(
  db: Db,
  scope: CompanyScope,
  trainingId: string,
  employeeId: string,
) {
  return queryRows<{
    event_id: string;
    type: 1 | 2;
    manual: boolean;
    subject_ids: string[];
    status: string;
    created_at: Date;
    sent_at: Date | null;
    error: string | null;
    mail_id: string | null;
    round: number;
    channel: number;
    send_at: Date;
  }>(
    db,
    sql`select d.event_id, e.type, e.manual, e.subject_ids, e.send_at, d.status, d.created_at, d.sent_at,
          d.error, d.mail_id, d.round, d.channel
        from ${trainingDeliveries} d join ${trainingEvents} e on e.id = d.event_id
        where d.training_id = ${trainingId} and d.employee_id = ${employeeId} and d.company_id = ${scope.companyId}
          and e.company_id = ${scope.companyId}
        order by d.created_at desc, d.round desc`,
  );
}

export async function employeeProgress(db: Db, trainingId: string, employeeId: string) {
  return db
    .select()
    .from(trainingProgress)
    .where(and(eq(trainingProgress.trainingId, trainingId), eq(trainingProgress.employeeId, employeeId)));
}

export async function mailOfCompany(db: Db, scope: CompanyScope, mailId: string) {
  const [row] = await db
    .select()
    .from(mails)
    .where(and(eq(mails.companyId, scope.companyId), eq(mails.id, mailId)))
    .orderBy(desc(mails.createdAt));
  return row;
}

/** Of the program's lists, those the employee is in. */
export async function employeeListsAmong(db: Db, employeeId: string, lists: { id: string; name: string }[]) {
  if (lists.length === 0) return [];
  const rows = await db
    .select({ id: listMembers.listId })
    .from(listMembers)
    .where(
      and(
        eq(listMembers.employeeId, employeeId),
        inArray(
          listMembers.listId,
          lists.map((l) => l.id),
        ),
      ),
    );
  const ids = new Set(rows.map((r) => r.id));
  return lists.filter((l) => ids.has(l.id)).map((l) => ({ id: l.id, name: l.name }));
}
