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

export type DayKind = 'sent' | 'opened' | 'clicked' | 'submitted' | 'reported' | 'scanner';

export interface ResultFigures {
  groups: FigureRow[];
  /** Per day (YYYY-MM-DD in the time zone) and kind, how many. */
  days: { day: string; kind: DayKind; n: number }[];
  /** Seconds from the first mail out to the first report. */
  firstReportSeconds: number | null;
  /** The median of each sent mail's seconds from its sending to its report. */
  medianReportSeconds: number | null;
}

const groupSums = sql`json_build_object('recipients', sum(recipients), 'clicked', sum(clicked),
  'submitted', sum(submitted), 'reported', sum(reported), 'prone', sum(prone), 'opened', sum(opened),
  'scannedOnly', sum(scanned_only), 'scannerEvents', sum(scanner_events))`;

/**
 * A simulation's figures in one statement, each table read once: the interactions of the simulation
 * (`i`), each mail's first times (`f`), and the mails counted per department, template, lists and day
 * sent (`g`, a few hundred rows however many mails), from which the total, the breakdowns (a mail
 * counts in each list it reached its employee through) and the sent days are summed. The other days
 * count each mail's first open, click, submission and report, and every scanner request on its own
 * day (in `timeZone`), so the days add up to the totals. The counts are `int`: with narrower rows the
 * planner groups the mails in a hash instead of sorting all of them first (a third of the time at
 * 100 000 mails).
 */
export async function resultFigures(
  db: Db,
  scope: CompanyScope,
  campaignId: string,
  timeZone: string,
): Promise<ResultFigures> {
  // Grouped by the date, written as text only once per group.
  const day = (at: SQL) => sql`(${at} at time zone ${timeZone})::date`;
  const rows = await queryRows<{ part: string; dim: string; key: string; v: Record<string, unknown> }>(
    db,
    sql`with i as materialized (
          select i.delivery_id, i.kind, i.at, i.confirmed_at from ${phishingInteractions} i
          where i.company_id = ${scope.companyId} and i.campaign_id = ${campaignId}),
        f as (
          select delivery_id,
            min(at) filter (where kind = 'opened') as opened_at,
            min(coalesce(confirmed_at, at)) filter (where kind = 'clicked') as clicked_at,
            min(at) filter (where kind = 'submitted') as submitted_at,
            min(at) filter (where kind = 'reported') as reported_at,
            count(*) filter (where kind = 'scanner')::int as scanner
          from i group by delivery_id),
        o as (
          select d.department, d.template_id, d.list_ids, d.sent_at, d.status = 'sent' as sent,
            f.opened_at, f.clicked_at, f.submitted_at, f.reported_at, coalesce(f.scanner, 0) as scanner,
            (f.clicked_at is not null or f.submitted_at is not null) is true as prone
          from ${phishingDeliveries} d left join f on f.delivery_id = d.id
          where d.company_id = ${scope.companyId} and d.campaign_id = ${campaignId}),
        g as materialized (
          select department, template_id, list_ids, ${day(sql`sent_at`)} as sent_day,
            count(*) filter (where sent)::int as recipients,
            count(*) filter (where sent and clicked_at is not null)::int as clicked,
            count(*) filter (where sent and submitted_at is not null)::int as submitted,
            count(*) filter (where sent and reported_at is not null)::int as reported,
            count(*) filter (where sent and prone)::int as prone,
            count(*) filter (where sent and opened_at is not null)::int as opened,
            count(*) filter (where sent and scanner > 0 and not prone)::int as scanned_only,
            sum(scanner)::int as scanner_events,
            min(sent_at) filter (where sent) as first_sent,
            min(reported_at) filter (where sent) as first_report
          from o group by 1, 2, 3, 4)
        select 'group' as part,
          case when grouping(department) = 0 then 'department'
            when grouping(template_id) = 0 then 'template' else 'total' end as dim,
          coalesce(department, template_id, '') as key, ${groupSums} as v
        from g group by grouping sets ((), (department), (template_id))
        union all
        select 'group', 'list', l.id::text, ${groupSums}
        from g cross join unnest(g.list_ids) as l(id) group by l.id
        union all
        select 'day', 'sent', to_char(sent_day, 'YYYY-MM-DD'), json_build_object('n', sum(recipients))
        from g where sent_day is not null group by sent_day having sum(recipients) > 0
        union all
        select 'day', kind, to_char(day, 'YYYY-MM-DD'), json_build_object('n', count(*)) from (
          select ${day(sql`x.at`)} as day, x.kind from f
          cross join lateral (values ('opened', f.opened_at), ('clicked', f.clicked_at),
            ('submitted', f.submitted_at), ('reported', f.reported_at)) as x(kind, at)
          where x.at is not null
          union all
          select ${day(sql`at`)}, 'scanner' from i where kind = 'scanner') as y
        group by kind, day
        union all
        select 'times', '', '', json_build_object(
          'first', (select round(extract(epoch from min(first_report) - min(first_sent))) from g),
          'median', percentile_cont(0.5) within group (order by round(extract(epoch from f.reported_at - d.sent_at))))
        from f join ${phishingDeliveries} d on d.id = f.delivery_id
        where f.reported_at is not null and d.status = 'sent' and d.company_id = ${scope.companyId}`,
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const figures: ResultFigures = {
    groups: [],
    days: [],
    firstReportSeconds: null,
    medianReportSeconds: null,
  };
  for (const { part, dim, key, v } of rows) {
    if (part === 'group') {
      const counts = Object.fromEntries(Object.entries(v).map(([k, n]) => [k, Number(n ?? 0)]));
      figures.groups.push({ dim: dim as FigureRow['dim'], key, ...(counts as unknown as GroupCounts) });
    } else if (part === 'day') figures.days.push({ day: key, kind: dim as DayKind, n: Number(v.n) });
    else {
      figures.firstReportSeconds = num(v.first);
      figures.medianReportSeconds = num(v.median);
    }
  }
  return figures;
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

/** Which mails the employees table shows (`PHISHING_EMPLOYEE_OUTCOMES`); `o` is the mail. */
const OUTCOME_FILTERS = {
  all: sql`true`,
  notSent: sql`o.status <> 'sent'`,
  sent: sql`o.status = 'sent'`,
  opened: sql`o.opened_at is not null`,
  clicked: sql`o.clicked_at is not null`,
  submitted: sql`o.submitted_at is not null`,
  reported: sql`o.reported_at is not null`,
  scannedOnly: sql`o.scanner > 0 and not o.prone`,
} as const;

/** The orders by a time of the mail (`m`); a missing time sorts before any in ascending order. */
const TIME_ORDERS = {
  sent: (m: SQL) => sql`case when ${m}.status = 'sent' then ${m}.sent_at end`,
  clicked: (m: SQL) => sql`${m}.clicked_at`,
  reported: (m: SQL) => sql`${m}.reported_at`,
} as const;

export interface EmployeeOutcomeQuery {
  outcome: keyof typeof OUTCOME_FILTERS;
  listId?: string | undefined;
  /** Searches names and emails; the caller drops it under anonymous tracking. */
  q?: string | undefined;
  order: 'name' | 'email' | keyof typeof TIME_ORDERS;
  direction: 'asc' | 'desc';
  /** Ties by employee id instead of email (anonymous tracking). */
  pseudonymous: boolean;
  /** A page; every row when absent (the CSV). */
  page?: { limit: number; offset: number };
}

export type EmployeeOutcome = MailOutcome & { name: string; email: string };

/** The first times of one mail (`deliveryId`), read through the delivery index: for a page's rows. */
const firstTimesOfMail = (scope: CompanyScope, deliveryId: SQL) => sql`
  select min(i.at) filter (where i.kind = 'opened') as opened_at,
    min(coalesce(i.confirmed_at, i.at)) filter (where i.kind = 'clicked') as clicked_at,
    min(i.at) filter (where i.kind = 'submitted') as submitted_at,
    min(i.at) filter (where i.kind = 'reported') as reported_at,
    count(*) filter (where i.kind = 'scanner')::int as scanner
  from ${phishingInteractions} i where i.delivery_id = ${deliveryId} and i.company_id = ${scope.companyId}`;

/**
 * A page of a simulation's mails with their employees, filtered and ordered in SQL, and how many match.
 * Ordered by name, email or time sent and filtered by nothing an employee did, the page is found first
 * (by name or email walking the employees' index and stopping after the page) and only its mails'
 * interactions are read; any other filter or order needs every mail's outcome before it can sort.
 */
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
  const filters = sql.join(where, sql` and `);
  const dir = query.direction === 'asc' ? sql`asc` : sql`desc`;
  const limit = query.page ? sql`limit ${query.page.limit} offset ${query.page.offset}` : sql``;
  /** The order, of the mail `m` and its employee `e` (both `page` once the page is found). */
  const orderOf = (m: SQL, e: SQL) => {
    if (query.order === 'name') return sql`${e}.name ${dir}, ${e}.email ${dir}`;
    if (query.order === 'email') return sql`${e}.email ${dir}`;
    const nulls = query.direction === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
    const tie = query.pseudonymous ? sql`${m}.employee_id` : sql`${e}.email`;
    return sql`${TIME_ORDERS[query.order](m)} ${nulls}, ${tie} asc`;
  };
  const order = orderOf(sql`o`, sql`e`);
  const pageFirst =
    query.order !== 'clicked' &&
    query.order !== 'reported' &&
    ['all', 'sent', 'notSent'].includes(query.outcome);
  if (pageFirst) {
    const mails = sql`from ${employees} e
      join ${phishingDeliveries} o on o.employee_id = e.id and o.company_id = ${scope.companyId}
        and o.campaign_id = ${campaignId}
      where e.company_id = ${scope.companyId} and ${filters}`;
    const [found, [counted]] = await Promise.all([
      queryRows<EmployeeOutcome>(
        db,
        sql`with page as (
              select o.id as delivery_id, o.employee_id, o.template_id, o.list_ids, o.department, o.status,
                o.due_at, o.sent_at, e.name, e.email
              ${mails} order by ${order} ${limit})
            select page.*, f.* from page
            left join lateral (${firstTimesOfMail(scope, sql`page.delivery_id`)}) f on true
            order by ${orderOf(sql`page`, sql`page`)}`,
      ),
      queryRows<{ n: number }>(db, sql`select count(*)::int as n ${mails}`),
    ]);
    return { rows: normalise(found), total: counted?.n ?? 0 };
  }
  const filtered = sql`from (${outcomes(scope, campaignId)}) o
    left join ${employees} e on e.id = o.employee_id and e.company_id = ${scope.companyId}
    where ${filters}`;
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
