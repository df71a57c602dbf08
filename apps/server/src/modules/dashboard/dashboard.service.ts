/**
 * The dashboard (spec 1 §2 Dashboard): the two cards, the performance tables, the delivery calendar
 * and the latest subjects, for any manager of the company.
 */
import {
  calendarMonthBounds,
  DASHBOARD_LIMITS,
  isSubjectAvailable,
  type CalendarEvent,
  type CompanyStatistics,
  type DashboardAssessmentRow,
  type DashboardTrainingRow,
  type LatestSubject,
} from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { participantCounts } from '../assessment-reports/assessment-reports.service.ts';
import { EVERYONE } from '../../lib/assessment-stats.ts';
import { assessmentRow } from '../assessments/assessments.service.ts';
import { phishingSummary } from '../phishing/phishing.results.ts';
import { presentSubscription } from '../companies/companies.presenter.ts';
import { companyById } from '../companies/companies.service.ts';
import {
  presentAssessmentRow,
  presentCalendarEvent,
  presentLatestSubject,
  presentStatistics,
  presentTrainingRow,
} from './dashboard.presenter.ts';
import {
  calendarRows,
  newestSubjects,
  keepProgramCounts,
  keptProgramCounts,
  lockProgramCounts,
  programCounts,
  resilienceAggregates,
  takeProgramCountChanges,
  topAssessmentIds,
  topTrainings,
  trainingFigures,
} from './dashboard.queries.ts';

async function companyOf(db: Db, tenant: TenantContext) {
  const record = await companyById(db, tenant.companyId);
  if (!record) throw NotFound('Company not found.');
  return record;
}

/**
 * The cards. A program's users are the distinct employees in its lists as they are now (the people it
 * goes to: for an active program those it has reached or will reach, for a completed one its
 * audience); each state's figure counts an employee once however many of its programs they are in.
 * Active means scheduled or active, as in the lists' Active tab. `employees.total` is everyone in
 * any list (the seats in use); `seats` the package's, null without a package or a seat limit.
 */
export async function companyStatistics(db: Db, tenant: TenantContext): Promise<CompanyStatistics> {
  const [counts, company] = await Promise.all([programCountsKept(db, tenant), companyOf(db, tenant)]);
  return presentStatistics(counts, company.subscription?.seats ?? null);
}

/**
 * The counts read once per change: kept in company_statistics and computed again when a change to one
 * of their inputs was noted (migration 0012). Computing takes the company's lock for its counts, so
 * readers who find them stale at once compute them once; writers never wait for it.
 */
async function programCountsKept(db: Db, tenant: TenantContext) {
  const kept = await keptProgramCounts(db, tenant);
  if (kept) return kept;
  return db.transaction(async (tx) => {
    await lockProgramCounts(tx, tenant);
    const again = await keptProgramCounts(tx, tenant);
    if (again) return again;
    await takeProgramCountChanges(tx, tenant);
    const counts = await programCounts(tx, tenant);
    await keepProgramCounts(tx, tenant, counts);
    return counts;
  });
}

/**
 * The training performance table: the first `limit` non-draft programs, active ones first, then
 * scheduled, then completed, newest start first within each; employees reached and who opened
 * something counted as the trainings list counts them.
 */
export async function dashboardTrainings(
  db: Db,
  tenant: TenantContext,
  limit: number,
): Promise<{ rows: DashboardTrainingRow[] }> {
  const programs = await topTrainings(db, tenant, limit);
  const figures = await trainingFigures(
    db,
    tenant,
    programs.map((t) => t.id),
  );
  return { rows: programs.map((t) => presentTrainingRow(t, figures.get(t.id)!)) };
}

/** The assessment performance table, in the same order; figures from the kept aggregates. */
export async function dashboardAssessments(
  db: Db,
  tenant: TenantContext,
  limit: number,
): Promise<{ rows: DashboardAssessmentRow[] }> {
  const ids = await topAssessmentIds(db, tenant, limit);
  const [records, counts, resilience] = await Promise.all([
    Promise.all(ids.map((id) => assessmentRow(db, tenant, id))),
    Promise.all(ids.map((id) => participantCounts(db, tenant, id))),
    resilienceAggregates(db, tenant, ids),
  ]);
  const keptById = new Map(resilience.map((r) => [r.id, r]));
  const none = { total: 0, started: 0, finished: 0 };
  return {
    rows: records.flatMap((a, i) =>
      a
        ? [
            presentAssessmentRow(
              a,
              counts[i]!.find((c) => c.listId === EVERYONE) ?? none,
              keptById.get(a.id) ?? { sum: 0, count: 0 },
            ),
          ]
        : [],
    ),
  };
}

/**
 * The delivery calendar of month `m` as it runs in `timeZone` (UTC when none is given): every
 * training batch and reminder, assessment invitation and reminder, and assessment due date of the
 * company's non-draft programs, in date order.
 */
export async function calendarEvents(
  db: Db,
  tenant: TenantContext,
  m: string,
  timeZone = 'UTC',
): Promise<CalendarEvent[]> {
  const { from, to } = calendarMonthBounds(m, timeZone);
  const rows = await calendarRows(db, tenant, from, to);
  return rows.map(presentCalendarEvent);
}

/** The newest subjects the company's plan includes, in its default language. */
export async function latestSubjects(db: Db, tenant: TenantContext): Promise<LatestSubject[]> {
  const [company, rows] = await Promise.all([companyOf(db, tenant), newestSubjects(db)]);
  const plan = presentSubscription(company.subscription);
  return rows
    .filter((s) => isSubjectAvailable(plan, s))
    .slice(0, DASHBOARD_LIMITS.latestSubjects)
    .map((s) => presentLatestSubject(s, company.company.defaultLanguage));
}

/** The phishing simulations' figures of the last twelve months (phish-prone and report rates, by month). */
export const dashboardPhishing = (db: Db, tenant: TenantContext, now = new Date()) =>
  phishingSummary(db, tenant, now);
