import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  assessmentDeliveries,
  assessmentEvents,
  assessmentLists,
  assessmentParticipants,
  assessments,
  employees,
  listMembers,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { channelsOf } from '../../lib/sql.ts';
import { claimDue, type ClaimedRow, type DeliveryTables } from '../delivery/delivery.send.ts';

/**
 * The assessment engine's SQL, set-based like the training engine's: one statement starts the due
 * events, one fans an invitation or a reminder out to all its employees, one closes what is past due.
 */

export const ASSESSMENT_TABLES: DeliveryTables = {
  deliveries: assessmentDeliveries,
  events: assessmentEvents,
};

export interface StartedAssessmentEvent {
  id: string;
  assessment_id: string;
  type: 1 | 2;
}

/** Marks due events of live assessments as sending and returns them; locked rows are left to another worker. */
export async function startDueEvents(db: Db, now: Date, limit: number) {
  return queryRows<StartedAssessmentEvent>(
    db,
    sql`update ${assessmentEvents} e set status = 'sending', started_at = ${now.toISOString()}
        where e.id in (
          select ev.id from ${assessmentEvents} ev
          join ${assessments} a on a.id = ev.assessment_id
          where ev.status = 'scheduled' and ev.send_at <= ${now.toISOString()}
            and a.status in ('scheduled', 'active')
          order by ev.send_at limit ${limit} for update of ev skip locked)
        returning e.id, e.assessment_id, e.type`,
  );
}

/**
 * The invitation of every member of the assessment's lists who has none yet, per channel, and their
 * participant rows (with the lists they were reached through). For a started invitation `eventId`, or
 * for every started invitation of an active assessment (members who joined a list since).
 */
export async function fanOutInvitations(db: Db, now: Date, eventId?: string) {
  const which = eventId
    ? sql`e.id = ${eventId}`
    : sql`a.status = 'active' and e.status in ('sending', 'sent')`;
  const reached = sql`
    select e.id as event_id, a.id as assessment_id, a.company_id, m.employee_id, a.channel,
      array_agg(distinct m.list_id) as list_ids
    from ${assessmentEvents} e
    join ${assessments} a on a.id = e.assessment_id
    join ${assessmentLists} al on al.assessment_id = a.id
    join ${listMembers} m on m.list_id = al.list_id
    where e.type = 1 and ${which}
      and not exists (select 1 from ${assessmentDeliveries} d where d.event_id = e.id and d.employee_id = m.employee_id)
    group by e.id, a.id, a.company_id, m.employee_id, a.channel`;
  await db.execute(sql`
    with reached as (${reached})
    insert into ${assessmentParticipants} (assessment_id, employee_id, company_id, list_ids, invited_at)
    select assessment_id, employee_id, company_id, list_ids, ${now.toISOString()} from reached
    on conflict do nothing`);
  await db.execute(sql`
    with reached as (${reached})
    insert into ${assessmentDeliveries} (event_id, assessment_id, company_id, employee_id, channel, due_at)
    select r.event_id, r.assessment_id, r.company_id, r.employee_id, ch.c, ${now.toISOString()}
    from reached r cross join lateral ${channelsOf(sql`r.channel`)} as ch(c)
    on conflict do nothing`);
}

/** A planned reminder: to every employee of the assessment who has not finished (and has not bounced). */
export async function fanOutReminder(db: Db, eventId: string, now: Date) {
  await db.execute(sql`
    with ev as (
      select e.id, a.id as assessment_id, a.company_id, a.reminders_channel
      from ${assessmentEvents} e join ${assessments} a on a.id = e.assessment_id where e.id = ${eventId}),
    audience as (
      select m.employee_id from ev
      join ${assessmentLists} al on al.assessment_id = ev.assessment_id
      join ${listMembers} m on m.list_id = al.list_id
      union
      select p.employee_id from ev join ${assessmentParticipants} p on p.assessment_id = ev.assessment_id)
    insert into ${assessmentDeliveries} (event_id, assessment_id, company_id, employee_id, channel, due_at)
    select ev.id, ev.assessment_id, ev.company_id, emp.id, ch.c, ${now.toISOString()}
    from ev cross join audience au
    join ${employees} emp on emp.id = au.employee_id and emp.bounced_at is null
    cross join lateral ${channelsOf(sql`ev.reminders_channel`)} as ch(c)
    where not exists (select 1 from ${assessmentParticipants} p where p.assessment_id = ev.assessment_id
                      and p.employee_id = emp.id and p.finished_at is not null)
    on conflict do nothing`);
}

/** Scheduled assessments whose invitation has started are active from then on. */
export async function activateStarted(db: Db, now: Date) {
  await db.execute(sql`
    update ${assessments} a set status = 'active', started_at = coalesce(a.started_at, ${now.toISOString()}),
      updated_at = ${now.toISOString()}
    where a.status = 'scheduled'
      and exists (select 1 from ${assessmentEvents} e
                  where e.assessment_id = a.id and e.type = 1 and e.status in ('sending', 'sent'))`);
}

/** Events with nothing left to send are sent. */
export async function closeSentEvents(db: Db, now: Date) {
  await db.execute(sql`
    update ${assessmentEvents} e set status = 'sent', sent_at = ${now.toISOString()}
    where e.status = 'sending'
      and not exists (select 1 from ${assessmentDeliveries} d
                      where d.event_id = e.id and d.status in ('pending', 'sending'))`);
}

/**
 * Assessments past their due date are completed: their planned events are cancelled and the mails
 * not yet sent are dropped. Returns the companies whose assessments closed.
 */
export async function closePastDue(db: Db, now: Date) {
  const closed = await queryRows<{ id: string; company_id: string }>(
    db,
    sql`update ${assessments} a set status = 'completed', completed_at = ${now.toISOString()},
          updated_at = ${now.toISOString()}
        where a.status in ('scheduled', 'active') and a.due_at is not null and a.due_at <= ${now.toISOString()}
        returning a.id, a.company_id`,
  );
  if (closed.length === 0) return closed;
  const ids = sql.join(
    closed.map((c) => sql`${c.id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`update ${assessmentEvents} set status = 'cancelled'
    where assessment_id in (${ids}) and status = 'scheduled'`);
  await db.execute(sql`delete from ${assessmentDeliveries}
    where assessment_id in (${ids}) and status = 'pending'`);
  return closed;
}

export interface ClaimedAssessmentDelivery extends ClaimedRow {
  assessment_id: string;
}

export const claimAssessmentDeliveries = (db: Db, now: Date, leaseMs: number, limit: number) =>
  claimDue<ClaimedAssessmentDelivery>(db, ASSESSMENT_TABLES, now, leaseMs, limit);

/** Of these assessments, the employees who finished. */
export async function finishedAmong(db: Db, assessmentIds: string[]) {
  if (assessmentIds.length === 0) return [];
  return db
    .select({
      assessmentId: assessmentParticipants.assessmentId,
      employeeId: assessmentParticipants.employeeId,
    })
    .from(assessmentParticipants)
    .where(
      and(
        inArray(assessmentParticipants.assessmentId, assessmentIds),
        isNotNull(assessmentParticipants.finishedAt),
      ),
    );
}

export async function assessmentsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(assessments).where(inArray(assessments.id, ids));
}

export async function employeeById(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, scope.companyId), eq(employees.id, id)));
  return row;
}
