import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { ClickSignal, ReportChannel, ScannerProduct, ScannerReason } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import {
  companies,
  employees,
  phishingInteractions,
  phishingReportedMails,
  phishingReportSettings,
  phishingTemplates,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { preparedRows } from '../../lib/sql.ts';

/** What the public pages need of one simulated mail, read by the id its token names. */
export interface DeliveryContext {
  id: number;
  companyId: string;
  campaignId: string;
  employeeId: string;
  sentAt: Date | null;
  templateId: string;
  language: string;
  landingPageId: string | null;
  onClick: string;
  enrolProgramId: string | null;
  senderDomain: string | null;
  employeeEmail: string;
  employeeName: string;
  companyName: string;
}

const CONTEXT_COLUMNS = sql`d.id as "id", d.company_id as "companyId", d.campaign_id as "campaignId",
  d.employee_id as "employeeId", d.sent_at as "sentAt", d.template_id as "templateId",
  d.mail_language as "language", c.landing_page_id as "landingPageId", c.on_click as "onClick",
  c.enrol_program_id as "enrolProgramId", sp.domain as "senderDomain", e.email as "employeeEmail",
  e.name as "employeeName", co.name as "companyName"`;
const CONTEXT_FROM = sql`phishing_deliveries d
  join phishing_campaigns c on c.id = d.campaign_id
  join employees e on e.id = d.employee_id
  join companies co on co.id = d.company_id
  left join phishing_sender_profiles sp on sp.id = c.sender_profile_id`;

const asDate = (v: Date | string | null) => (v === null || v instanceof Date ? v : new Date(v));

/**
 * The one lookup across companies on the public paths: the token's MAC already proved the id, and the
 * row it names decides the company from there on.
 */
export async function deliveryAcrossCompanies(
  db: Db,
  deliveryId: number,
): Promise<DeliveryContext | undefined> {
  const [row] = await preparedRows<DeliveryContext>(
    db,
    'phishing_delivery_context',
    (v) => sql`select ${CONTEXT_COLUMNS} from ${CONTEXT_FROM} where d.id = ${v('id')}`,
    { id: deliveryId },
  );
  return row && { ...row, id: Number(row.id), sentAt: asDate(row.sentAt) };
}

/**
 * The deliveries of a batch of link requests, by the ids their tokens name (the MACs already proved
 * them), in one statement: under load the requests of a few milliseconds share it.
 */
export async function deliveriesAcrossCompanies(db: Db, deliveryIds: number[]): Promise<DeliveryContext[]> {
  const rows = await preparedRows<DeliveryContext>(
    db,
    'phishing_delivery_contexts',
    (v) => sql`select ${CONTEXT_COLUMNS} from ${CONTEXT_FROM} where d.id = any(${v('ids')}::bigint[])`,
    { ids: deliveryIds },
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), sentAt: asDate(row.sentAt) }));
}

/** The company's own template of a delivery (its `custom:` ref). */
export async function customTemplateOf(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .select()
    .from(phishingTemplates)
    .where(and(eq(phishingTemplates.companyId, scope.companyId), eq(phishingTemplates.id, id)));
  return row;
}

/**
 * The burst rule seen from a visit: requests of this delivery's link, and other deliveries of the
 * company requested from the visit's network, within the window on either side of it.
 */
export async function requestsAround(
  db: Db,
  scope: CompanyScope,
  deliveryId: number,
  network: string,
  at: Date,
  windowSeconds: number,
): Promise<{ sameLink: number; sameNetwork: number }> {
  const [row] = await db
    .select({
      sameLink: sql<number>`count(*) filter (where ${phishingInteractions.deliveryId} = ${deliveryId})::int`,
      sameNetwork: sql<number>`count(distinct ${phishingInteractions.deliveryId}) filter (where ${phishingInteractions.network} = ${network})::int`,
    })
    .from(phishingInteractions)
    .where(
      and(
        eq(phishingInteractions.companyId, scope.companyId),
        sql`${phishingInteractions.kind} in ('scanner', 'clicked')`,
        sql`${phishingInteractions.at} between ${at.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds}) and ${at.toISOString()}::timestamptz + make_interval(secs => ${windowSeconds})`,
        or(eq(phishingInteractions.deliveryId, deliveryId), eq(phishingInteractions.network, network)),
      ),
    );
  return { sameLink: row?.sameLink ?? 0, sameNetwork: row?.sameNetwork ?? 0 };
}

export interface RequestFacts {
  method: string;
  userAgent: string | null;
  network: string | null;
}

type DeliveryKeys = Pick<DeliveryContext, 'id' | 'campaignId' | 'employeeId'>;

const keysOf = (scope: CompanyScope, d: DeliveryKeys) => ({
  deliveryId: d.id,
  companyId: scope.companyId,
  campaignId: d.campaignId,
  employeeId: d.employeeId,
});

/** A request of the link to keep, as scanner activity until the page's script confirms a person. */
export interface LinkRequestRow extends RequestFacts {
  scope: CompanyScope;
  deliveryId: number;
  reason: ScannerReason;
  product: ScannerProduct | null;
}

/**
 * Requests of links, one row each, in one statement (of several companies: each row is written in its
 * own scope's company only): each row's id in the order given, or null where its delivery no longer
 * exists in that company (deleted since the lookup; nothing is written for it).
 * The ids are drawn first so that each row's id is known whatever order the insert takes; the campaign
 * and employee come from the delivery row itself.
 */
export async function insertLinkRequests(db: Db, rows: LinkRequestRow[]): Promise<(number | null)[]> {
  const column = <K extends keyof LinkRequestRow>(key: K) => rows.map((r) => r[key]);
  const written = await preparedRows<{ n: number; id: number | null }>(
    db,
    'phishing_link_requests_insert',
    (v) => sql`with input as materialized (
        select u.n, nextval('phishing_interactions_id_seq'::regclass) as id, u.delivery_id, u.company_id,
          u.reason, u.product, u.method, u.user_agent, u.network
        from unnest(${v('deliveryIds')}::bigint[], ${v('companyIds')}::uuid[], ${v('reasons')}::text[],
          ${v('products')}::text[], ${v('methods')}::text[], ${v('userAgents')}::text[], ${v('networks')}::text[])
          with ordinality as u(delivery_id, company_id, reason, product, method, user_agent, network, n)
      ), written as (
        insert into phishing_interactions
          (id, delivery_id, company_id, campaign_id, employee_id, kind, scanner_reason, scanner_product, method, user_agent, network)
        select i.id, d.id, d.company_id, d.campaign_id, d.employee_id, 'scanner', i.reason, i.product, i.method,
          i.user_agent, i.network
        from input i join phishing_deliveries d on d.id = i.delivery_id and d.company_id = i.company_id
        returning id
      )
      select i.n::int as n, w.id from input i left join written w on w.id = i.id`,
    {
      deliveryIds: column('deliveryId'),
      companyIds: rows.map((r) => r.scope.companyId),
      reasons: column('reason'),
      products: column('product'),
      methods: column('method'),
      userAgents: column('userAgent'),
      networks: column('network'),
    },
  );
  const ids: (number | null)[] = rows.map(() => null);
  for (const row of written) ids[Number(row.n) - 1] = row.id === null ? null : Number(row.id);
  return ids;
}

/** The visit a confirmation names: still within its time, of this delivery. */
export async function visitOf(
  db: Db,
  scope: CompanyScope,
  deliveryId: number,
  visitId: number,
  withinSeconds: number,
) {
  const [row] = await db
    .select({
      kind: phishingInteractions.kind,
      reason: phishingInteractions.scannerReason,
      network: phishingInteractions.network,
      at: phishingInteractions.at,
    })
    .from(phishingInteractions)
    .where(
      and(
        eq(phishingInteractions.companyId, scope.companyId),
        eq(phishingInteractions.deliveryId, deliveryId),
        eq(phishingInteractions.id, visitId),
        sql`${phishingInteractions.at} > now() - make_interval(secs => ${withinSeconds})`,
      ),
    );
  return row;
}

/** Turns a visit kept as scanner activity into a click; false when another confirmation came first. */
export async function confirmVisit(
  db: Db,
  scope: CompanyScope,
  visitId: number,
  signal: ClickSignal,
): Promise<boolean> {
  const rows = await db
    .update(phishingInteractions)
    .set({ kind: 'clicked', clickSignal: signal, confirmedAt: sql`now()` })
    .where(
      and(
        eq(phishingInteractions.companyId, scope.companyId),
        eq(phishingInteractions.id, visitId),
        eq(phishingInteractions.kind, 'scanner'),
      ),
    )
    .returning({ id: phishingInteractions.id });
  return rows.length > 0;
}

/** A visit kept as scanner activity whose page showed a stronger reason (a browser driven by automation). */
export async function setScannerReason(
  db: Db,
  scope: CompanyScope,
  visitId: number,
  reason: ScannerReason,
): Promise<void> {
  await db
    .update(phishingInteractions)
    .set({ scannerReason: reason })
    .where(
      and(
        eq(phishingInteractions.companyId, scope.companyId),
        eq(phishingInteractions.id, visitId),
        eq(phishingInteractions.kind, 'scanner'),
      ),
    );
}

/** Whether the employee had clicked this mail before (the first click triggers the on-click action). */
export async function clicksOf(db: Db, scope: CompanyScope, deliveryId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(phishingInteractions)
    .where(
      and(
        eq(phishingInteractions.companyId, scope.companyId),
        eq(phishingInteractions.deliveryId, deliveryId),
        eq(phishingInteractions.kind, 'clicked'),
      ),
    );
  return row?.n ?? 0;
}

/** An open, a submission or a report: once per mail; true when this one was the first. */
export async function insertOnce(
  db: Db,
  scope: CompanyScope,
  d: DeliveryKeys,
  kind: 'opened' | 'submitted' | 'reported',
  values: Partial<RequestFacts> & { reportChannel?: ReportChannel } = {},
): Promise<boolean> {
  const rows = await db
    .insert(phishingInteractions)
    .values({ ...keysOf(scope, d), kind, ...values })
    .onConflictDoNothing()
    .returning({ id: phishingInteractions.id });
  return rows.length > 0;
}

// The report address and button.

export type ReportSettingsRow = typeof phishingReportSettings.$inferSelect;

export async function reportSettingsOf(db: Db, scope: CompanyScope): Promise<ReportSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(phishingReportSettings)
    .where(eq(phishingReportSettings.companyId, scope.companyId));
  return row;
}

/** Makes the company's settings once (a concurrent first read keeps the other's). */
export async function insertReportSettings(
  db: Db,
  scope: CompanyScope,
  values: { addressToken: string; addinKey: string },
): Promise<void> {
  await db
    .insert(phishingReportSettings)
    .values({ companyId: scope.companyId, ...values })
    .onConflictDoNothing();
}

export async function updateReportSettings(
  db: Db,
  scope: CompanyScope,
  values: Partial<Pick<ReportSettingsRow, 'addressToken' | 'addinKey' | 'securityEmail' | 'rotatedAt'>>,
): Promise<void> {
  await db
    .update(phishingReportSettings)
    .set(values)
    .where(eq(phishingReportSettings.companyId, scope.companyId));
}

/** The one lookup across companies for a report address or a button's key: it names the company. */
export async function reportSettingsAcrossCompanies(
  db: Db,
  by: { addressToken: string } | { addinKey: string },
): Promise<ReportSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(phishingReportSettings)
    .where(
      'addressToken' in by
        ? eq(phishingReportSettings.addressToken, by.addressToken)
        : eq(phishingReportSettings.addinKey, by.addinKey),
    );
  return row;
}

export async function employeeByEmail(db: Db, scope: CompanyScope, email: string) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, scope.companyId), eq(employees.email, email.toLowerCase())));
  return row;
}

export async function companyOf(db: Db, scope: CompanyScope) {
  const [row] = await db
    .select({ name: companies.name, anonymousTracking: companies.anonymousTracking })
    .from(companies)
    .where(eq(companies.id, scope.companyId));
  return row;
}

export type ReportedMailInsert = Omit<typeof phishingReportedMails.$inferInsert, 'companyId' | 'id'>;

export async function insertReportedMail(
  db: Db,
  scope: CompanyScope,
  values: ReportedMailInsert,
): Promise<string> {
  const [row] = await db
    .insert(phishingReportedMails)
    .values({ ...values, companyId: scope.companyId })
    .returning({ id: phishingReportedMails.id });
  return row!.id;
}

export async function markForwarded(
  db: Db,
  scope: CompanyScope,
  id: string,
  error: string | null,
): Promise<void> {
  await db
    .update(phishingReportedMails)
    .set(error ? { forwardError: error.slice(0, 500) } : { forwardedAt: sql`now()`, forwardError: null })
    .where(and(eq(phishingReportedMails.companyId, scope.companyId), eq(phishingReportedMails.id, id)));
}

const reportedColumns = {
  id: phishingReportedMails.id,
  reportedAt: phishingReportedMails.reportedAt,
  channel: phishingReportedMails.channel,
  reporterEmail: phishingReportedMails.reporterEmail,
  from: phishingReportedMails.fromAddress,
  subject: phishingReportedMails.subject,
  forwardedAt: phishingReportedMails.forwardedAt,
  forwardError: phishingReportedMails.forwardError,
  /** The reporting employee's name, to hide it with their address under anonymous tracking. */
  reporterName: employees.name,
};
const reporterJoin = and(
  eq(employees.companyId, phishingReportedMails.companyId),
  eq(employees.id, phishingReportedMails.employeeId),
);

export async function reportedMailsPage(
  db: Db,
  scope: CompanyScope,
  opts: { q: string | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(phishingReportedMails.companyId, scope.companyId),
    opts.q
      ? or(
          ilike(phishingReportedMails.subject, `%${opts.q}%`),
          ilike(phishingReportedMails.fromAddress, `%${opts.q}%`),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(reportedColumns)
      .from(phishingReportedMails)
      .leftJoin(employees, reporterJoin)
      .where(where)
      .orderBy(desc(phishingReportedMails.reportedAt), desc(phishingReportedMails.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(phishingReportedMails).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function reportedMailOf(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .select({
      ...reportedColumns,
      headers: phishingReportedMails.headers,
      text: phishingReportedMails.text,
      messageId: phishingReportedMails.messageId,
      raw: phishingReportedMails.raw,
    })
    .from(phishingReportedMails)
    .leftJoin(employees, reporterJoin)
    .where(and(eq(phishingReportedMails.companyId, scope.companyId), eq(phishingReportedMails.id, id)));
  return row;
}
