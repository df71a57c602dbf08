/**
 * The employees report and the assessment's CSV downloads (users.csv, lists.csv, answers.csv).
 * Every CSV goes through lib/csv.ts, which neutralises formulas; what tells who an employee is
 * goes through lib/privacy.ts (under anonymous tracking the report's rows are nameless and the
 * per-employee files are refused; lists.csv holds only figures).
 */
import type { Readable } from 'node:stream';
import {
  FIGURES,
  localize,
  roundScore,
  type AssessmentChoice,
  type AssessmentEmployeeRow,
  type AssessmentUsersQuery,
  type BehaviourPoints,
  type QuestionBlock,
} from '@vigil/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../http/tenant.ts';
import {
  identityOrder,
  peopleListing,
  presentIdentity,
  requirePersonalFiles,
  type Privacy,
} from '../../lib/privacy.ts';
import { privacyOfTenant } from '../companies/companies.service.ts';
import { csvCells, csvTextStream, toCsv } from '../../lib/csv.ts';
import { areaOf, checkList, reportContent, type ReportContent } from './assessment-report-content.ts';
import {
  ANSWER_END,
  ANSWER_FIELD,
  answerPages,
  answeringEmployees,
  employeeRows,
  participatingEmployees,
  type AnsweringEmployee,
  type EmployeeReportRow,
} from './assessment-reports.queries.ts';
import { employeeListRows } from './assessment-reports.service.ts';

type UsersQuery = z.output<typeof AssessmentUsersQuery>;

const listNamesOf = (content: ReportContent) => {
  const names = new Map(content.lists.map((l) => [l.id, l.name]));
  return (ids: string[]) =>
    ids
      .map((id) => names.get(id))
      .filter((n): n is string => Boolean(n))
      .sort()
      .join(', ');
};

async function employees(
  db: Db,
  tenant: TenantContext,
  privacy: Privacy,
  assessmentId: string,
  q: UsersQuery,
  paged: boolean,
) {
  const content = await reportContent(db, tenant, assessmentId);
  checkList(content, q.listId);
  const area = q.threatArea ? areaOf(content, q.threatArea) : undefined;
  const page = paged ? { limit: q.n, offset: (q.p - 1) * q.n } : null;
  const { filter: search, ...rest } = q;
  const filter = {
    ...rest,
    threatArea: area?.id,
    order: identityOrder(privacy, q.order, ['name', 'email', 'list'], 'completed'),
    ...peopleListing(privacy, search),
  };
  const result = await employeeRows(db, tenant, assessmentId, filter, page);
  return { content, ...result };
}

function presentEmployee(r: EmployeeReportRow, lists: (ids: string[]) => string): AssessmentEmployeeRow {
  return {
    email: r.email,
    name: r.name,
    listName: lists(r.listIds),
    completedDate: r.finishedAt,
    started: r.startedAt !== null,
    scorePercent: r.score === null ? null : roundScore(r.score),
    bounced: r.bounced,
    // Personal links are the assessments module's to add (admins, not under anonymous tracking).
    access_link: null,
  };
}

/** GET …/users: one page of the employees report. */
export async function employeesPage(db: Db, tenant: TenantContext, assessmentId: string, q: UsersQuery) {
  const privacy = await privacyOfTenant(db, tenant);
  const { content, rows, total } = await employees(db, tenant, privacy, assessmentId, q, true);
  const lists = listNamesOf(content);
  return { rows: rows.map((r) => presentIdentity(privacy, presentEmployee(r, lists))), total };
}

const statusOf = (r: EmployeeReportRow) =>
  r.finishedAt ? 'Finished' : r.startedAt ? 'Started' : 'Not started';

/** users.csv: the same employees, filters and order, every page; refused under anonymous tracking. */
export async function employeesCsv(db: Db, tenant: TenantContext, assessmentId: string, q: UsersQuery) {
  const privacy = await privacyOfTenant(db, tenant);
  requirePersonalFiles(privacy);
  const { content, rows } = await employees(db, tenant, privacy, assessmentId, q, false);
  const lists = listNamesOf(content);
  const scoreTitle = q.threatArea
    ? `${areaOf(content, q.threatArea).name} score`
    : FIGURES.resilienceScore.name;
  return toCsv(
    ['Name', 'Email', 'Lists', 'Status', 'Completed date', scoreTitle, 'Bounced'],
    rows.map((r) => [
      r.name,
      r.email,
      lists(r.listIds),
      statusOf(r),
      r.finishedAt ?? '',
      r.score === null ? 'N/A' : roundScore(r.score),
      r.bounced ? 'Yes' : 'No',
    ]),
  );
}

/** lists.csv: the lists table, with the threat area's score instead of resilience when given. */
export async function listsCsv(db: Db, tenant: TenantContext, assessmentId: string, threatArea?: string) {
  const { rows, area } = await employeeListRows(db, tenant, assessmentId, threatArea);
  const na = (v: number | null) => (v === null ? 'N/A' : v);
  return toCsv(
    [
      'List',
      'Employees',
      'Started',
      `${FIGURES.completion.name} %`,
      area ? `${area.name} score` : FIGURES.resilienceScore.name,
    ],
    rows.map((r) => [r.listName, r.employeesCount, r.started, na(r.completionRate), na(r.resilienceScore)]),
  );
}

type ActionBlock = Extract<QuestionBlock, { actionId: string }>;

/** The employee's answer in words: the chosen option, or each item with Yes or No. */
function answerInWords(block: ActionBlock, choice: AssessmentChoice, lang: string): string {
  if (block.type === 'multiple-choice')
    return 'option' in choice ? localize(block.options[choice.option]?.label, lang) : '';
  if (!('items' in choice)) return '';
  return block.items
    .map((item, i) => {
      const said = choice.items[i];
      return `${localize(item.text, lang)}: ${said === true ? 'Yes' : said === false ? 'No' : '–'}`;
    })
    .join('; ');
}

/** The behaviours an action can give points to. */
function codesOf(block: ActionBlock): Set<string> {
  const scores =
    block.type === 'multiple-choice'
      ? block.options.map((o) => o.scores)
      : block.items.flatMap((i) => [i.yes, i.no]);
  return new Set(scores.flatMap((s) => Object.keys(s)));
}

/**
 * The Email, Name and Lists cells of each answering employee: the assessment's employees read once;
 * one who answered without being a participant is looked up on first sight (null when not the
 * company's, whose answers are left out).
 */
async function employeeCells(db: Db, tenant: TenantContext, assessmentId: string, content: ReportContent) {
  const lists = listNamesOf(content);
  const cells = new Map<string, string | null>();
  const add = (people: AnsweringEmployee[]) => {
    for (const p of people) cells.set(p.id, csvCells([p.email, p.name, lists(p.listIds ?? [])]));
  };
  add(await participatingEmployees(db, tenant, assessmentId));
  return async (ids: string[]) => {
    const unseen = ids.filter((id) => !cells.has(id));
    if (unseen.length) {
      add(await answeringEmployees(db, tenant, assessmentId, unseen));
      for (const id of unseen) if (!cells.has(id)) cells.set(id, null);
    }
    return cells;
  };
}

/**
 * answers.csv, streamed: one row per answer — the employee, the question and its action, the answer
 * in words and the points it earned per key behaviour (blank where the action does not score it).
 * Rows are joined from parts written once: the employee's, and each distinct answer's. Refused under
 * anonymous tracking.
 */
export async function answersCsv(db: Db, tenant: TenantContext, assessmentId: string): Promise<Readable> {
  requirePersonalFiles(await privacyOfTenant(db, tenant));
  const content = await reportContent(db, tenant, assessmentId);
  const questions = new Map(content.questions.map((q) => [q.id, q]));
  const areaNames = new Map(content.areas.map((a) => [a.id, a.name]));
  const codes = content.behaviours.map((b) => b.code);
  const header = [
    'Email',
    'Name',
    'Lists',
    'Question number',
    'Question',
    'Threat area',
    'Action',
    'Answer',
    ...content.behaviours.map((b) => `${b.code} ${b.name}`),
  ];
  const answerParts = new Map<string, string>();
  /** The cells of one answer, from its text (see EmployeeAnswers): the text is the cache key. */
  const answerPart = (answer: string): string => {
    let part = answerParts.get(answer);
    if (part === undefined) {
      const [questionId = '', actionId = '', choice = '{}', pointsText = '{}'] = answer.split(ANSWER_FIELD);
      const q = questions.get(questionId);
      const block = q?.blocks.find((b): b is ActionBlock => 'actionId' in b && b.actionId === actionId);
      const points = JSON.parse(pointsText) as BehaviourPoints;
      const scored = block ? codesOf(block) : new Set(Object.keys(points));
      part = csvCells([
        q?.number ?? null,
        q?.name ?? questionId,
        q ? (areaNames.get(q.areaId) ?? q.areaId) : null,
        block ? localize(block.question, content.lang) : actionId,
        block ? answerInWords(block, JSON.parse(choice) as AssessmentChoice, content.lang) : '',
        ...codes.map((code) => (scored.has(code) ? (points[code] ?? 0) : null)),
      ]);
      answerParts.set(answer, part);
    }
    return part;
  };
  const employeesOf = await employeeCells(db, tenant, assessmentId, content);
  async function* pages(): AsyncGenerator<string> {
    for await (const page of answerPages(db, tenant, assessmentId)) {
      const people = await employeesOf(page.map((e) => e.employeeId));
      let text = '';
      for (const { employeeId, answers } of page) {
        const person = people.get(employeeId);
        if (person === null || person === undefined) continue;
        for (const answer of answers.split(ANSWER_END)) text += `${person},${answerPart(answer)}\r\n`;
      }
      yield text;
    }
  }
  return csvTextStream(header, pages());
}
