import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLike, queryRows, toIso, type Db } from '../../db/client.ts';
import {
  employeeLists,
  employees,
  phishingCampaigns,
  phishingDeliveries,
  phishingInteractions,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

/**
 * The results' SQL. Each figure is aggregated here, over one row per employee's mail with the first time
 * of each interaction (`outcomes`), read from the tracking table (phishing_interactions, owned by
 * phishing-tracking) by campaign. A `clicked` row's time is when the person was confirmed
 * (`confirmed_at`), else when it was recorded. The rates are computed from these counts by the service
 * (`phishingRate`), so the rule of a rate lives once.
 */

/** The first time of each interaction per mail of one simulation, and its scanner requests. */
const firstTimes = (scope: CompanyScope, campaignId: string, employeeId?: string) => sql`
  select i.delivery_id,
    min(i.at) filter (where i.kind = 'opened') as opened_at,
    min(coalesce(i.confirmed_at, i.at)) filter (where i.kind = 'clicked') as clicked_at,
    min(i.at) filter (where i.kind = 'submitted') as submitted_at,
    min(i.at) filter (where i.kind = 'reported') as reported_at,
    (count(*) filter (where i.kind = 'scanner'))::int as scanner
  from ${phishingInteractions} i
  where i.company_id = ${scope.companyId} and i.campaign_id = ${campaignId}
    ${employeeId ? sql`and i.employee_id = ${employeeId}` : sql``}
  group by i.delivery_id`;

/**
 * Every mail of a simulation with its outcome (one per employee): `sent` is whether it went out,
 * `prone` whether its employee clicked or submitted.
 */
const outcomes = (scope: CompanyScope, campaignId: string, employeeId?: string) => sql`
  select d.id as delivery_id, d.employee_id, d.template_id, d.list_ids, d.department, d.status, d.due_at,
    d.sent_at, d.status = 'sent' as sent,
    f.opened_at, f.clicked_at, f.submitted_at, f.reported_at, coalesce(f.scanner, 0) as scanner,
    (f.clicked_at is not null or f.submitted_at is not null) is true as prone
  from ${phishingDeliveries} d
  left join (${firstTimes(scope, campaignId, employeeId)}) f on f.delivery_id = d.id
  where d.company_id = ${scope.companyId} and d.campaign_id = ${campaignId}
    ${employeeId ? sql`and d.employee_id = ${employeeId}` : sql``}`;

/** The counts of a group of mails, people not requests; the rates are of those sent. */
export interface GroupCounts {
  recipients: number;
  clicked: number;
  submitted: number;
  reported: number;
  prone: number;
  opened: number;
  scannedOnly: number;
  /** Scanner requests of every mail of the group, sent or not. */
  scannerEvents: number;
}

export interface FigureRow extends GroupCounts {
  dim: 'total' | 'list' | 'department' | 'template';
  key: string;
}

const countColumns = sql`
  count(*) filter (where sent)::int as recipients,
  count(*) filter (where sent and clicked_at is not null)::int as clicked,
  count(*) filter (where sent and submitted_at is not null)::int as submitted,
  count(*) filter (where sent and reported_at is not null)::int as reported,
  count(*) filter (where sent and prone)::int as prone,
  count(*) filter (where sent and opened_at is not null)::int as opened,
  count(*) filter (where sent and scanner > 0 and not prone)::int as scanned_only,
  coalesce(sum(scanner), 0)::int as scanner_events`;

type RawCounts = Omit<GroupCounts, 'scannedOnly' | 'scannerEvents'> & {
  scanned_only: number;
  scanner_events: number;
};
const countsOf = ({ scanned_only, scanner_events, ...r }: RawCounts): GroupCounts => ({
  ...r,
  scannedOnly: scanned_only,
  scannerEvents: scanner_events,
});

/**
 * A simulation's counts in one pass over its mails: the total, and per list (a mail counts in each list
 * it reached its employee through), department and template.
 */
export async function figureRows(db: Db, scope: CompanyScope, campaignId: string): Promise<FigureRow[]> {
  const rows = await queryRows<RawCounts & { dim: FigureRow['dim']; key: string }>(
    db,
    sql`with o as materialized (${outcomes(scope, campaignId)})
        select dim, key, ${countColumns}
        from (
          select 'total' as dim, '' as key, o.* from o
          union all select 'department', o.department, o.* from o
          union all select 'template', o.template_id, o.* from o
          union all select 'list', l.id::text, o.* from o cross join unnest(o.list_ids) as l(id)
        ) g
        group by dim, key`,
  );
  return rows.map(({ dim, key, ...counts }) => ({ dim, key, ...countsOf(counts) }));
}

/** Seconds from the first mail out to the first report, and the median of each mail's time to its report. */
export async function reportTimes(db: Db, scope: CompanyScope, campaignId: string) {
  const [row] = await queryRows<{ first: number | string | null; median: number | string | null }>(
    db,
    sql`with o as (${outcomes(scope, campaignId)})
        select round(extract(epoch from min(reported_at) filter (where sent) - min(sent_at) filter (where sent))) as first,
          percentile_cont(0.5) within group (order by round(extract(epoch from reported_at - sent_at)))
            filter (where sent and reported_at is not null) as median
        from o`,
  );
  const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return { first: num(row?.first), median: num(row?.median) };
}

export type DayKind = 'sent' | 'opened' | 'clicked' | 'submitted' | 'reported' | 'scanner';

/**
 * Per day in `timeZone` (YYYY-MM-DD): mails sent, employees whose first open, click, submission or
 * report fell on it, and scanner requests (each request on its own day, so the days add up to the total).
 */
export async function dayCounts(db: Db, scope: CompanyScope, campaignId: string, timeZone: string) {
  const day = (at: SQL) => sql`to_char(${at} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return queryRows<{ day: string; kind: DayKind; n: number }>(
    db,
    sql`with f as (${firstTimes(scope, campaignId)})
        select day, kind, count(*)::int as n from (
          select ${day(sql`d.sent_at`)} as day, 'sent' as kind from ${phishingDeliveries} d
            where d.company_id = ${scope.companyId} and d.campaign_id = ${campaignId}
              and d.status = 'sent' and d.sent_at is not null
          union all select ${day(sql`f.opened_at`)}, 'opened' from f where f.opened_at is not null
          union all select ${day(sql`f.clicked_at`)}, 'clicked' from f where f.clicked_at is not null
          union all select ${day(sql`f.submitted_at`)}, 'submitted' from f where f.submitted_at is not null
          union all select ${day(sql`f.reported_at`)}, 'reported' from f where f.reported_at is not null
          union all select ${day(sql`i.at`)}, 'scanner' from ${phishingInteractions} i
            where i.company_id = ${scope.companyId} and i.campaign_id = ${campaignId} and i.kind = 'scanner'
        ) x
        group by day, kind`,
  );
}

/**
 * The simulation's employees who clicked or submitted and did so in `min` or more of the company's
 * simulations, with how many, most first.
 */
export async function repeatClickers(db: Db, scope: CompanyScope, campaignId: string, min: number) {
  return queryRows<{ employee_id: string; name: string; email: string; clicks: number }>(
    db,
    sql`with prone as (
          select distinct d.employee_id from ${phishingDeliveries} d
          join ${phishingInteractions} i on i.delivery_id = d.id and i.kind in ('clicked', 'submitted')
          where d.company_id = ${scope.companyId} and d.campaign_id = ${campaignId} and d.status = 'sent'),
        counted as (
          select i.employee_id, count(distinct i.campaign_id)::int as clicks
          from ${phishingInteractions} i
          where i.company_id = ${scope.companyId} and i.kind in ('clicked', 'submitted')
            and i.employee_id in (select employee_id from prone)
          group by i.employee_id having count(distinct i.campaign_id) >= ${min})
        select c.employee_id, coalesce(e.name, '') as name, coalesce(e.email, '') as email, c.clicks
        from counted c
        left join ${employees} e on e.id = c.employee_id and e.company_id = ${scope.companyId}
        order by c.clicks desc, c.employee_id`,
  );
}

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

function normalise<T extends MailOutcome>(rows: T[]): T[] {
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

/** Which mails the employees table shows (`PHISHING_EMPLOYEE_OUTCOMES`). */
const OUTCOME_FILTERS = {
  all: sql`true`,
  notSent: sql`not o.sent`,
  sent: sql`o.sent`,
  opened: sql`o.opened_at is not null`,
  clicked: sql`o.clicked_at is not null`,
  submitted: sql`o.submitted_at is not null`,
  reported: sql`o.reported_at is not null`,
  scannedOnly: sql`o.scanner > 0 and not o.prone`,
} as const;

/** The employees table's orders; a missing time sorts before any in ascending order. */
const ORDER_KEYS = {
  name: sql`lower(e.name)`,
  email: sql`e.email`,
  sent: sql`case when o.sent then o.sent_at end`,
  clicked: sql`o.clicked_at`,
  reported: sql`o.reported_at`,
} as const;

export interface EmployeeOutcomeQuery {
  outcome: keyof typeof OUTCOME_FILTERS;
  listId?: string | undefined;
  /** Searches names and emails; the caller drops it under anonymous tracking. */
  q?: string | undefined;
  order: keyof typeof ORDER_KEYS;
  direction: 'asc' | 'desc';
  /** Ties by employee id instead of email (anonymous tracking). */
  pseudonymous: boolean;
  /** A page; every row when absent (the CSV). */
  page?: { limit: number; offset: number };
}

export type EmployeeOutcome = MailOutcome & { name: string; email: string };

/** A page of a simulation's mails with their employees, filtered and ordered in SQL, and how many match. */
export async function employeeOutcomes(
  db: Db,
  scope: CompanyScope,
  campaignId: string,
  query: EmployeeOutcomeQuery,
): Promise<{ rows: EmployeeOutcome[]; total: number }> {
  const where = [OUTCOME_FILTERS[query.outcome]];
  if (query.listId) where.push(sql`${query.listId}::uuid = any(o.list_ids)`);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    where.push(sql`(e.name ilike ${pattern} or e.email ilike ${pattern})`);
  }
  const asc = query.direction === 'asc';
  const tie = query.pseudonymous ? sql`o.employee_id` : sql`e.email`;
  const order = sql`${ORDER_KEYS[query.order]} ${asc ? sql`asc nulls first` : sql`desc nulls last`}, ${tie} asc`;
  const limit = query.page ? sql`limit ${query.page.limit} offset ${query.page.offset}` : sql``;
  const filtered = sql`from (${outcomes(scope, campaignId)}) o
    left join ${employees} e on e.id = o.employee_id and e.company_id = ${scope.companyId}
    where ${sql.join(where, sql` and `)}`;
  const found = await queryRows<EmployeeOutcome & { total: number }>(
    db,
    sql`select o.*, coalesce(e.name, '') as name, coalesce(e.email, '') as email, count(*) over ()::int as total
        ${filtered} order by ${order} ${limit}`,
  );
  const rows = normalise(found.map(({ total: _, ...row }) => row));
  if (found.length > 0 || !query.page?.offset) return { rows, total: found[0]?.total ?? 0 };
  // A page past the last match carries no total: count the matches alone.
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${filtered}`);
  return { rows, total: counted?.n ?? 0 };
}

/** One employee's mail of a simulation with its outcome, or undefined. */
export async function outcomeOf(db: Db, scope: CompanyScope, campaignId: string, employeeId: string) {
  const rows = normalise(
    await queryRows<MailOutcome>(db, sql`select * from (${outcomes(scope, campaignId, employeeId)}) o`),
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

/** One employee's simulations: when their mail went out and when they first opened, clicked, submitted, reported. */
export async function simulationsOfEmployee(db: Db, scope: CompanyScope, employeeId: string) {
  const rows = await queryRows<{
    campaign_id: string;
    name: string;
    status: string;
    sent_at: string | null;
    opened_at: string | null;
    clicked_at: string | null;
    submitted_at: string | null;
    reported_at: string | null;
  }>(
    db,
    sql`select d.campaign_id, c.name, d.status, d.sent_at,
          min(i.at) filter (where i.kind = 'opened') as opened_at,
          min(coalesce(i.confirmed_at, i.at)) filter (where i.kind = 'clicked') as clicked_at,
          min(i.at) filter (where i.kind = 'submitted') as submitted_at,
          min(i.at) filter (where i.kind = 'reported') as reported_at
        from ${phishingDeliveries} d
        join ${phishingCampaigns} c on c.id = d.campaign_id and c.company_id = ${scope.companyId}
        left join ${phishingInteractions} i on i.delivery_id = d.id and i.company_id = ${scope.companyId}
        where d.company_id = ${scope.companyId} and d.employee_id = ${employeeId}
        group by d.id, c.name
        order by d.sent_at desc nulls first, d.id desc`,
  );
  return rows.map((r) => ({
    ...r,
    sent_at: toIso(r.sent_at),
    opened_at: toIso(r.opened_at),
    clicked_at: toIso(r.clicked_at),
    submitted_at: toIso(r.submitted_at),
    reported_at: toIso(r.reported_at),
  }));
}
