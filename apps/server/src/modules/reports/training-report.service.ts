import {
  DELIVERY_MESSAGES,
  REPORT_LIMITS,
  ROLES,
  trainingReportActions,
  completionPercent,
  FIGURES,
  quizScorePercent,
  type TrainingReport,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { toIso, type Db } from '../../db/client.ts';
import { Forbidden, NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { privacyOf, requirePersonalFiles } from '../../lib/privacy.ts';
import {
  brandOf,
  companyById,
  companyLogoBytes,
  scoreRangesOf,
  settingsOf,
} from '../companies/companies.service.ts';
import { removeEmployeesFromCompany } from '../employees/employees.service.ts';
import { figuresOf } from '../trainings/trainings.presenter.ts';
import {
  findTraining,
  findTrainingRow,
  trainingLessons,
  trainingListsReport,
} from '../trainings/trainings.service.ts';
import { renderCertificatePdf } from '../../lib/pdf/certificate-pdf.ts';
import { certificateNote } from '../../mail/templates/company-texts.ts';
import { toCsv } from '../../lib/csv.ts';
import { renderTrainingReportPdf } from './training-report-pdf.ts';
import { programEmployeeIds, reportPeople, type ReportPerson } from './training-report.queries.ts';

const completionOf = (p: { score: number; total: number; started: boolean }) =>
  p.started ? completionPercent(p.score, p.total) : null;

async function companyOf(db: Db, tenant: TenantContext) {
  const record = await companyById(db, tenant.companyId);
  if (!record) throw NotFound('Company not found.');
  return record.company;
}

type CompanyRow = Awaited<ReturnType<typeof companyOf>>;

/** What this manager may do from the report (spec 3 §2.3). */
const actionsOf = (tenant: TenantContext, company: CompanyRow) =>
  trainingReportActions({
    isAdmin: tenant.role === ROLES.admin,
    anonymous: privacyOf(company).anonymous,
    sso: settingsOf(company).ssoConfigured,
  });

/** The program's figures, lessons and lists: the head of every report. */
async function reportHead(db: Db, tenant: TenantContext, trainingId: string) {
  const record = await findTraining(db, tenant, trainingId);
  const company = await companyOf(db, tenant);
  const [lessons, lists] = await Promise.all([
    trainingLessons(db, tenant, trainingId, company.defaultLanguage),
    trainingListsReport(db, tenant, trainingId),
  ]);
  const f = figuresOf(record);
  const training = {
    id: record.training.id,
    name: record.training.name,
    status: record.training.status,
    firstBatch: toIso(record.firstBatch),
    lastBatch: toIso(record.lastBatch),
    invited: f.totalUsers,
    bounced: f.bouncedEmails,
    opened: f.opened,
    score: f.score,
    total: f.total,
    answered: f.answered,
    correct: f.correct,
    attendance: f.attendance,
    completionRate: f.completionRate,
    quizScore: f.quizScore,
  };
  return { company, training, lessons, lists, privacy: privacyOf(company) };
}

function presentPerson(p: ReportPerson, details: boolean) {
  return {
    email: p.email,
    name: p.name,
    lists_names: p.lists,
    score: p.score,
    total: p.total,
    answered: p.quiz_answered,
    correct: p.quiz_correct,
    opened: p.started,
    completedDate: toIso(p.completed_at),
    ...(details ? { viewed_subject_ids: p.viewed ?? [], answered_subject_ids: p.answered ?? [] } : {}),
  };
}

/** The report pages' data: the head and one page of employees (none under anonymous tracking). */
export async function trainingReport(
  db: Db,
  tenant: TenantContext,
  trainingId: string,
  q: { p: number; n: number; details: boolean },
): Promise<TrainingReport> {
  const head = await reportHead(db, tenant, trainingId);
  const lessons = head.lessons.map(({ date: _date, ...l }) => l);
  const actions = actionsOf(tenant, head.company);
  if (!head.privacy.identities)
    return { training: head.training, lessons, lists: head.lists, users: null, usersTotal: 0, ...actions };
  const people = await reportPeople(db, tenant, trainingId, {
    limit: q.n,
    offset: (q.p - 1) * q.n,
    details: q.details,
  });
  return {
    training: head.training,
    lessons,
    lists: head.lists,
    users: people.rows.map((p) => presentPerson(p, q.details)),
    usersTotal: people.total,
    ...actions,
  };
}

/**
 * The report's "Delete users" (spec 3 §2.3): deletes employees of the program from the company, as a
 * list removal does but from every list (see removeEmployeesFromCompany). Admins only, and not under anonymous
 * tracking or single sign-on.
 */
export async function deleteTrainingUsers(
  db: Db,
  tenant: TenantContext,
  trainingId: string,
  emails: string[],
): Promise<{ deleted: number; message: string }> {
  await findTrainingRow(db, tenant, trainingId);
  if (!actionsOf(tenant, await companyOf(db, tenant)).canDeleteUsers)
    throw Forbidden(DELIVERY_MESSAGES.deleteNotAllowed);
  const ids = await programEmployeeIds(
    db,
    tenant,
    trainingId,
    emails.map((e) => e.toLowerCase()),
  );
  if (ids.length === 0) throw NotFound(DELIVERY_MESSAGES.nothingDeleted);
  const deleted = await removeEmployeesFromCompany(db, tenant, ids);
  return { deleted, message: DELIVERY_MESSAGES.employeesDeleted };
}

/** The report as a PDF: at most 1000 employees, with the per-lesson matrix when asked. */
export async function trainingReportPdf(
  ctx: AppContext,
  tenant: TenantContext,
  trainingId: string,
  details: boolean,
) {
  const { db } = ctx;
  const head = await reportHead(db, tenant, trainingId);
  const people = !head.privacy.identities
    ? null
    : await reportPeople(db, tenant, trainingId, {
        limit: REPORT_LIMITS.pdfRows,
        offset: 0,
        details,
      });
  const lessonIds = head.lessons.map((l) => l.id);
  const date = (d: string | null) => (d ? new Date(d) : null);
  return renderTrainingReportPdf({
    brand: brandOf(ctx.config, head.company),
    logo: await companyLogoBytes(ctx, head.company),
    scoreRanges: await scoreRangesOf(db, head.company),
    generatedAt: new Date(),
    language: head.company.defaultLanguage,
    training: {
      name: head.training.name,
      status: head.training.status,
      firstBatch: date(head.training.firstBatch),
      lastBatch: date(head.training.lastBatch),
      invited: head.training.invited,
      bounced: head.training.bounced,
      attendance: head.training.attendance,
      completionRate: head.training.completionRate,
      quizScore: head.training.quizScore,
    },
    lessons: head.lessons.map((l) => ({
      name: l.name,
      sent: l.sent,
      score: l.score,
      total: l.total,
      questionsCount: l.questions_count,
      correctsStats: l.correctsStats,
    })),
    lists: head.lists.map((l) => ({
      name: l.name,
      users: l.list_user_count,
      score: l.score,
      total: l.total,
    })),
    employees:
      people?.rows.map((p) => ({
        name: p.name,
        email: p.email,
        lists: p.lists.map((l) => l.name).join(', '),
        score: p.score,
        total: p.total,
        percent: completionOf(p),
        quizScore: quizScorePercent(p.quiz_correct, p.quiz_answered),
        completedAt: p.completed_at ? new Date(p.completed_at) : null,
      })) ?? null,
    details:
      details && people
        ? people.rows.map((p) => ({
            email: p.email,
            name: p.name,
            viewed: lessonIds.map((id) => (p.viewed ?? []).includes(id)),
            answered: lessonIds.map((id) => (p.answered ?? []).includes(id)),
          }))
        : null,
    employeesTotal: people?.total ?? 0,
  });
}

export type CsvKind = 'users_report' | 'users_detailed_report' | 'users';

/** The employee CSVs (spec 2 §7 direct downloads); refused under anonymous tracking. */
export async function trainingCsv(db: Db, tenant: TenantContext, trainingId: string, kind: CsvKind) {
  const head = await reportHead(db, tenant, trainingId);
  requirePersonalFiles(head.privacy);
  const detailed = kind === 'users_detailed_report';
  const people = await reportPeople(db, tenant, trainingId, {
    limit: null,
    offset: 0,
    details: detailed,
  });
  const lists = (p: ReportPerson) => p.lists.map((l) => l.name).join(', ');
  if (kind === 'users')
    return toCsv(
      ['Name', 'Email', 'Lists'],
      people.rows.map((p) => [p.name, p.email, lists(p)]),
    );
  const base = [
    'Name',
    'Email',
    'Lists',
    'Finished lessons',
    'Delivered lessons',
    `${FIGURES.completion.name} %`,
    'Correct answers',
    'Answered questions',
    `${FIGURES.quizScore.name} %`,
    'Started',
    'Completed',
  ];
  const row = (p: ReportPerson) => [
    p.name,
    p.email,
    lists(p),
    p.score,
    p.total,
    completionOf(p),
    p.quiz_correct,
    p.quiz_answered,
    quizScorePercent(p.quiz_correct, p.quiz_answered),
    p.started ? 'yes' : 'no',
    toIso(p.completed_at)?.slice(0, 10) ?? '',
  ];
  if (!detailed) return toCsv(base, people.rows.map(row));
  const lessonHeaders = head.lessons.flatMap((l) => [`${l.name} — watched`, `${l.name} — answered`]);
  return toCsv(
    [...base, ...lessonHeaders],
    people.rows.map((p) => [
      ...row(p),
      ...head.lessons.flatMap((l) => [
        (p.viewed ?? []).includes(l.id) ? 'yes' : 'no',
        (p.answered ?? []).includes(l.id) ? 'yes' : 'no',
      ]),
    ]),
  );
}

/** GET /download/certificate/preview: the certificate as the company's employees will get it. */
export async function certificatePreview(ctx: AppContext, tenant: TenantContext) {
  const company = await companyOf(ctx.db, tenant);
  return renderCertificatePdf({
    brand: brandOf(ctx.config, company),
    logo: await companyLogoBytes(ctx, company),
    employeeName: 'Alex Example',
    employeeEmail: 'alex@example.com',
    trainingName: 'Security awareness essentials',
    completedAt: new Date(),
    subjects: ['Spot the phish', 'Passwords and passphrases', 'Clean desk, locked screen'],
    language: company.defaultLanguage,
    note: certificateNote(settingsOf(company), company.defaultLanguage, {
      employee_name: 'Alex Example',
      company: company.name,
      program: 'Security awareness essentials',
      due_date: '',
    }),
    preview: true,
  });
}
