import { and, eq, inArray, sql } from 'drizzle-orm';
import { arrayParam, queryRows, toIso, type Db } from '../../db/client.ts';
import {
  employeeLists,
  employees,
  phishingCampaigns,
  phishingDeliveries,
  phishingInteractions,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

/**
 * The results' SQL: one row per employee's mail with the first time of each interaction, read from the
 * tracking table (phishing_interactions, owned by phishing-tracking) by campaign. A `clicked` row's
 * time is when the person was confirmed (`confirmed_at`), else when it was recorded.
 */

export interface MailOutcome {
  delivery_id: number;
  employee_id: string;
  template_id: string;
  list_ids: string[];
  department: string;
  status: string;
  due_at: string | null;
  sent_at: string | null;
  opened_at: string | null;
  clicked_at: string | null;
  submitted_at: string | null;
  reported_at: string | null;
  scanner: number;
}

const outcomeColumns = sql`d.id as delivery_id, d.employee_id, d.template_id, d.list_ids, d.department,
  d.status, d.due_at, d.sent_at,
  min(i.at) filter (where i.kind = 'opened') as opened_at,
  min(coalesce(i.confirmed_at, i.at)) filter (where i.kind = 'clicked') as clicked_at,
  min(i.at) filter (where i.kind = 'submitted') as submitted_at,
  min(i.at) filter (where i.kind = 'reported') as reported_at,
  (count(i.id) filter (where i.kind = 'scanner'))::int as scanner`;

function normalise(rows: MailOutcome[]): MailOutcome[] {
  return rows.map((r) => ({
    ...r,
    delivery_id: Number(r.delivery_id),
    list_ids: typeof r.list_ids === 'string' ? parseArray(r.list_ids) : r.list_ids,
    due_at: toIso(r.due_at),
    sent_at: toIso(r.sent_at),
    opened_at: toIso(r.opened_at),
    clicked_at: toIso(r.clicked_at),
    submitted_at: toIso(r.submitted_at),
    reported_at: toIso(r.reported_at),
  }));
}

const parseArray = (text: string) =>
  text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);

/** Every mail of a simulation with its outcome (one per employee). */
export async function outcomesOf(db: Db, scope: CompanyScope, campaignId: string): Promise<MailOutcome[]> {
  return normalise(
    await queryRows<MailOutcome>(
      db,
      sql`select ${outcomeColumns}
          from ${phishingDeliveries} d
          left join ${phishingInteractions} i on i.delivery_id = d.id
          where d.company_id = ${scope.companyId} and d.campaign_id = ${campaignId}
          group by d.id`,
    ),
  );
}

/** One employee's mail of a simulation with its outcome, or undefined. */
export async function outcomeOf(db: Db, scope: CompanyScope, campaignId: string, employeeId: string) {
  const rows = normalise(
    await queryRows<MailOutcome>(
      db,
      sql`select ${outcomeColumns}
          from ${phishingDeliveries} d
          left join ${phishingInteractions} i on i.delivery_id = d.id
          where d.company_id = ${scope.companyId} and d.campaign_id = ${campaignId}
            and d.employee_id = ${employeeId}
          group by d.id`,
    ),
  );
  return rows[0];
}

/** An employee's interactions with one mail, in time order. */
export async function interactionsOf(db: Db, scope: CompanyScope, deliveryId: number) {
  return db
    .select({
      kind: phishingInteractions.kind,
      at: phishingInteractions.at,
      confirmedAt: phishingInteractions.confirmedAt,
      reason: phishingInteractions.scannerReason,
    })
    .from(phishingInteractions)
    .where(
      and(
        eq(phishingInteractions.companyId, scope.companyId),
        eq(phishingInteractions.deliveryId, deliveryId),
      ),
    )
    .orderBy(phishingInteractions.at, phishingInteractions.id);
}

/** Names and emails of employees of the company. */
export async function peopleByIds(db: Db, scope: CompanyScope, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; email: string }>();
  const rows = await db
    .select({ id: employees.id, name: employees.name, email: employees.email })
    .from(employees)
    .where(and(eq(employees.companyId, scope.companyId), inArray(employees.id, ids)));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}

/** Names of the company's lists. */
export async function listNames(db: Db, scope: CompanyScope, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: employeeLists.id, name: employeeLists.name })
    .from(employeeLists)
    .where(and(eq(employeeLists.companyId, scope.companyId), inArray(employeeLists.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Of `employeeIds`, how many simulations of the company each clicked in (those with two or more). */
export async function repeatClicks(db: Db, scope: CompanyScope, employeeIds: string[], min: number) {
  if (employeeIds.length === 0) return [];
  return queryRows<{ employee_id: string; clicks: number }>(
    db,
    sql`select i.employee_id, count(distinct i.campaign_id)::int as clicks
        from ${phishingInteractions} i
        where i.company_id = ${scope.companyId} and i.kind in ('clicked', 'submitted')
          and i.employee_id = any(${arrayParam(employeeIds, 'uuid')})
        group by i.employee_id having count(distinct i.campaign_id) >= ${min}
        order by clicks desc, i.employee_id`,
  );
}

/**
 * Per simulation of the company started since `since`: employees sent to, those who clicked or
 * submitted, those who reported, and when it started (for the dashboard's months).
 */
export async function companyFigures(db: Db, scope: CompanyScope, since: Date) {
  return queryRows<{ id: string; started_at: string; sent: number; prone: number; reported: number }>(
    db,
    sql`select c.id, c.started_at,
          (select count(distinct d.employee_id) from ${phishingDeliveries} d
            where d.campaign_id = c.id and d.status = 'sent')::int as sent,
          (select count(distinct i.employee_id) from ${phishingInteractions} i
            where i.campaign_id = c.id and i.kind in ('clicked', 'submitted'))::int as prone,
          (select count(distinct i.employee_id) from ${phishingInteractions} i
            where i.campaign_id = c.id and i.kind = 'reported')::int as reported
        from ${phishingCampaigns} c
        where c.company_id = ${scope.companyId} and c.started_at >= ${since.toISOString()}
        order by c.started_at`,
  );
}

/** One employee's simulations: when their mail went out and what they did with it. */
export async function employeeOutcomes(db: Db, scope: CompanyScope, employeeId: string) {
  return queryRows<{
    campaign_id: string;
    name: string;
    status: string;
    sent_at: string | null;
    clicked: boolean;
    submitted: boolean;
    reported: boolean;
  }>(
    db,
    sql`select d.campaign_id, c.name, d.status, d.sent_at,
          bool_or(i.kind = 'clicked') is true as clicked,
          bool_or(i.kind = 'submitted') is true as submitted,
          bool_or(i.kind = 'reported') is true as reported
        from ${phishingDeliveries} d
        join ${phishingCampaigns} c on c.id = d.campaign_id
        left join ${phishingInteractions} i on i.delivery_id = d.id
        where d.company_id = ${scope.companyId} and d.employee_id = ${employeeId}
        group by d.id, c.name
        order by d.sent_at desc nulls first, d.id desc`,
  );
}
