/**
 * The 'General overview' report (spec 3 §2.3 /reports): the company's programs and assessments with
 * the figures their own lists already show, as a PDF or a CSV.
 */
import {
  FIGURES,
  percentOf,
  REPORT_LIMITS,
  roundScore,
  scoreBand,
  type Brand,
  type ScoreRanges,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { toIso, type Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { latestAssessmentSummary } from '../assessment-reports/assessment-reports.service.ts';
import { assessmentsPage } from '../assessments/assessments.service.ts';
import { brandOf, companyById, companyLogoBytes, scoreRangesOf } from '../companies/companies.service.ts';
import { seatsUsed } from '../../lib/entitlements.ts';
import { figuresOf } from '../trainings/trainings.presenter.ts';
import { trainingsPage } from '../trainings/trainings.service.ts';
import { toCsv, type CsvCell } from '../../lib/csv.ts';
import { renderOverviewReportPdf } from './overview-report-pdf.ts';
import { quizAnswersByTraining, type QuizAnswers } from './overview-report.queries.ts';

export interface Band {
  title: string;
  /** A palette name (the spec's bands) or #rrggbb (a branding range). */
  color: string;
  /** A branding range: its title is printed as written. */
  custom?: boolean;
}

export interface OverviewTraining {
  name: string;
  status: string;
  firstDelivery: Date | null;
  lastDelivery: Date | null;
  /** Employees the program reached. */
  employees: number;
  attendance: number | null;
  completionRate: number | null;
  awarenessScore: number | null;
}

export interface OverviewAssessment {
  name: string;
  status: string;
  delivery: Date | null;
  due: Date | null;
  invited: number;
  started: number;
  finished: number;
  resilienceScore: number | null;
  band: Band | null;
}

export interface OverviewReport {
  /** The company's name, colours and logo as every document it sends wears them. */
  brand: Brand;
  /** PNG or JPEG bytes of the brand's logo, loaded by the caller; the company name is printed without. */
  logo: Buffer | null;
  /** The company's score ranges every band and pill follows; null: the spec's bands. */
  scoreRanges: ScoreRanges | null;
  language: string;
  generatedAt: Date;
  employees: number;
  trainingCounts: { active: number; completed: number; all: number };
  assessmentCounts: { active: number; completed: number; all: number };
  /** Correct first answers ÷ answers over every program's quizzes; null before any answer. */
  awarenessScore: number | null;
  /** The latest assessment with finished employees (the infosec summary's), or null. */
  latest: {
    name: string;
    resilienceScore: number | null;
    band: Band | null;
    finished: number;
    areas: { name: string; score: number | null; band: Band | null }[];
  } | null;
  trainings: OverviewTraining[];
  assessments: OverviewAssessment[];
}

const date = (value: Date | string | null | undefined) => {
  const iso = toIso(value);
  return iso ? new Date(iso) : null;
};

const bandOf = (score: number | null, ranges: ScoreRanges | null): Band | null => {
  if (score === null) return null;
  const { title, color, custom } = scoreBand(score, ranges);
  return custom ? { title, color, custom } : { title, color };
};

const awarenessOf = (answers: QuizAnswers | undefined) =>
  answers ? percentOf(answers.correct, answers.answered) : null;

async function trainingRows(db: Db, tenant: TenantContext) {
  const [page, answers] = await Promise.all([
    trainingsPage(
      db,
      tenant,
      { tab: 'all', includeDrafts: false },
      { sort: 'start', direction: 'desc', limit: REPORT_LIMITS.pdfRows, offset: 0 },
    ),
    quizAnswersByTraining(db, tenant),
  ]);
  const rows: OverviewTraining[] = page.rows.map((r) => {
    const f = figuresOf(r);
    return {
      name: r.training.name,
      status: r.training.status,
      firstDelivery: date(r.firstBatch),
      lastDelivery: date(r.lastBatch),
      employees: f.totalUsers,
      attendance: f.attendance,
      completionRate: f.completionRate,
      awarenessScore: awarenessOf(answers.get(r.training.id)),
    };
  });
  const all = [...answers.values()];
  const pooled = percentOf(
    all.reduce((sum, a) => sum + a.correct, 0),
    all.reduce((sum, a) => sum + a.answered, 0),
  );
  return { rows, counts: page.counts, awarenessScore: pooled };
}

async function assessmentRows(db: Db, tenant: TenantContext, ranges: ScoreRanges | null) {
  const page = await assessmentsPage(
    db,
    tenant,
    { tab: 'all', includeDrafts: false },
    { sort: 'delivery', direction: 'desc', limit: REPORT_LIMITS.pdfRows, offset: 0 },
  );
  const rows: OverviewAssessment[] = page.rows.map((r) => {
    const score = r.scoreAverage === null ? null : roundScore(r.scoreAverage);
    return {
      name: r.assessment.name,
      status: r.assessment.status,
      delivery: date(r.assessment.deliveryAt ?? r.assessment.startedAt),
      due: date(r.assessment.dueAt),
      invited: r.usersTotal,
      started: r.usersStarted,
      finished: r.usersFinished,
      resilienceScore: score,
      band: bandOf(score, ranges),
    };
  });
  return { rows, counts: page.counts };
}

/** Everything the report prints, read with the tenant's scope. */
export async function overviewReport(ctx: AppContext, tenant: TenantContext): Promise<OverviewReport> {
  const { db } = ctx;
  const record = await companyById(db, tenant.companyId);
  if (!record) throw NotFound('Company not found.');
  const { company } = record;
  const ranges = await scoreRangesOf(db, company);
  const [employees, trainings, assessments, summary] = await Promise.all([
    seatsUsed(db, tenant),
    trainingRows(db, tenant),
    assessmentRows(db, tenant, ranges),
    latestAssessmentSummary(db, tenant),
  ]);
  return {
    brand: brandOf(ctx.config, company),
    logo: await companyLogoBytes(ctx, company),
    scoreRanges: ranges,
    language: company.defaultLanguage,
    generatedAt: new Date(),
    employees,
    trainingCounts: trainings.counts,
    assessmentCounts: assessments.counts,
    awarenessScore: trainings.awarenessScore,
    latest: summary && {
      name: summary.assessment.name,
      resilienceScore: summary.resilienceScore,
      band: bandOf(summary.resilienceScore, ranges),
      finished: summary.usersFinished,
      areas: summary.areas.map((a) => ({ name: a.name, score: a.score, band: bandOf(a.score, ranges) })),
    },
    trainings: trainings.rows,
    assessments: assessments.rows,
  };
}

export async function overviewReportPdf(ctx: AppContext, tenant: TenantContext): Promise<Buffer> {
  return renderOverviewReportPdf(await overviewReport(ctx, tenant));
}

export const OVERVIEW_CSV_HEADER = [
  'Type',
  'Name',
  'Status',
  'Start',
  'End',
  'Employees',
  'Started',
  'Finished',
  'Attendance %',
  `${FIGURES.completion.name} %`,
  `${FIGURES.quizScore.name} %`,
  FIGURES.resilienceScore.name,
  'Resilience band',
];

const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : '');

/**
 * One row per program and per assessment under the same columns; a column that does not apply to
 * the row's type is empty. Cells are neutralised by toCsv.
 */
export async function overviewReportCsv(ctx: AppContext, tenant: TenantContext): Promise<string> {
  const report = await overviewReport(ctx, tenant);
  const trainingRow = (t: OverviewTraining): CsvCell[] => [
    'training',
    t.name,
    t.status,
    day(t.firstDelivery),
    day(t.lastDelivery),
    t.employees,
    null,
    null,
    t.attendance,
    t.completionRate,
    t.awarenessScore,
    null,
    null,
  ];
  const assessmentRow = (a: OverviewAssessment): CsvCell[] => [
    'assessment',
    a.name,
    a.status,
    day(a.delivery),
    day(a.due),
    a.invited,
    a.started,
    a.finished,
    percentOf(a.started, a.invited),
    percentOf(a.finished, a.invited),
    null,
    a.resilienceScore,
    a.band?.title ?? null,
  ];
  return toCsv(OVERVIEW_CSV_HEADER, [
    ...report.trainings.map(trainingRow),
    ...report.assessments.map(assessmentRow),
  ]);
}
