import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { arrayParam, queryRows, type Db } from '../../db/client.ts';
import { employees, mails } from '../../db/schema/index.ts';
import type { mailLogRow } from '../../mail/mail.service.ts';

/**
 * The send loop's SQL, for any deliveries table shaped like `training_deliveries` (id, event_id,
 * company_id, employee_id, channel, round, status, attempts, due_at, error, mail_id, sent_at) whose
 * events table has `type` and `position`.
 */
export interface DeliveryTables {
  deliveries: PgTable;
  events: PgTable;
}

/** A claimed delivery with what every mail needs: its event's kind and the employee's address. */
export interface ClaimedRow {
  id: number;
  event_id: string;
  company_id: string;
  employee_id: string;
  channel: number;
  round: number;
  attempts: number;
  /** The event's type: 1 the first send (batch, invitation), 2 a reminder. */
  type: 1 | 2;
  position: number;
  email: string;
  name: string;
  /** The employee's language, when they have one (mails fall back to the company's). */
  language: string | null;
}

/**
 * Claims up to `limit` deliveries that are due: pending ones, and ones whose sender's lease ran out (it
 * crashed mid-send). The claim is a lease: while it runs no other worker takes the rows. `eventColumns`
 * adds columns of the event (`e.`) to each row, e.g. sql`, e.subject_ids`.
 */
export async function claimDue<R extends ClaimedRow>(
  db: Db,
  tables: DeliveryTables,
  now: Date,
  leaseMs: number,
  limit: number,
  eventColumns: SQL = sql``,
): Promise<R[]> {
  const { deliveries, events } = tables;
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  return queryRows<R>(
    db,
    sql`with claimed as (
          update ${deliveries} d set status = 'sending', attempts = d.attempts + 1, due_at = ${lease}
          where d.id in (
            select id from ${deliveries}
            where status in ('pending', 'sending') and due_at <= ${now.toISOString()}
            order by due_at, id limit ${limit} for update skip locked)
          returning d.*)
        select c.*, e.type, e.position${eventColumns}, emp.email, emp.name, emp.language
        from claimed c
        join ${events} e on e.id = c.event_id
        join ${employees} emp on emp.id = c.employee_id
        order by c.company_id, c.employee_id, c.id`,
  );
}

/**
 * Is anything of this table waiting to be sent now, or claimed by a sender (which may have died and
 * whose rows a send loop must then take over)?
 */
export async function hasWork(db: Db, deliveries: PgTable, now: Date): Promise<boolean> {
  const [row] = await queryRows<{ due: boolean }>(
    db,
    sql`select exists (select 1 from ${deliveries}
          where status in ('pending', 'sending') and (due_at <= ${now.toISOString()} or status = 'sending')) as due`,
  );
  return row?.due ?? false;
}

/** Extends this sender's claim on the rows it still holds (those not settled or taken over). */
export async function renewClaims(db: Db, deliveries: PgTable, ids: number[], until: Date) {
  await db.execute(sql`update ${deliveries} set due_at = ${until.toISOString()}
    where id = any(${arrayParam(ids, 'bigint')}) and status = 'sending'`);
}

/**
 * When the earliest claim still held runs out, or null when nothing is claimed (the status is tested
 * twice so that the senders' partial index serves).
 */
export async function nextLeaseEnd(db: Db, deliveries: PgTable): Promise<Date | null> {
  const [row] = await queryRows<{ due_at: Date | string }>(
    db,
    sql`select due_at from ${deliveries} where status in ('pending', 'sending') and status = 'sending'
          order by due_at limit 1`,
  );
  return row ? new Date(row.due_at) : null;
}

/** When the earliest pending row due before `before` is due, or null when there is none. */
export async function nextDueBefore(db: Db, deliveries: PgTable, before: Date): Promise<Date | null> {
  const [row] = await queryRows<{ due_at: Date | string }>(
    db,
    sql`select due_at from ${deliveries} where status = 'pending' and due_at <= ${before.toISOString()}
          order by due_at limit 1`,
  );
  return row ? new Date(row.due_at) : null;
}

/** Makes every claim claimable now: their senders are known to be dead. */
export async function releaseClaims(db: Db, deliveries: PgTable, now: Date) {
  await db.execute(
    sql`update ${deliveries} set due_at = ${now.toISOString()} where status = 'sending' and due_at > ${now.toISOString()}`,
  );
}

export interface DeliveryOutcome {
  id: number;
  /** skipped: a reminder with nothing left to remind of; its row is removed. */
  status: 'sent' | 'pending' | 'bounced' | 'failed' | 'skipped';
  mailId: string | null;
  error: string | null;
  /** For pending (to retry): when. */
  dueAt: Date | null;
  /** The try did not count (the service asked to wait): its attempt is given back. */
  refund?: boolean;
}

/** A sent mail's log row (see mailLogRow) and the id the outcomes refer to it by. */
export type MailLog = ReturnType<typeof mailLogRow> & { id: string };

/**
 * Records outcomes, and the log rows of the mails they sent, in one statement (and one commit). Only
 * rows still claimed by this send are changed; bounced addresses are marked on the employee.
 */
export async function recordOutcomes(
  db: Db,
  deliveries: PgTable,
  all: DeliveryOutcome[],
  now: Date,
  logs: MailLog[] = [],
) {
  const outcomes = all.filter((o) => o.status !== 'skipped');
  const skipped = all.filter((o) => o.status === 'skipped').map((o) => o.id);
  if (skipped.length > 0)
    await db.execute(
      sql`delete from ${deliveries} where id = any(${arrayParam(skipped, 'bigint')}) and status = 'sending'`,
    );
  if (outcomes.length === 0 && logs.length === 0) return;
  const col = <T>(pick: (o: DeliveryOutcome) => T) => outcomes.map(pick);
  const ids = arrayParam(
    col((o) => o.id),
    'bigint',
  );
  const log = <T>(pick: (l: MailLog) => T) => logs.map(pick);
  const logged =
    logs.length === 0
      ? sql``
      : sql`with logged as (
          insert into ${mails} (id, company_id, kind, to_address, from_address, subject, html, text,
                                transport, status, message_id)
          select * from unnest(
            ${arrayParam(
              log((l) => l.id),
              'uuid',
            )}, ${arrayParam(
              log((l) => l.companyId),
              'uuid',
            )}, ${arrayParam(
              log((l) => l.kind),
              'text',
            )}, ${arrayParam(
              log((l) => l.toAddress),
              'text',
            )}, ${arrayParam(
              log((l) => l.fromAddress),
              'text',
            )}, ${arrayParam(
              log((l) => l.subject),
              'text',
            )}, ${arrayParam(
              log((l) => l.html),
              'text',
            )}, ${arrayParam(
              log((l) => l.text),
              'text',
            )}, ${arrayParam(
              log((l) => l.transport),
              'text',
            )}, ${arrayParam(
              log((l) => l.status),
              'text',
            )}, ${arrayParam(
              log((l) => l.messageId),
              'text',
            )}))`;
  await db.execute(sql`${logged}
    update ${deliveries} d set
      status = o.status,
      mail_id = coalesce(o.mail_id, d.mail_id),
      error = o.error,
      sent_at = case when delivery_reached(o.status) then ${now.toISOString()}::timestamptz else d.sent_at end,
      due_at = coalesce(o.due_at, d.due_at),
      attempts = d.attempts - o.refund
    from unnest(${ids}, ${arrayParam(
      col((o) => (o.refund ? 1 : 0)),
      'int',
    )}, ${arrayParam(
      col((o) => o.status),
      'text',
    )}, ${arrayParam(
      col((o) => o.mailId),
      'uuid',
    )}, ${arrayParam(
      col((o) => o.error),
      'text',
    )}, ${arrayParam(
      col((o) => o.dueAt?.toISOString() ?? null),
      'timestamptz',
    )}) as o(id, refund, status, mail_id, error, due_at)
    where d.id = any(${ids}) and d.id = o.id and d.status = 'sending'`);
  const bounced = outcomes.filter((o) => o.status === 'bounced').map((o) => o.id);
  if (bounced.length > 0)
    await db.execute(sql`
      update ${employees} emp set bounced_at = ${now.toISOString()}
      from ${deliveries} d where d.id = any(${arrayParam(bounced, 'bigint')}) and emp.id = d.employee_id`);
}
