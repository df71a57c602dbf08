import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { escapeLike, queryRows, type Db } from '../../db/client.ts';
import { employees } from '../../db/schema/index.ts';
import type { PeopleListing } from '../../lib/privacy.ts';
import type { CompanyScope } from '../../lib/scope.ts';

/**
 * A kind's delivery status, over its events and deliveries tables (db/schema/campaigns.ts): what every
 * event of a campaign became, and one page of an event per employee and channel.
 */
export interface CampaignDeliveryTables {
  events: PgTable;
  deliveries: PgTable;
  /** The events' column naming their campaign (`training_id`, `assessment_id`). */
  campaignId: AnyPgColumn;
}

/** Every event of a campaign (not cancelled) with its per-status counts; `eventColumns` adds `e.` columns. */
export async function campaignDeliveryEvents(
  db: Db,
  scope: CompanyScope,
  t: CampaignDeliveryTables,
  campaignId: string,
  eventColumns: SQL,
) {
  return queryRows<{
    id: string;
    type: 1 | 2;
    manual: boolean;
    send_at: Date;
    status: string;
    subject_ids: string[];
    pending: number;
    sent: number;
    bounced: number;
    failed: number;
  }>(
    db,
    sql`select e.id, e.type, e.manual, e.send_at, e.status, ${eventColumns} as subject_ids,
          count(d.id) filter (where d.status in ('pending', 'sending'))::int as pending,
          count(d.id) filter (where d.status = 'sent')::int as sent,
          count(d.id) filter (where d.status = 'bounced')::int as bounced,
          count(d.id) filter (where d.status = 'failed')::int as failed
        from ${t.events} e left join ${t.deliveries} d on d.event_id = e.id
        where e.${sql.identifier(t.campaignId.name)} = ${campaignId} and e.company_id = ${scope.companyId}
          and e.status <> 'cancelled'
        group by e.id order by e.send_at, e.type, e.position`,
  );
}

/** The event, when it is one of the campaign's. */
export async function campaignEvent(
  db: Db,
  scope: CompanyScope,
  t: CampaignDeliveryTables,
  campaignId: string,
  eventId: string,
) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from ${t.events} where id = ${eventId} and company_id = ${scope.companyId}
          and ${sql.identifier(t.campaignId.name)} = ${campaignId}`,
  );
  return row;
}

/** One page of an event's deliveries, one row per employee and channel (their latest round). */
export async function campaignDeliveryUsers(
  db: Db,
  scope: CompanyScope,
  deliveries: PgTable,
  eventId: string,
  f: PeopleListing & { status?: string | undefined; limit: number; offset: number },
) {
  const search = f.q ? sql`and (emp.email || ' ' || emp.name) ilike ${`%${escapeLike(f.q)}%`}` : sql``;
  const status = f.status
    ? f.status === 'pending'
      ? sql`and d.status in ('pending', 'sending')`
      : sql`and d.status = ${f.status}`
    : sql``;
  const base = sql`from (select distinct on (employee_id, channel) * from ${deliveries}
      where event_id = ${eventId} and company_id = ${scope.companyId}
      order by employee_id, channel, round desc) d
    join ${employees} emp on emp.id = d.employee_id
    where true ${search} ${status}`;
  const [rows, [count]] = await Promise.all([
    queryRows<{
      email: string;
      name: string;
      status: string;
      sent_at: Date | null;
      attempts: number;
      error: string | null;
      channel: number;
    }>(
      db,
      sql`select emp.email, emp.name, d.status, d.sent_at, d.attempts, d.error, d.channel ${base}
          order by ${f.pseudonymous ? sql`emp.id` : sql`emp.name, emp.email`}, d.channel limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${base}`),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Fails a company's deliveries on a channel that wait to be sent (not those a sender holds). */
export async function failPendingOn(
  db: Db,
  scope: CompanyScope,
  deliveries: PgTable,
  channel: number,
  reason: string,
) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${deliveries} set status = 'failed', error = ${reason}
        where company_id = ${scope.companyId} and channel = ${channel} and status = 'pending'
        returning id`,
  );
  return rows.length;
}
