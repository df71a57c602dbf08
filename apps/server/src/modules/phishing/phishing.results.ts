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
  peopleListing,
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
  peopleByIds,
  repeatClickers,
  resultFigures,
  simulationsOfEmployee,
  type GroupCounts,
  type ResultFigures,
} from './phishing.results.queries.ts';
import { customIdsOf, resolveTemplates } from './phishing.templates.ts';
import { customTemplatesByIds } from './phishing.queries.ts';

/**
 * A simulation's results. Everything counts people, not requests: an employee who clicked twice
 * clicked once; the rates are of the employees a mail was sent to. Scanner requests are never clicks
 * (phishing-tracking keeps them apart) and are counted on their own. Phish-prone: clicked or submitted.
 * The counting is SQL (phishing.results.queries.ts); here counts become rates and keys get their names.
 */

function ratesOf(c: GroupCounts) {
  return {
    recipients: c.recipients,
    clicked: c.clicked,
    submitted: c.submitted,
    reported: c.reported,
    phishPronePercent: phishingRate(c.prone, c.recipients),
    clickRate: phishingRate(c.clicked, c.recipients),
    submitRate: phishingRate(c.submitted, c.recipients),
    reportRate: phishingRate(c.reported, c.recipients),
  };
}

const ZERO: GroupCounts = {
  recipients: 0,
  clicked: 0,
  submitted: 0,
  reported: 0,
  prone: 0,
  opened: 0,
  scannedOnly: 0,
  scannerEvents: 0,
};

/** Counts of groups that share a label's key (templates of one difficulty) added together. */
function addCounts(a: GroupCounts, b: GroupCounts): GroupCounts {
  const sum = { ...a };
  for (const k of Object.keys(ZERO) as (keyof GroupCounts)[]) sum[k] += b[k];
  return sum;
}

function breakdown(
  groups: ReadonlyMap<string, GroupCounts>,
  labelOf: (key: string) => string,
): PhishingBreakdownRow[] {
  return [...groups]
    .map(([key, counts]) => ({ key, label: labelOf(key), ...ratesOf(counts) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

async function templatesFor(db: Db, scope: CompanyScope, refs: string[]) {
  return resolveTemplates(refs, await customTemplatesByIds(db, scope, customIdsOf(refs)));
}

/** The over-time chart: per day in the window's time zone, oldest first. */
function overTime(days: ResultFigures['days']) {
  const byDay = new Map<string, PhishingResults['overTime'][number]>();
  for (const { day, kind, n } of days) {
    const counts = byDay.get(day) ?? {
      date: day,
      sent: 0,
      opened: 0,
      clicked: 0,
      submitted: 0,
      reported: 0,
      scanner: 0,
    };
    counts[kind] = n;
    byDay.set(day, counts);
  }
  return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** GET …/phishing/{id}/results */
export async function phishingResults(db: Db, tenant: TenantContext, id: string): Promise<PhishingResults> {
  const record = await findPhishing(db, tenant, id);
  const [figures, privacy] = await Promise.all([
    resultFigures(db, tenant, id, record.timeZone),
    privacyOfTenant(db, tenant),
  ]);
  const groups = {
    total: new Map<string, GroupCounts>(),
    list: new Map(),
    department: new Map(),
    template: new Map(),
  };
  for (const { dim, key, ...counts } of figures.groups) groups[dim].set(key, counts);
  const [templates, lists, repeat] = await Promise.all([
    templatesFor(db, tenant, [...groups.template.keys()]),
    privacy.identities ? listNames(db, tenant, [...groups.list.keys()]) : new Map<string, string>(),
    privacy.identities ? repeatClickers(db, tenant, id, PHISHING_LIMITS.repeatClicks) : [],
  ]);
  const byDifficulty = new Map<string, GroupCounts>();
  for (const [ref, counts] of groups.template) {
    const key = String(templates.get(ref)?.template.difficulty ?? 0);
    byDifficulty.set(key, addCounts(byDifficulty.get(key) ?? ZERO, counts));
  }
  const total = groups.total.get('') ?? ZERO;
  return {
    totals: {
      ...ratesOf(total),
      sent: total.recipients,
      delivered: total.recipients,
      opened: total.opened,
      scannerEvents: total.scannerEvents,
      scannedOnly: total.scannedOnly,
    },
    timeToFirstReportSeconds: figures.firstReportSeconds,
    medianTimeToReportSeconds:
      figures.medianReportSeconds === null ? null : Math.round(figures.medianReportSeconds),
    byList: privacy.identities ? breakdown(groups.list, (key) => lists.get(key) ?? '—') : [],
    byDepartment: breakdown(groups.department, (key) => key || '—'),
    byTemplate: breakdown(groups.template, (key) => templates.get(key)?.template.name.en ?? key),
    byDifficulty: breakdown(byDifficulty, (key) => ['—', 'Easy', 'Medium', 'Hard'][Number(key)] ?? key),
    overTime: overTime(figures.days),
    repeatClickers: repeat.map((r) => ({
      employeeId: r.employee_id,
      name: r.name,
      email: r.email,
      clicks: r.clicks,
    })),
    anonymousTracking: !privacy.identities,
  };
}

/** A page of a simulation's employees (every row without `page`), filtered and ordered, under the privacy rule. */
async function employeeRows(
  db: Db,
  tenant: TenantContext,
  id: string,
  q: z.output<typeof PhishingEmployeesQuery>,
  page?: { limit: number; offset: number },
) {
  await findPhishing(db, tenant, id);
  const privacy = await privacyOfTenant(db, tenant);
  const listing = peopleListing(privacy, q.q);
  const { rows: outcomes, total } = await employeeOutcomes(db, tenant, id, {
    outcome: q.outcome,
    listId: q.listId,
    q: listing.q,
    order: identityOrder(privacy, q.order, ['name', 'email'], 'sent'),
    direction: q.d,
    pseudonymous: listing.pseudonymous,
    page,
  });
  const [templates, lists] = await Promise.all([
    templatesFor(db, tenant, [...new Set(outcomes.map((o) => o.template_id))]),
    listNames(db, tenant, [...new Set(outcomes.flatMap((o) => o.list_ids))]),
  ]);
  const rows: PhishingEmployeeRow[] = outcomes.map((o) => {
    const t = templates.get(o.template_id)?.template;
    return presentIdentity(privacy, {
      employeeId: o.employee_id,
      name: o.name,
      email: o.email,
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
      sentAt: o.status === 'sent' ? o.sent_at : null,
      openedAt: o.opened_at,
      clickedAt: o.clicked_at,
      submittedAt: o.submitted_at,
      reportedAt: o.reported_at,
      scannerEvents: o.scanner,
    });
  });
  return { rows, total };
}

/** GET …/phishing/{id}/employees: one page, sorted and counted by the database. */
export async function phishingEmployees(
  db: Db,
  tenant: TenantContext,
  id: string,
  q: z.output<typeof PhishingEmployeesQuery>,
) {
  return employeeRows(db, tenant, id, q, { limit: q.n, offset: (q.p - 1) * q.n });
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
  const rows = await simulationsOfEmployee(db, scope, employeeId);
  const count = (has: (r: (typeof rows)[number]) => string | null) => rows.filter(has).length;
  return {
    simulations: rows.length,
    opened: count((r) => r.opened_at),
    clicked: count((r) => r.clicked_at),
    submitted: count((r) => r.submitted_at),
    reported: count((r) => r.reported_at),
    rows: rows.map((r) => ({
      campaignId: r.campaign_id,
      name: r.name,
      sentAt: r.status === 'sent' ? r.sent_at : null,
      openedAt: r.opened_at,
      clickedAt: r.clicked_at,
      submittedAt: r.submitted_at,
      reportedAt: r.reported_at,
      outcome: r.reported_at
        ? 'reported'
        : r.submitted_at
          ? 'submitted'
          : r.clicked_at
            ? 'clicked'
            : r.status === 'sent'
              ? 'sent'
              : 'notSent',
    })),
  };
}
