import {
  INTERACTION_RELIABILITY,
  PHISHING_LIMITS,
  PHISHING_MESSAGES,
  phishingRate,
  type EmployeePhishingRecord,
  type PhishingBreakdownRow,
  type PhishingEmployeeRow,
  type PhishingEmployeesQuery,
  type PhishingResults,
  type PhishingSummary,
  type PhishingTimeline,
} from '@vigil/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { toCsv } from '../../lib/csv.ts';
import { createPdf, finishPdf, FONT } from '../../lib/pdf/pdf-document.ts';
import { toWinAnsi } from '../../lib/pdf/win-ansi.ts';
import {
  identityOrder,
  presentIdentity,
  requireIdentities,
  requirePersonalFiles,
} from '../../lib/privacy.ts';
import { privacyOfTenant } from '../companies/companies.service.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { findPhishing } from './phishing.service.ts';
import {
  companyFigures,
  employeeOutcomes,
  interactionsOf,
  listNames,
  outcomeOf,
  outcomesOf,
  peopleByIds,
  repeatClicks,
  type MailOutcome,
} from './phishing.results.queries.ts';
import { customIdsOf, resolveTemplates } from './phishing.templates.ts';
import { customTemplatesByIds } from './phishing.queries.ts';

/**
 * A simulation's results. Everything counts people, not requests: an employee who clicked twice
 * clicked once; the rates are of the employees a mail was sent to. Scanner requests are never clicks
 * (phishing-tracking keeps them apart) and are counted on their own. Phish-prone: clicked or submitted.
 */

const sentOf = (o: MailOutcome) => o.status === 'sent';
const proneOf = (o: MailOutcome) => Boolean(o.clicked_at || o.submitted_at);

function ratesOf(rows: readonly MailOutcome[]) {
  const sent = rows.filter(sentOf);
  const clicked = sent.filter((o) => o.clicked_at).length;
  const submitted = sent.filter((o) => o.submitted_at).length;
  const reported = sent.filter((o) => o.reported_at).length;
  return {
    recipients: sent.length,
    clicked,
    submitted,
    reported,
    phishPronePercent: phishingRate(sent.filter(proneOf).length, sent.length),
    clickRate: phishingRate(clicked, sent.length),
    submitRate: phishingRate(submitted, sent.length),
    reportRate: phishingRate(reported, sent.length),
  };
}

function breakdown(
  rows: readonly MailOutcome[],
  keysOf: (o: MailOutcome) => string[],
  labelOf: (key: string) => string,
): PhishingBreakdownRow[] {
  const groups = new Map<string, MailOutcome[]>();
  for (const o of rows)
    for (const key of keysOf(o)) {
      const group = groups.get(key);
      if (group) group.push(o);
      else groups.set(key, [o]);
    }
  return [...groups]
    .map(([key, group]) => ({ key, label: labelOf(key), ...ratesOf(group) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

const seconds = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 1000);

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The day (YYYY-MM-DD) of an instant in a time zone. */
const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

async function templatesFor(db: Db, scope: CompanyScope, refs: string[]) {
  return resolveTemplates(refs, await customTemplatesByIds(db, scope, customIdsOf(refs)));
}

/** GET …/phishing/{id}/results */
export async function phishingResults(db: Db, tenant: TenantContext, id: string): Promise<PhishingResults> {
  const record = await findPhishing(db, tenant, id);
  const [outcomes, privacy] = await Promise.all([outcomesOf(db, tenant, id), privacyOfTenant(db, tenant)]);
  const refs = [...new Set(outcomes.map((o) => o.template_id))];
  const [templates, lists] = await Promise.all([
    templatesFor(db, tenant, refs),
    listNames(db, tenant, [...new Set(outcomes.flatMap((o) => o.list_ids))]),
  ]);
  const sent = outcomes.filter(sentOf);
  const firstSent = sent.reduce<string | null>(
    (min, o) => (!min || o.sent_at! < min ? o.sent_at : min),
    null,
  );
  const reports = sent.filter((o) => o.reported_at);
  const firstReport = reports.reduce<string | null>(
    (min, o) => (!min || o.reported_at! < min ? o.reported_at : min),
    null,
  );
  const days = new Map<string, PhishingResults['overTime'][number]>();
  const day = (iso: string) => {
    const key = dayIn(iso, record.timeZone);
    if (!days.has(key))
      days.set(key, { date: key, sent: 0, opened: 0, clicked: 0, submitted: 0, reported: 0, scanner: 0 });
    return days.get(key)!;
  };
  for (const o of outcomes) {
    if (o.sent_at && sentOf(o)) day(o.sent_at).sent++;
    if (o.opened_at) day(o.opened_at).opened++;
    if (o.clicked_at) day(o.clicked_at).clicked++;
    if (o.submitted_at) day(o.submitted_at).submitted++;
    if (o.reported_at) day(o.reported_at).reported++;
  }
  const difficultyOf = (ref: string) => String(templates.get(ref)?.template.difficulty ?? 0);
  const clickers = sent.filter(proneOf).map((o) => o.employee_id);
  const repeat = privacy.identities
    ? await repeatClicks(db, tenant, clickers, PHISHING_LIMITS.repeatClicks)
    : [];
  const people = await peopleByIds(
    db,
    tenant,
    repeat.map((r) => r.employee_id),
  );
  return {
    totals: {
      ...ratesOf(outcomes),
      sent: sent.length,
      delivered: sent.length,
      opened: sent.filter((o) => o.opened_at).length,
      scannerEvents: outcomes.reduce((sum, o) => sum + o.scanner, 0),
      scannedOnly: sent.filter((o) => o.scanner > 0 && !o.clicked_at && !o.submitted_at).length,
    },
    timeToFirstReportSeconds: firstSent && firstReport ? seconds(firstSent, firstReport) : null,
    medianTimeToReportSeconds: median(reports.map((o) => seconds(o.sent_at!, o.reported_at!))),
    byList: privacy.identities
      ? breakdown(
          outcomes,
          (o) => o.list_ids,
          (key) => lists.get(key) ?? '—',
        )
      : [],
    byDepartment: breakdown(
      outcomes,
      (o) => [o.department],
      (key) => key || '—',
    ),
    byTemplate: breakdown(
      outcomes,
      (o) => [o.template_id],
      (key) => templates.get(key)?.template.name.en ?? key,
    ),
    byDifficulty: breakdown(
      outcomes,
      (o) => [difficultyOf(o.template_id)],
      (key) => ['—', 'Easy', 'Medium', 'Hard'][Number(key)] ?? key,
    ),
    overTime: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    repeatClickers: repeat.map((r) => ({
      employeeId: r.employee_id,
      name: people.get(r.employee_id)?.name ?? '',
      email: people.get(r.employee_id)?.email ?? '',
      clicks: r.clicks,
    })),
    anonymousTracking: !privacy.identities,
  };
}

const outcomeFilters: Record<
  z.output<typeof PhishingEmployeesQuery>['outcome'],
  (o: MailOutcome) => boolean
> = {
  all: () => true,
  notSent: (o) => !sentOf(o),
  sent: sentOf,
  opened: (o) => Boolean(o.opened_at),
  clicked: (o) => Boolean(o.clicked_at),
  submitted: (o) => Boolean(o.submitted_at),
  reported: (o) => Boolean(o.reported_at),
  scannedOnly: (o) => o.scanner > 0 && !o.clicked_at && !o.submitted_at,
};

/** Every employee's row of a simulation, filtered and ordered, under the privacy rule. */
async function employeeRows(
  db: Db,
  tenant: TenantContext,
  id: string,
  q: z.output<typeof PhishingEmployeesQuery>,
) {
  await findPhishing(db, tenant, id);
  const privacy = await privacyOfTenant(db, tenant);
  const outcomes = (await outcomesOf(db, tenant, id)).filter(
    (o) => outcomeFilters[q.outcome](o) && (!q.listId || o.list_ids.includes(q.listId)),
  );
  const refs = [...new Set(outcomes.map((o) => o.template_id))];
  const [templates, lists, people] = await Promise.all([
    templatesFor(db, tenant, refs),
    listNames(db, tenant, [...new Set(outcomes.flatMap((o) => o.list_ids))]),
    peopleByIds(
      db,
      tenant,
      outcomes.map((o) => o.employee_id),
    ),
  ]);
  const search = privacy.identities ? q.q?.toLowerCase() : undefined;
  const rows: PhishingEmployeeRow[] = outcomes
    .map((o) => {
      const person = people.get(o.employee_id) ?? { name: '', email: '' };
      const t = templates.get(o.template_id)?.template;
      return {
        employeeId: o.employee_id,
        name: person.name,
        email: person.email,
        listName: o.list_ids
          .map((l) => lists.get(l) ?? '')
          .filter(Boolean)
          .sort()
          .join(', '),
        department: o.department,
        templateId: o.template_id,
        templateName: t?.name.en ?? o.template_id,
        difficulty: t?.difficulty ?? 0,
        deliveryStatus: o.status,
        sentAt: sentOf(o) ? o.sent_at : null,
        openedAt: o.opened_at,
        clickedAt: o.clicked_at,
        submittedAt: o.submitted_at,
        reportedAt: o.reported_at,
        scannerEvents: o.scanner,
      };
    })
    .filter(
      (r) => !search || r.name.toLowerCase().includes(search) || r.email.toLowerCase().includes(search),
    );
  const order = identityOrder(privacy, q.order, ['name', 'email'], 'sent');
  const keyOf = (r: PhishingEmployeeRow): string =>
    order === 'name'
      ? r.name.toLowerCase()
      : order === 'email'
        ? r.email
        : order === 'sent'
          ? (r.sentAt ?? '')
          : order === 'clicked'
            ? (r.clickedAt ?? '')
            : (r.reportedAt ?? '');
  const sign = q.d === 'asc' ? 1 : -1;
  rows.sort(
    (a, b) =>
      sign * keyOf(a).localeCompare(keyOf(b)) ||
      (privacy.identities ? a.email.localeCompare(b.email) : a.employeeId.localeCompare(b.employeeId)),
  );
  return { privacy, rows: rows.map((r) => presentIdentity(privacy, r)) };
}

export async function phishingEmployees(
  db: Db,
  tenant: TenantContext,
  id: string,
  q: z.output<typeof PhishingEmployeesQuery>,
) {
  const { rows } = await employeeRows(db, tenant, id, q);
  return { total: rows.length, rows: rows.slice((q.p - 1) * q.n, q.p * q.n) };
}

/** employees.csv: one row per employee (refused under anonymous tracking). */
export async function phishingEmployeesCsv(
  db: Db,
  tenant: TenantContext,
  id: string,
  q: z.output<typeof PhishingEmployeesQuery>,
) {
  requirePersonalFiles(await privacyOfTenant(db, tenant));
  const { rows } = await employeeRows(db, tenant, id, q);
  return toCsv(
    [
      'Name',
      'Email',
      'Lists',
      'Department',
      'Template',
      'Difficulty',
      'Delivery',
      'Sent',
      'Opened (unreliable)',
      'Clicked',
      'Submitted',
      'Reported',
      'Scanner requests',
    ],
    rows.map((r) => [
      r.name,
      r.email,
      r.listName,
      r.department,
      r.templateName,
      r.difficulty,
      r.deliveryStatus,
      r.sentAt,
      r.openedAt,
      r.clickedAt,
      r.submittedAt,
      r.reportedAt,
      r.scannerEvents,
    ]),
  );
}

const BREAKDOWN_HEADER = [
  'Group',
  'Name',
  'Recipients',
  'Clicked',
  'Submitted',
  'Reported',
  'Phish-prone %',
  'Click %',
  'Submit %',
  'Report %',
];
const breakdownCells = (group: string, r: PhishingBreakdownRow) => [
  group,
  r.label,
  r.recipients,
  r.clicked,
  r.submitted,
  r.reported,
  r.phishPronePercent,
  r.clickRate,
  r.submitRate,
  r.reportRate,
];

/** results.csv: the totals and every breakdown (no person in it, so allowed under anonymous tracking). */
export async function phishingResultsCsv(db: Db, tenant: TenantContext, id: string) {
  const r = await phishingResults(db, tenant, id);
  const total = { key: 'all', label: 'Everyone', ...r.totals };
  return toCsv(BREAKDOWN_HEADER, [
    breakdownCells('Total', total),
    ...r.byList.map((row) => breakdownCells('List', row)),
    ...r.byDepartment.map((row) => breakdownCells('Department', row)),
    ...r.byTemplate.map((row) => breakdownCells('Template', row)),
    ...r.byDifficulty.map((row) => breakdownCells('Difficulty', row)),
  ]);
}

/** results.pdf: the simulation's figures and breakdowns on A4. */
export async function phishingResultsPdf(db: Db, tenant: TenantContext, id: string): Promise<Buffer> {
  const record = await findPhishing(db, tenant, id);
  const r = await phishingResults(db, tenant, id);
  const doc = createPdf({ layout: 'portrait', title: record.name, language: 'en', margin: 48 });
  const text = (value: string) => toWinAnsi(value);
  const pct = (v: number | null) => (v === null ? '–' : `${v} %`);
  doc.font(FONT.bold).fontSize(18).text(text(record.name));
  doc.font(FONT.regular).fontSize(10).fillColor('#616e7c').text(text('Phishing simulation results'));
  doc.moveDown();
  doc.fillColor('#1f2933').fontSize(11);
  const t = r.totals;
  for (const [label, value] of [
    ['Mails sent', String(t.sent)],
    ['Phish-prone (clicked or submitted)', pct(t.phishPronePercent)],
    ['Clicked', `${t.clicked} (${pct(t.clickRate)})`],
    ['Submitted', `${t.submitted} (${pct(t.submitRate)})`],
    ['Reported', `${t.reported} (${pct(t.reportRate)})`],
    ['Opened (pixel; unreliable)', String(t.opened)],
    ['Scanner and link-preview requests (not clicks)', String(t.scannerEvents)],
    [
      'Time to first report',
      r.timeToFirstReportSeconds === null ? '–' : `${Math.round(r.timeToFirstReportSeconds / 60)} min`,
    ],
  ] as const)
    doc
      .font(FONT.regular)
      .text(text(`${label}: `), { continued: true })
      .font(FONT.bold)
      .text(text(value));
  for (const [title, rows] of [
    ['By list', r.byList],
    ['By department', r.byDepartment],
    ['By template', r.byTemplate],
    ['By difficulty', r.byDifficulty],
  ] as const) {
    if (rows.length === 0) continue;
    doc.moveDown().font(FONT.bold).fontSize(13).text(text(title)).fontSize(9);
    for (const row of rows)
      doc
        .font(FONT.regular)
        .text(
          text(
            `${row.label}: ${row.recipients} sent · phish-prone ${pct(row.phishPronePercent)} · clicked ${pct(row.clickRate)} · submitted ${pct(row.submitRate)} · reported ${pct(row.reportRate)}`,
          ),
        );
  }
  return finishPdf(doc);
}

/** One employee's timeline in a simulation (refused under anonymous tracking). */
export async function phishingTimelineOf(
  db: Db,
  tenant: TenantContext,
  id: string,
  employeeId: string,
): Promise<PhishingTimeline> {
  await findPhishing(db, tenant, id);
  requireIdentities(await privacyOfTenant(db, tenant));
  const outcome = await outcomeOf(db, tenant, id, employeeId);
  if (!outcome) throw NotFound(PHISHING_MESSAGES.employeeNotFound);
  const [interactions, people, templates] = await Promise.all([
    interactionsOf(db, tenant, outcome.delivery_id),
    peopleByIds(db, tenant, [employeeId]),
    templatesFor(db, tenant, [outcome.template_id]),
  ]);
  const person = people.get(employeeId) ?? { name: '', email: '' };
  const events: PhishingTimeline['events'] = [];
  if (outcome.status === 'pending' || outcome.status === 'sending')
    events.push({ type: 'scheduled', at: outcome.due_at!, reason: null, unreliable: false });
  if (outcome.status === 'sent' && outcome.sent_at)
    events.push({ type: 'delivered', at: outcome.sent_at, reason: null, unreliable: false });
  if (outcome.status === 'bounced' || outcome.status === 'failed')
    events.push({
      type: outcome.status,
      at: outcome.sent_at ?? outcome.due_at!,
      reason: null,
      unreliable: false,
    });
  for (const i of interactions)
    events.push({
      type: i.kind,
      at: (i.kind === 'clicked' && i.confirmedAt ? i.confirmedAt : i.at).toISOString(),
      reason: i.reason ?? null,
      unreliable: INTERACTION_RELIABILITY[i.kind] === 'unreliable',
    });
  events.sort((a, b) => a.at.localeCompare(b.at));
  return {
    employeeId,
    name: person.name,
    email: person.email,
    templateName: templates.get(outcome.template_id)?.template.name.en ?? outcome.template_id,
    events,
  };
}

/** GET …/phishing/employees/{employeeId}: an employee's record of simulations (refused under anonymous tracking). */
export async function employeePhishingRecordOf(db: Db, tenant: TenantContext, employeeId: string) {
  requireIdentities(await privacyOfTenant(db, tenant));
  return employeePhishingRecord(db, tenant, employeeId);
}

// Used by other modules.

/** The company's phishing figures over the last twelve months, for the dashboard. */
export async function phishingSummary(
  db: Db,
  scope: CompanyScope,
  now = new Date(),
): Promise<PhishingSummary> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const rows = await companyFigures(db, scope, since);
  const months = new Map<string, { sent: number; prone: number }>();
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + i, 1));
    months.set(d.toISOString().slice(0, 7), { sent: 0, prone: 0 });
  }
  let sent = 0;
  let prone = 0;
  let reported = 0;
  for (const r of rows) {
    sent += r.sent;
    prone += r.prone;
    reported += r.reported;
    const month = months.get(new Date(r.started_at).toISOString().slice(0, 7));
    if (month) {
      month.sent += r.sent;
      month.prone += r.prone;
    }
  }
  return {
    simulations: rows.length,
    recipients: sent,
    phishPronePercent: phishingRate(prone, sent),
    reportRate: phishingRate(reported, sent),
    months: [...months].map(([month, m]) => ({ month, phishPronePercent: phishingRate(m.prone, m.sent) })),
  };
}

/** An employee's simulations and what they did, for their record. */
export async function employeePhishingRecord(
  db: Db,
  scope: CompanyScope,
  employeeId: string,
): Promise<EmployeePhishingRecord> {
  const rows = await employeeOutcomes(db, scope, employeeId);
  return {
    simulations: rows.length,
    clicked: rows.filter((r) => r.clicked).length,
    submitted: rows.filter((r) => r.submitted).length,
    reported: rows.filter((r) => r.reported).length,
    rows: rows.map((r) => ({
      campaignId: r.campaign_id,
      name: r.name,
      sentAt: r.status === 'sent' && r.sent_at ? new Date(r.sent_at).toISOString() : null,
      outcome: r.reported
        ? 'reported'
        : r.submitted
          ? 'submitted'
          : r.clicked
            ? 'clicked'
            : r.status === 'sent'
              ? 'sent'
              : 'notSent',
    })),
  };
}
