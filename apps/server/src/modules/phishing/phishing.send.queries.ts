import { inArray, sql } from 'drizzle-orm';
import { arrayParam, queryRows, type Db } from '../../db/client.ts';
import {
  employees,
  listMembers,
  phishingCampaignLists,
  phishingCampaigns,
  phishingDeliveries,
  phishingEvents,
  phishingSenderProfiles,
} from '../../db/schema/index.ts';
import { claimDue, type ClaimedRow, type DeliveryTables } from '../delivery/delivery.send.ts';

/**
 * The phishing engine's SQL. Work across companies (the dispatch tick, the send loop's claim) is named
 * so; each statement names the campaign or the rows it claimed.
 */

export const PHISHING_TABLES: DeliveryTables = { deliveries: phishingDeliveries, events: phishingEvents };

export interface StartedPhishingEvent {
  id: string;
  campaign_id: string;
}

/** Marks due first sends of live simulations as sending and returns them; locked rows are another worker's. */
export async function startDueEventsAcrossCompanies(db: Db, now: Date, limit: number) {
  return queryRows<StartedPhishingEvent>(
    db,
    sql`update ${phishingEvents} e set status = 'sending', started_at = ${now.toISOString()}
        where e.id in (
          select ev.id from ${phishingEvents} ev
          join ${phishingCampaigns} c on c.id = ev.campaign_id
          where ev.status = 'scheduled' and ev.send_at <= ${now.toISOString()}
            and c.status in ('scheduled', 'active')
          order by ev.send_at limit ${limit} for update of ev skip locked)
        returning e.id, e.campaign_id`,
  );
}

export type CampaignRecord = typeof phishingCampaigns.$inferSelect;

export async function campaignsByIdsAcrossCompanies(db: Db, ids: string[]): Promise<CampaignRecord[]> {
  if (ids.length === 0) return [];
  return db.select().from(phishingCampaigns).where(inArray(phishingCampaigns.id, ids));
}

export interface Newcomer {
  employee_id: string;
  list_ids: string[];
  department: string;
  language: string | null;
}

/**
 * The members of a simulation's lists who have no mail of it yet (and whose address has not bounced),
 * with the lists they are reached through, their department and language.
 */
export async function unreachedMembers(db: Db, campaignId: string): Promise<Newcomer[]> {
  return queryRows<Newcomer>(
    db,
    sql`select m.employee_id, array_agg(distinct m.list_id) as list_ids, emp.unit as department,
          emp.language
        from ${phishingCampaignLists} cl
        join ${listMembers} m on m.list_id = cl.list_id
        join ${employees} emp on emp.id = m.employee_id and emp.bounced_at is null
        where cl.campaign_id = ${campaignId}
          and not exists (select 1 from ${phishingDeliveries} d
                          where d.campaign_id = ${campaignId} and d.employee_id = m.employee_id)
        group by m.employee_id, emp.unit, emp.language`,
  );
}

export interface NewDelivery {
  employeeId: string;
  dueAt: Date;
  templateId: string;
  mailLanguage: string;
  listIds: string[];
  department: string;
}

/** Writes the deliveries of one event (one mail per employee, by email), skipping any already there. */
export async function insertDeliveries(
  db: Db,
  event: { id: string; campaignId: string; companyId: string },
  rows: NewDelivery[],
) {
  if (rows.length === 0) return;
  // list_ids travel as one text per row ("{a,b}"), since unnest flattens a two-dimensional array.
  await db.execute(sql`
    insert into ${phishingDeliveries}
      (event_id, campaign_id, company_id, employee_id, channel, due_at, template_id, mail_language,
       list_ids, department)
    select ${event.id}::uuid, ${event.campaignId}::uuid, ${event.companyId}::uuid, r.employee_id, 1,
      r.due_at, r.template_id, r.mail_language, r.list_ids::uuid[], r.department
    from unnest(${arrayParam(
      rows.map((r) => r.employeeId),
      'uuid',
    )}, ${arrayParam(
      rows.map((r) => r.dueAt.toISOString()),
      'timestamptz',
    )}, ${arrayParam(
      rows.map((r) => r.templateId),
      'text',
    )}, ${arrayParam(
      rows.map((r) => r.mailLanguage),
      'text',
    )}, ${arrayParam(
      rows.map((r) => `{${r.listIds.join(',')}}`),
      'text',
    )}, ${arrayParam(
      rows.map((r) => r.department),
      'text',
    )}) as r(employee_id, due_at, template_id, mail_language, list_ids, department)
    on conflict do nothing`);
}

/** Scheduled simulations whose first send has started are active from then on; returns them. */
export async function activateStartedAcrossCompanies(db: Db, now: Date) {
  return queryRows<{ id: string }>(
    db,
    sql`update ${phishingCampaigns} c set status = 'active',
          started_at = coalesce(c.started_at, ${now.toISOString()}), updated_at = ${now.toISOString()}
        where c.status = 'scheduled'
          and exists (select 1 from ${phishingEvents} e
                      where e.campaign_id = c.id and e.type = 1 and e.status in ('sending', 'sent'))
        returning c.id`,
  );
}

/** Running simulations whose window is still open: newcomers of their lists are sent to as well. */
export async function openWindowsAcrossCompanies(db: Db, now: Date) {
  return queryRows<{ id: string; event_id: string }>(
    db,
    sql`select c.id, (select e.id from ${phishingEvents} e where e.campaign_id = c.id and e.type = 1
                       and e.status in ('sending', 'sent') order by e.position desc limit 1) as event_id
        from ${phishingCampaigns} c
        where c.status = 'active' and c.window_end > ${now.toISOString()}`,
  );
}

/** Events with nothing left to send are sent. */
export async function closeSentEventsAcrossCompanies(db: Db, now: Date) {
  await db.execute(sql`
    update ${phishingEvents} e set status = 'sent', sent_at = ${now.toISOString()}
    where e.status = 'sending'
      and not exists (select 1 from ${phishingDeliveries} d
                      where d.event_id = e.id and d.status in ('pending', 'sending'))`);
}

/**
 * Running simulations whose tracking time is over (the window's end plus `tracking_days`) are
 * completed, with nothing left to send. Returns them.
 */
export async function completeFinishedAcrossCompanies(db: Db, now: Date) {
  return queryRows<{ id: string }>(
    db,
    sql`update ${phishingCampaigns} c set status = 'completed', completed_at = ${now.toISOString()},
          updated_at = ${now.toISOString()}
        where c.status = 'active' and c.window_end is not null
          and c.window_end + make_interval(days => c.tracking_days) <= ${now.toISOString()}
          and not exists (select 1 from ${phishingDeliveries} d
                          where d.campaign_id = c.id and d.status in ('pending', 'sending'))
        returning c.id`,
  );
}

/**
 * The next occurrence of a recurring simulation: a copy `months` later, scheduled, with its lists and
 * its first send; made once (`recurrence_of`). Returns its id, or null when it exists already.
 */
export async function insertRecurrence(
  db: Db,
  campaignId: string,
  next: { windowStart: Date; windowEnd: Date },
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into ${phishingCampaigns} (company_id, name, status, channel, template_mode, template_ids,
          window_start, window_days, hours_from, hours_to, weekdays_only, time_zone, window_end,
          landing_page_id, sender_profile_id, on_click, enrol_program_id, recurrence, recurrence_of,
          tracking_days, created_by)
        select c.company_id, c.name, 'scheduled', c.channel, c.template_mode, c.template_ids,
          ${next.windowStart.toISOString()}, c.window_days, c.hours_from, c.hours_to, c.weekdays_only,
          c.time_zone, ${next.windowEnd.toISOString()}, c.landing_page_id, c.sender_profile_id, c.on_click,
          c.enrol_program_id, c.recurrence, c.id, c.tracking_days, c.created_by
        from ${phishingCampaigns} c
        where c.id = ${campaignId} and c.recurrence <> 'none'
          and not exists (select 1 from ${phishingCampaigns} n where n.recurrence_of = c.id)
        returning id`,
  );
  if (!row) return null;
  await db.execute(sql`insert into ${phishingCampaignLists} (campaign_id, list_id, company_id)
    select ${row.id}::uuid, l.list_id, l.company_id from ${phishingCampaignLists} l
    where l.campaign_id = ${campaignId}`);
  await db.execute(sql`insert into ${phishingEvents} (company_id, campaign_id, type, position, send_at)
    select c.company_id, c.id, 1, 0, c.window_start from ${phishingCampaigns} c where c.id = ${row.id}`);
  return row.id;
}

export interface ClaimedPhishingDelivery extends ClaimedRow {
  campaign_id: string;
  template_id: string;
  mail_language: string;
}

export const claimPhishingDeliveries = (db: Db, now: Date, leaseMs: number, limit: number) =>
  claimDue<ClaimedPhishingDelivery>(db, PHISHING_TABLES, now, leaseMs, limit);

export async function senderProfilesByIdsAcrossCompanies(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(phishingSenderProfiles).where(inArray(phishingSenderProfiles.id, ids));
}

/** The company's first sender profile per company (the default of a simulation without one). */
export async function firstSenderProfilesAcrossCompanies(db: Db, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  return queryRows<{ company_id: string; domain: string; display_name: string | null }>(
    db,
    sql`select distinct on (p.company_id) p.company_id, p.domain, p.display_name
        from ${phishingSenderProfiles} p
        where p.company_id = any(${arrayParam(companyIds, 'uuid')})
        order by p.company_id, p.created_at, p.id`,
  );
}
