import { sql } from 'drizzle-orm';
import { TRAINING_END_DAYS } from '@vigil/shared';
import { arrayParam, queryRows, type Db } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { channelsOf } from '../../lib/sql.ts';
import {
  employees,
  listMembers,
  trainingDeliveries,
  trainingEvents,
  trainingLists,
  trainingProgress,
  trainings,
} from '../../db/schema/index.ts';

/**
 * The delivery engine's SQL. Everything is set-based: one statement fans a batch out to all its
 * employees, one claims a chunk of deliveries, one records a chunk's outcome.
 */

/**
 * Members who joined after a batch's fan-out (both times by the database's clock) are late joiners; a
 * little slack covers one added while the fan-out ran. Earlier members already have their row.
 */
const JOIN_SLACK = sql`interval '5 minutes'`;

export interface StartedEvent {
  id: string;
  training_id: string;
  type: 1 | 2;
  manual: boolean;
}

/** Marks due scheduled events as sending and returns them; locked rows are left to another worker. */
export async function startDueEvents(db: Db, now: Date, limit: number) {
  return queryRows<StartedEvent>(
    db,
    sql`update ${trainingEvents} e set status = 'sending', started_at = ${now.toISOString()}
        where e.id in (
          select id from ${trainingEvents}
          where status = 'scheduled' and send_at <= ${now.toISOString()}
          order by send_at limit ${limit} for update skip locked)
        returning e.id, e.training_id, e.type, e.manual`,
  );
}

/**
 * A batch's deliveries: one per employee of the program's lists and channel. Download-link programs
 * send no mail: their deliveries are recorded as sent, and employees open their links.
 */
export async function fanOutBatch(db: Db, eventId: string, now: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into ${trainingDeliveries} (event_id, training_id, company_id, employee_id, channel, status, sent_at)
    select e.id, e.training_id, e.company_id, m.employee_id, ch.c,
      case when t.schedule_type = 2 then 'sent' else 'pending' end,
      case when t.schedule_type = 2 then ${now.toISOString()}::timestamptz end
    from ${trainingEvents} e
    join ${trainings} t on t.id = e.training_id
    join ${trainingLists} tl on tl.training_id = e.training_id
    join ${listMembers} m on m.list_id = tl.list_id
    cross join lateral ${channelsOf(sql`t.channel`)} as ch(c)
    where e.id = ${eventId}
    group by e.id, e.training_id, e.company_id, m.employee_id, ch.c, t.schedule_type
    on conflict do nothing`);
  return (
    (result as unknown as { rowCount?: number | null; affectedRows?: number }).rowCount ??
    (result as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}

/**
 * After a big fan-out the planner's picture of the deliveries is out of date (PGlite runs no autovacuum):
 * without fresh statistics the senders' per-mail updates and the employee pages pick slow plans.
 */
export async function refreshDeliveryStatistics(db: Db) {
  await db.execute(sql`analyze ${trainingDeliveries}`);
}

/** A scheduled reminder: to the employees its batch reached who have not finished the batch's subjects. */
export async function fanOutReminder(db: Db, eventId: string) {
  await db.execute(sql`
    insert into ${trainingDeliveries} (event_id, training_id, company_id, employee_id, channel)
    select r.id, r.training_id, r.company_id, d.employee_id, ch.c
    from ${trainingEvents} r
    join ${trainings} t on t.id = r.training_id
    join ${trainingEvents} b on b.id = r.parent_id
    join ${trainingDeliveries} d on d.event_id = b.id and d.status = 'sent'
    cross join lateral ${channelsOf(sql`t.reminders_channel`)} as ch(c)
    where r.id = ${eventId}
      and (select count(*) from ${trainingProgress} p
           where p.training_id = r.training_id and p.employee_id = d.employee_id
             and p.subject_id = any(b.subject_ids) and p.finished_at is not null) < cardinality(b.subject_ids)
    group by r.id, r.training_id, r.company_id, d.employee_id, ch.c
    on conflict do nothing`);
}

/** Programs whose first delivery has started become active. */
export async function activateStartedTrainings(db: Db, now: Date) {
  await db.execute(sql`
    update ${trainings} t set status = 'active', updated_at = ${now.toISOString()}
    where t.status = 'scheduled'
      and exists (select 1 from ${trainingEvents} e where e.training_id = t.id and e.status in ('sending', 'sent'))`);
}

/**
 * Employees who joined a list of an active program after a batch went out get that batch too (one
 * mail: the sender merges an employee's batches of one program).
 */
export async function catchUpLateJoiners(db: Db, now: Date) {
  await db.execute(sql`
    insert into ${trainingDeliveries} (event_id, training_id, company_id, employee_id, channel, status, sent_at)
    select e.id, e.training_id, e.company_id, m.employee_id, ch.c,
      case when t.schedule_type = 2 then 'sent' else 'pending' end,
      case when t.schedule_type = 2 then ${now.toISOString()}::timestamptz end
    from ${trainings} t
    join ${trainingEvents} e on e.training_id = t.id and e.type = 1 and e.status in ('sending', 'sent')
    join lateral (select min(f.created_at) as at from ${trainingDeliveries} f where f.event_id = e.id) fanned on true
    join ${trainingLists} tl on tl.training_id = t.id
    join ${listMembers} m on m.list_id = tl.list_id and m.created_at > fanned.at - ${JOIN_SLACK}
    cross join lateral ${channelsOf(sql`t.channel`)} as ch(c)
    where t.status = 'active'
    group by e.id, e.training_id, e.company_id, m.employee_id, ch.c, t.schedule_type
    on conflict do nothing`);
}

/**
 * Events with nothing left to send are sent; programs with no delivery left to make are completed
 * once their last batch is TRAINING_END_DAYS old.
 */
export async function closeFinishedEvents(db: Db, now: Date) {
  await db.execute(sql`
    update ${trainingEvents} e set status = 'sent', sent_at = ${now.toISOString()}
    where e.status = 'sending'
      and not exists (select 1 from ${trainingDeliveries} d
                      where d.event_id = e.id and d.status in ('pending', 'sending'))`);
  await db.execute(sql`
    update ${trainings} t set status = 'completed', updated_at = ${now.toISOString()}
    where t.status = 'active' and t.is_scorm = false
      and not exists (select 1 from ${trainingEvents} e
                      where e.training_id = t.id and e.status in ('scheduled', 'sending'))
      and not exists (select 1 from ${trainingEvents} e where e.training_id = t.id and e.type = 1
                      and e.send_at > ${new Date(now.getTime() - TRAINING_END_DAYS * 86_400_000).toISOString()})`);
}

/** Delivered subjects each of these employees has not finished yet, per program. */
export async function unfinishedSubjects(db: Db, pairs: { trainingId: string; employeeId: string }[]) {
  if (pairs.length === 0) return [];
  const trainingIds = pairs.map((p) => p.trainingId);
  const employeeIds = pairs.map((p) => p.employeeId);
  return queryRows<{ training_id: string; employee_id: string; subject_ids: string[] }>(
    db,
    sql`select d.training_id, d.employee_id, array_agg(distinct s.id) as subject_ids
        from unnest(${arrayParam(trainingIds, 'uuid')}, ${arrayParam(employeeIds, 'uuid')}) as pair(training_id, employee_id)
        join ${trainingDeliveries} d on d.training_id = pair.training_id and d.employee_id = pair.employee_id
        join ${trainingEvents} e on e.id = d.event_id and e.type = 1
        cross join lateral unnest(e.subject_ids) as s(id)
        where d.status = 'sent'
          and not exists (select 1 from ${trainingProgress} p where p.training_id = d.training_id
                          and p.employee_id = d.employee_id and p.subject_id = s.id and p.finished_at is not null)
        group by d.training_id, d.employee_id`,
  );
}

/**
 * Adds one employee of the company to a running program outside its lists (a phishing simulation's
 * click): they get the batches that have started, as a late joiner does, and no later ones (those go
 * to the lists). Returns the deliveries written; 0 when the program is not running.
 */
export async function enrolInProgram(
  db: Db,
  scope: CompanyScope,
  trainingId: string,
  employeeId: string,
  now: Date,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${trainingDeliveries} (event_id, training_id, company_id, employee_id, channel, status, sent_at)
      select e.id, t.id, t.company_id, emp.id, ch.c,
        case when t.schedule_type = 2 then 'sent' else 'pending' end,
        case when t.schedule_type = 2 then ${now.toISOString()}::timestamptz end
      from ${trainings} t
      join ${trainingEvents} e on e.training_id = t.id and e.type = 1 and e.status in ('sending', 'sent')
      join ${employees} emp on emp.id = ${employeeId} and emp.company_id = t.company_id
      cross join lateral ${channelsOf(sql`t.channel`)} as ch(c)
      where t.id = ${trainingId} and t.company_id = ${scope.companyId} and t.status = 'active'
      on conflict do nothing
      returning id`,
  );
  return rows.length;
}
