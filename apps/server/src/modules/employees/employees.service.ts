import {
  EMPLOYEE_MESSAGES,
  IMPORT_ERRORS,
  localize,
  parseImportLines,
  roundScore,
  type AddUsersRequest,
  type EmployeeDetail,
  type EmployeeList,
  type EmployeePage,
  type ImportResult,
  type ParsedEmployee,
} from '@vigil/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { CreateUsersBatchRequest, EmployeePageQuery } from '@vigil/shared';
import { toIso, type Db } from '../../db/client.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { admitEmployees, unlinkSeats } from '../../lib/entitlements.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { privacyOf, requireIdentities } from '../../lib/privacy.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import { rebuildAssessmentStats } from '../../lib/assessment-stats.ts';
import { companyById } from '../companies/companies.service.ts';
import { announceNewListMembers } from '../enrolment/enrolment.service.ts';
import {
  assessmentRecordsOf,
  deleteEmployees,
  deleteList,
  employeesInLists,
  employeeInList,
  insertList,
  listById,
  listsOfCompany,
  listsOfEmployee,
  membersOfList,
  membersPage,
  removeFromList,
  removeOthersFromList,
  renameList,
  subjectRecordsOf,
  upsertIntoList,
  type EmployeeUpsert,
  type MemberRow,
  type SubjectRecord,
  removeFromCompany,
  employeesAfter,
  employeeById,
  listMembersAfter,
  updateEmployee,
  type DirectoryRow,
} from './employees.queries.ts';

/**
 * Removes employees from every list of the tenant's company and revokes their learner links (see
 * removeFromCompany); this process's learner cache forgets them at once. Returns how many were in a list.
 */
export async function removeEmployeesFromCompany(db: Db, scope: CompanyScope, employeeIds: string[]) {
  const removed = await removeFromCompany(db, scope, employeeIds);
  companyChanged(scope.companyId);
  return removed;
}

/**
 * Erases employees of the tenant's company: the one call for deleting an employee outright (an erasure
 * request, deprovisioning by directory sync or SCIM). Their row and every row about them go in one
 * statement, by the foreign keys that name (company, employee) (migration 0013; deleteEmployees); the
 * programs' kept per-employee rows go with them and the dashboard's counts are noted as changed, both by
 * triggers, and the kept aggregates of the assessments they had finished are rebuilt from the
 * participants left, in the same transaction. Unlike removeEmployeesFromCompany, their past stays in no
 * figure. Returns how many employees were deleted (ids of other companies delete nothing).
 */
export async function eraseEmployees(db: Db, tenant: TenantContext, employeeIds: string[]): Promise<number> {
  if (employeeIds.length === 0) return 0;
  const deleted = await db.transaction(async (tx) => {
    const gone = await deleteEmployees(tx, tenant, employeeIds);
    await unlinkSeats(tx, tenant, employeeIds);
    for (const assessmentId of gone.assessmentIds) await rebuildAssessmentStats(tx, assessmentId);
    return gone.deleted;
  });
  companyChanged(tenant.companyId);
  return deleted;
}

/** How many employees of each kind an import result lists by name; the counts are always exact. */
const RESULT_SAMPLE = 200;

const listNotFound = () => NotFound(EMPLOYEE_MESSAGES.noListSelected);

function presentList(row: {
  id: string;
  name: string;
  created: Date;
  source: string;
  usersCount: number;
}): EmployeeList {
  return {
    id: row.id,
    name: row.name,
    created: row.created.toISOString(),
    usersCount: Number(row.usersCount),
    source: row.source,
  };
}

export async function companyLists(db: Db, tenant: TenantContext) {
  const [rows, usersTotal] = await Promise.all([listsOfCompany(db, tenant), employeesInLists(db, tenant)]);
  return { rows: rows.map(presentList), usersTotal };
}

export async function getList(db: Db, tenant: TenantContext, listId: string): Promise<EmployeeList> {
  const row = await listById(db, tenant, listId);
  if (!row) throw listNotFound();
  return presentList(row);
}

export async function createList(db: Db, tenant: TenantContext, name: string): Promise<EmployeeList> {
  return getList(db, tenant, await insertList(db, tenant, name));
}

export async function updateList(
  db: Db,
  tenant: TenantContext,
  listId: string,
  name: string,
): Promise<EmployeeList> {
  if (!(await renameList(db, tenant, listId, name))) throw listNotFound();
  return getList(db, tenant, listId);
}

export async function removeList(db: Db, tenant: TenantContext, listId: string): Promise<void> {
  if (!(await deleteList(db, tenant, listId))) throw listNotFound();
}

export async function listMembersPage(
  db: Db,
  tenant: TenantContext,
  listId: string,
  query: z.output<typeof EmployeePageQuery>,
): Promise<EmployeePage> {
  if (!(await listById(db, tenant, listId))) throw listNotFound();
  const { rows, total } = await membersPage(db, tenant, listId, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    sort: query.sort,
    order: query.order,
    q: query.q,
  });
  return {
    rows: rows.map((r) => ({ ...r, created: r.created.toISOString() })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

interface Classified {
  added: ParsedEmployee[];
  updated: ParsedEmployee[];
  obsolete: MemberRow[];
}

/** New to the list, changed in the list, or in the list but not in the file. */
function classify(rows: ParsedEmployee[], members: MemberRow[]): Classified {
  const byEmail = new Map(members.map((m) => [m.email, m]));
  const inFile = new Set(rows.map((r) => r.email));
  const added: ParsedEmployee[] = [];
  const updated: ParsedEmployee[] = [];
  for (const row of rows) {
    const member = byEmail.get(row.email);
    if (!member) added.push(row);
    else if ((row.name && row.name !== member.name) || (row.unit && row.unit !== member.unit))
      updated.push(row);
  }
  return { added, updated, obsolete: members.filter((m) => !inFile.has(m.email)) };
}

const toUpsert = (r: ParsedEmployee): EmployeeUpsert => ({
  email: r.email,
  name: r.name,
  unit: r.unit,
  tags: r.tags,
});

/**
 * POST createUsersBatch: the same line rules as the browser, then a preview (nothing stored) or the
 * import itself in one transaction: every valid line stored, or none.
 */
export async function createUsersBatch(
  ctx: AppContext,
  tenant: TenantContext,
  input: z.output<typeof CreateUsersBatchRequest>,
): Promise<ImportResult> {
  const { db } = ctx;
  // Nothing sent at all; a file of blank lines is one without rows, as the browser says too.
  if (input.records.length === 0) throw Invalid([IMPORT_ERRORS.noData]);
  const existing = input.listId ? await listById(db, tenant, input.listId) : undefined;
  if (input.listId && !existing) throw listNotFound();
  const listName = existing?.name ?? input.listName!;

  const { rows, errors } = parseImportLines(input.records);
  if (rows.length === 0 && errors.length === 0) throw Invalid([IMPORT_ERRORS.noRows]);

  const members = existing ? await membersOfList(db, tenant, existing.id) : [];
  const { added, updated, obsolete } = classify(rows, members);
  const removing = input.removeObsolete ? obsolete.length : 0;

  let listId = existing?.id ?? null;
  let newLists: ImportResult['newLists'] = existing ? [] : [{ id: '', name: listName }];
  if (!input.preview && (added.length > 0 || updated.length > 0 || removing > 0)) {
    await db.transaction(async (tx) => {
      await admitEmployees(
        tx,
        tenant,
        added.map((r) => r.email),
      );
      listId ??= await insertList(tx, tenant, listName, 'csv');
      await upsertIntoList(tx, tenant, listId, [...added, ...updated].map(toUpsert), 'csv');
      if (removing > 0)
        await removeOthersFromList(
          tx,
          tenant,
          listId,
          rows.map((r) => r.email),
        );
    });
    if (!existing) newLists = [{ id: listId!, name: listName }];
    await announceNewListMembers(
      ctx,
      tenant,
      listId!,
      added.map((r) => r.email),
    );
  }

  const sample = (list: { email: string; name: string }[]) =>
    list.slice(0, RESULT_SAMPLE).map((r) => ({ email: r.email, name: r.name, listName }));
  return {
    newUsers: sample(added),
    updatedUsers: sample(updated),
    obsoleteUsers: sample(obsolete),
    added: added.length,
    updated: updated.length,
    obsolete: obsolete.length,
    removed: input.preview ? 0 : removing,
    count_invalid: errors.length,
    data: errors.slice(0, 1000),
    newLists,
    records: rows.length,
    preview: input.preview,
    listId,
  };
}

/** Manual add: rows without an email are dropped; the others are created or updated and added. */
export async function addUsersToList(
  ctx: AppContext,
  tenant: TenantContext,
  listId: string,
  input: z.output<typeof AddUsersRequest>,
): Promise<{ added: number; updated: number }> {
  const { db } = ctx;
  const list = await listById(db, tenant, listId);
  if (!list) throw listNotFound();
  const seen = new Set<string>();
  const rows: ParsedEmployee[] = [];
  input.users.forEach((u, i) => {
    const email = u.email.toLowerCase();
    if (!email || seen.has(email)) return;
    seen.add(email);
    rows.push({ lineNumber: i + 1, email, name: u.name, unit: '', tags: [] });
  });
  if (rows.length === 0) throw Invalid([IMPORT_ERRORS.noData]);
  const { added, updated } = classify(rows, await membersOfList(db, tenant, listId));
  await db.transaction(async (tx) => {
    await admitEmployees(
      tx,
      tenant,
      added.map((r) => r.email),
    );
    await upsertIntoList(tx, tenant, listId, [...added, ...updated].map(toUpsert), 'manual');
  });
  await announceNewListMembers(
    ctx,
    tenant,
    listId,
    added.map((r) => r.email),
  );
  return { added: added.length, updated: updated.length };
}

export async function deleteUserFromList(
  db: Db,
  tenant: TenantContext,
  listId: string,
  email: string,
): Promise<void> {
  if (!(await removeFromList(db, tenant, listId, email.toLowerCase()))) {
    throw NotFound('This employee is not in the list.');
  }
}

type EmployeeRecord = Pick<EmployeeDetail, 'started' | 'score' | 'subjects' | 'trainings' | 'assessments'>;
type SubjectRow = EmployeeDetail['subjects'][number];

const earliest = (a: string | null, b: string | null) => (a === null ? b : b === null || b > a ? a : b);

/**
 * The training part of the record: one row per subject over the programs that delivered it, in the
 * order they reached the employee; the score counts each (program, subject) delivered, as a program's
 * own employee page does.
 */
function trainingRecord(records: SubjectRecord[], lang: string): Omit<EmployeeRecord, 'assessments'> {
  const bySubject = new Map<string, SubjectRow & { finishedAll: boolean }>();
  const trainings: EmployeeRecord['trainings'] = {};
  for (const r of records) {
    trainings[r.training_id] = r.training_name;
    const row = bySubject.get(r.subject_id) ?? {
      title: r.title ? localize(r.title, lang) : r.subject_id,
      delivered: null,
      viewed: null,
      correct: 0,
      incorrect: 0,
      status: 'notStarted',
      training_ids: [],
      finishedAll: true,
    };
    row.delivered = earliest(row.delivered, toIso(r.delivered_at));
    row.viewed = earliest(row.viewed, toIso(r.opened_at));
    row.correct += r.correct;
    row.incorrect += r.answered - r.correct;
    row.finishedAll &&= r.finished;
    row.training_ids.push(r.training_id);
    bySubject.set(r.subject_id, row);
  }
  const subjects = [...bySubject.values()].map(({ finishedAll, ...row }) => ({
    ...row,
    status: finishedAll ? 'finished' : row.viewed ? 'inProgress' : 'notStarted',
  })) satisfies SubjectRow[];
  subjects.sort(
    (a, b) => (a.delivered ?? '~').localeCompare(b.delivered ?? '~') || a.title.localeCompare(b.title),
  );
  const started = records.some((r) => r.opened_at !== null);
  const finished = records.filter((r) => r.finished).length;
  return {
    started,
    score: started ? Math.round((finished / records.length) * 100) : null,
    subjects,
    trainings,
  };
}

async function employeeRecord(
  db: Db,
  scope: CompanyScope,
  employeeId: string,
  lang: string,
): Promise<EmployeeRecord> {
  const [subjectRecords, assessmentRecords] = await Promise.all([
    subjectRecordsOf(db, scope, employeeId),
    assessmentRecordsOf(db, scope, employeeId),
  ]);
  return {
    ...trainingRecord(subjectRecords, lang),
    assessments: assessmentRecords.map((a) => ({
      id: a.id,
      name: a.name,
      status: a.finishedAt ? 'finished' : a.startedAt ? 'started' : 'invited',
      invited: a.invitedAt.toISOString(),
      finished: toIso(a.finishedAt),
      score: a.finishedAt && a.score !== null ? roundScore(a.score) : null,
    })),
  };
}

/** Employee detail; with anonymous tracking nothing about the person is sent. */
export async function employeeDetail(
  db: Db,
  tenant: TenantContext,
  listId: string,
  email: string,
): Promise<EmployeeDetail> {
  const record = await companyById(db, tenant.companyId);
  const employee = await employeeInList(db, tenant, listId, email.toLowerCase());
  if (!record || !employee) throw NotFound('This employee is not in the list.');
  if (!privacyOf(record.company).identities) {
    return {
      id: '',
      email: '',
      user_name: '',
      unit: '',
      tags: [],
      created: '',
      lists: [],
      anonymous: true,
      started: false,
      score: null,
      subjects: [],
      trainings: {},
      assessments: [],
    };
  }
  const [lists, progress] = await Promise.all([
    listsOfEmployee(db, tenant, employee.id),
    employeeRecord(db, tenant, employee.id, record.company.defaultLanguage),
  ]);
  return {
    id: employee.id,
    email: employee.email,
    user_name: employee.name,
    unit: employee.unit,
    tags: employee.tags,
    created: employee.created.toISOString(),
    lists,
    anonymous: false,
    ...progress,
  };
}

/** An employee of the directory as the public API shows it; under anonymous tracking without name or email. */
function presentDirectoryRow(identities: boolean, r: DirectoryRow) {
  return {
    id: r.id,
    email: identities ? r.email : '',
    name: identities ? r.name : '',
    unit: identities ? r.unit : '',
    tags: identities ? r.tags : [],
    created: r.created.toISOString(),
    bounced: toIso(r.bounced),
    language: r.language,
  };
}

async function identitiesOf(db: Db, scope: CompanyScope): Promise<boolean> {
  const record = await companyById(db, scope.companyId);
  return record ? privacyOf(record.company).identities : false;
}

/** A page of the company's employees in email order; `next` is the email to continue after. */
export async function employeeDirectoryPage(
  db: Db,
  scope: CompanyScope,
  after: string | undefined,
  limit: number,
) {
  const [identities, rows] = await Promise.all([
    identitiesOf(db, scope),
    employeesAfter(db, scope, after, limit + 1),
  ]);
  const page = rows.slice(0, limit);
  return {
    rows: page.map((r) => presentDirectoryRow(identities, r)),
    next: rows.length > limit ? page.at(-1)!.email : null,
  };
}

/** A page of a list's members in id order; `next` is the id to continue after. */
export async function listDirectoryPage(
  db: Db,
  scope: CompanyScope,
  listId: string,
  after: string | undefined,
  limit: number,
) {
  const [identities, rows] = await Promise.all([
    identitiesOf(db, scope),
    listMembersAfter(db, scope, listId, after, limit + 1),
  ]);
  // Only an empty page needs to tell an empty list from one that is not there (listById counts members).
  if (rows.length === 0 && !(await listById(db, scope, listId))) throw listNotFound();
  const page = rows.slice(0, limit);
  return {
    rows: page.map((r) => presentDirectoryRow(identities, r)),
    next: rows.length > limit ? page.at(-1)!.id : null,
  };
}

/** The company's lists with their member counts (without the seats in use the lists page also shows). */
export async function listsOfCompanyPresented(db: Db, scope: CompanyScope): Promise<EmployeeList[]> {
  return (await listsOfCompany(db, scope)).map(presentList);
}

const employeeNotFound = () => NotFound('This employee does not exist.');

export async function directoryEmployee(db: Db, scope: CompanyScope, id: string) {
  const [identities, row] = await Promise.all([identitiesOf(db, scope), employeeById(db, scope, id)]);
  if (!row) throw employeeNotFound();
  return presentDirectoryRow(identities, row);
}

/**
 * Changes an employee's name or unit. Their email is who they are: a person typing one in makes a new
 * employee; only a directory (SCIM) changes it, when the person's address changed there.
 */
export async function changeEmployee(
  db: Db,
  scope: CompanyScope,
  id: string,
  values: {
    name?: string | undefined;
    unit?: string | undefined;
    language?: string | null | undefined;
    email?: string | undefined;
  },
) {
  if (!(await updateEmployee(db, scope, id, values))) throw employeeNotFound();
  return directoryEmployee(db, scope, id);
}

/** An employee's progress in programs and scores in assessments; refused under anonymous tracking. */
export async function employeeResults(db: Db, scope: CompanyScope, id: string) {
  const record = await companyById(db, scope.companyId);
  if (!record) throw employeeNotFound();
  requireIdentities(privacyOf(record.company));
  if (!(await employeeById(db, scope, id))) throw employeeNotFound();
  return employeeRecord(db, scope, id, record.company.defaultLanguage);
}

// Used by other modules: lists and seats, in the company's scope (the demo loader fills lists; a
// directory sync keeps its lists with these and takes people out with removeEmployeesFromCompany).
export {
  employeesByEmails,
  insertList,
  insertLists,
  listsOfCompany,
  listsOfSource,
  membersOfList,
  membersOfLists,
  removeOthersFromList,
  renameList,
  upsertIntoList,
  upsertIntoLists,
  type EmployeeUpsert,
} from './employees.queries.ts';
