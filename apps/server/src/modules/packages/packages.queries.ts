import { and, desc, eq, ilike, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  assessmentParticipants,
  assessments,
  cmi5Packages,
  companies,
  employeeLists,
  employees,
  listMembers,
  trainingLists,
  assessmentLists,
  packageLearners,
  packageSessions,
  questions,
  subjects,
  trainingParticipants,
  trainings,
  type Cmi5UnitRow,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import type { PackageFormat, PackageKind } from '@vigil/shared';

/** A SCORM program's row as a package needs it (null: none such in the company). */
export async function scormProgram(db: Db, scope: CompanyScope, kind: 'training' | 'assessment', id: string) {
  const table = kind === 'training' ? trainings : assessments;
  const [row] = await db
    .select({
      id: table.id,
      companyId: table.companyId,
      uniqueId: table.uniqueId,
      name: table.name,
      status: table.status,
      isScorm: table.isScorm,
      createdAt: table.createdAt,
      items:
        kind === 'training'
          ? sql<string[]>`${trainings.subjectIds}`.as('items')
          : sql<string[]>`${assessments.questionIds}`.as('items'),
    })
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, scope.companyId)));
  return row ?? null;
}

/** The subjects of a program, in its order: titles, media and quiz for the package. */
export async function subjectsIn(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(subjects)
    .where(sql`${subjects.id} = any(${sql.param(ids)}::text[])`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** The company's default language: a self-contained package's texts are in it. */
export async function companyLanguage(db: Db, scope: CompanyScope): Promise<string | null> {
  const [row] = await db
    .select({ lang: companies.defaultLanguage })
    .from(companies)
    .where(eq(companies.id, scope.companyId));
  return row?.lang ?? null;
}

/** Question titles for the /cmi5 admin's units. */
export async function questionTitles(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, Record<string, string>>();
  const rows = await db
    .select({ id: questions.id, name: questions.name })
    .from(questions)
    .where(sql`${questions.id} = any(${sql.param(ids)}::text[])`);
  return new Map(rows.map((r) => [r.id, r.name as Record<string, string>]));
}

// —— The SCORM tables ————————————————————————————————————————————————————————————————————————————

interface Page {
  q?: string | undefined;
  offset: number;
  limit: number;
}

/** Launch figures of packages: learners, completed, average score (percent). */
async function figuresOf(db: Db, scope: CompanyScope, kind: PackageKind, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { learners: number; completed: number; score: number | null }>();
  const score =
    kind === 'training'
      ? sql`avg(case when tp.answered > 0 then 100.0 * tp.correct / tp.answered end)`
      : kind === 'assessment'
        ? sql`avg(ap.score)`
        : sql`avg(pl.unit_score)`;
  const joins =
    kind === 'training'
      ? sql`left join ${trainingParticipants} tp on tp.training_id = pl.package_id and tp.employee_id = pl.employee_id`
      : kind === 'assessment'
        ? sql`left join ${assessmentParticipants} ap on ap.assessment_id = pl.package_id and ap.employee_id = pl.employee_id`
        : sql``;
  const rows = await queryRows<{ id: string; learners: number; completed: number; score: number | null }>(
    db,
    sql`select pl.package_id as id, count(*)::int as learners,
          count(pl.completed_at)::int as completed, ${score}::float8 as score
        from ${packageLearners} pl ${joins}
        where pl.company_id = ${scope.companyId} and pl.kind = ${kind}
          and pl.package_id = any(${sql.param(ids)}::uuid[])
        group by pl.package_id`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function scormProgramsPage(
  db: Db,
  scope: CompanyScope,
  kind: 'training' | 'assessment',
  page: Page,
) {
  const table = kind === 'training' ? trainings : assessments;
  const where = and(
    eq(table.companyId, scope.companyId),
    eq(table.isScorm, true),
    page.q ? ilike(table.name, `%${page.q.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: table.id,
        uniqueId: table.uniqueId,
        name: table.name,
        status: table.status,
        createdAt: table.createdAt,
        items:
          kind === 'training'
            ? sql<string[]>`${trainings.subjectIds}`.as('items')
            : sql<string[]>`${assessments.questionIds}`.as('items'),
      })
      .from(table)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where),
  ]);
  const figures = await figuresOf(
    db,
    scope,
    kind,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ ...r, figures: figures.get(r.id) })), total: count?.n ?? 0 };
}

// —— The /cmi5 admin ——————————————————————————————————————————————————————————————————————————————

export async function cmi5Page(db: Db, scope: CompanyScope, page: Page) {
  const where = and(
    eq(cmi5Packages.companyId, scope.companyId),
    page.q ? ilike(cmi5Packages.name, `%${page.q.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(cmi5Packages)
      .where(where)
      .orderBy(desc(cmi5Packages.createdAt), desc(cmi5Packages.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cmi5Packages)
      .where(where),
  ]);
  const figures = await figuresOf(
    db,
    scope,
    'cmi5',
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ ...r, figures: figures.get(r.id) })), total: count?.n ?? 0 };
}

export async function cmi5Row(db: Db, scope: CompanyScope, id: string) {
  const [row] = await db
    .select()
    .from(cmi5Packages)
    .where(and(eq(cmi5Packages.id, id), eq(cmi5Packages.companyId, scope.companyId)));
  return row ?? null;
}

export async function insertCmi5(
  db: Db,
  scope: CompanyScope,
  row: {
    name: string;
    description: string;
    objective: string;
    objectiveDescription: string;
    format: PackageFormat;
    units: Cmi5UnitRow[];
    createdBy: string | null;
  },
) {
  const [made] = await db
    .insert(cmi5Packages)
    .values({ ...row, companyId: scope.companyId })
    .returning();
  return made!;
}

/** Deletes a cmi5 package and its learners' package rows (their results stay with the employees). */
export async function deleteCmi5(db: Db, scope: CompanyScope, id: string) {
  const gone = await db
    .delete(cmi5Packages)
    .where(and(eq(cmi5Packages.id, id), eq(cmi5Packages.companyId, scope.companyId)))
    .returning({ id: cmi5Packages.id });
  if (gone.length > 0)
    await db
      .delete(packageLearners)
      .where(
        and(
          eq(packageLearners.companyId, scope.companyId),
          eq(packageLearners.kind, 'cmi5'),
          eq(packageLearners.packageId, id),
        ),
      );
  return gone.length > 0;
}

// —— Launches ——————————————————————————————————————————————————————————————————————————————————————

/** The employee who carries an LMS learner's results (one per company and LMS learner id). */
export async function lmsEmployee(db: Db, scope: CompanyScope, email: string) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, scope.companyId), eq(employees.email, email)));
  return row?.id ?? null;
}

export async function insertLmsEmployee(
  db: Db,
  scope: CompanyScope,
  row: { email: string; name: string; externalId: string },
) {
  const [made] = await db
    .insert(employees)
    .values({ ...row, companyId: scope.companyId, source: 'lms' })
    .onConflictDoUpdate({
      target: [employees.companyId, employees.email],
      set: { name: sql`excluded.name` },
    })
    .returning({ id: employees.id });
  return made!.id;
}

/**
 * The program's list of LMS learners (source 'lms', named by the program), attached to the program:
 * its members are the program's employees in every report, and hold seats like any list's members
 * (the seat triggers of list_members).
 */
export async function packageList(
  db: Db,
  scope: CompanyScope,
  kind: 'training' | 'assessment',
  programId: string,
  name: string,
) {
  const externalId = `package:${kind}:${programId}`;
  await db
    .insert(employeeLists)
    .values({ companyId: scope.companyId, name, source: 'lms', externalId })
    .onConflictDoNothing();
  const [list] = await db
    .select({ id: employeeLists.id })
    .from(employeeLists)
    .where(
      and(
        eq(employeeLists.companyId, scope.companyId),
        eq(employeeLists.source, 'lms'),
        eq(employeeLists.externalId, externalId),
      ),
    );
  const values = { listId: list!.id, companyId: scope.companyId };
  if (kind === 'training')
    await db
      .insert(trainingLists)
      .values({ ...values, trainingId: programId })
      .onConflictDoNothing();
  else
    await db
      .insert(assessmentLists)
      .values({ ...values, assessmentId: programId })
      .onConflictDoNothing();
  return list!.id;
}

export async function joinList(db: Db, scope: CompanyScope, listId: string, employeeId: string) {
  await db
    .insert(listMembers)
    .values({ listId, employeeId, companyId: scope.companyId })
    .onConflictDoNothing();
}

export async function learnerRow(
  db: Db,
  scope: CompanyScope,
  key: { kind: PackageKind; packageId: string; lmsLearnerId: string },
) {
  const [row] = await db
    .select()
    .from(packageLearners)
    .where(
      and(
        eq(packageLearners.companyId, scope.companyId),
        eq(packageLearners.kind, key.kind),
        eq(packageLearners.packageId, key.packageId),
        eq(packageLearners.lmsLearnerId, key.lmsLearnerId),
      ),
    );
  return row ?? null;
}

export async function upsertLearner(
  db: Db,
  scope: CompanyScope,
  row: {
    kind: PackageKind;
    packageId: string;
    lmsLearnerId: string;
    employeeId: string;
    format: PackageFormat;
    unitId: string | null;
    suspendData: string;
  },
) {
  const [made] = await db
    .insert(packageLearners)
    .values({ ...row, companyId: scope.companyId, launches: 1 })
    .onConflictDoUpdate({
      target: [
        packageLearners.companyId,
        packageLearners.kind,
        packageLearners.packageId,
        packageLearners.lmsLearnerId,
      ],
      set: {
        launches: sql`${packageLearners.launches} + 1`,
        format: sql`excluded.format`,
        unitId: sql`excluded.unit_id`,
        // The LMS's copy wins only when ours is empty (a package downloaded again, a new device).
        suspendData: sql`case when ${packageLearners.suspendData} = '' then excluded.suspend_data else ${packageLearners.suspendData} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return made!;
}

export async function updateLearner(
  db: Db,
  scope: CompanyScope,
  id: string,
  set: { suspendData?: string; completedAt?: Date; unitScore?: number },
) {
  await db
    .update(packageLearners)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(packageLearners.id, id), eq(packageLearners.companyId, scope.companyId)));
}

export async function inviteToAssessment(
  db: Db,
  scope: CompanyScope,
  row: { assessmentId: string; employeeId: string },
) {
  await db
    .insert(assessmentParticipants)
    .values({ ...row, companyId: scope.companyId })
    .onConflictDoNothing();
}

/** Where a learner stands in a program: trainings from the participants' counters. */
export async function trainingStanding(db: Db, scope: CompanyScope, trainingId: string, employeeId: string) {
  const [row] = await db
    .select({
      delivered: trainingParticipants.deliveredViews,
      finished: trainingParticipants.finished,
      answered: trainingParticipants.answered,
      correct: trainingParticipants.correct,
    })
    .from(trainingParticipants)
    .where(
      and(
        eq(trainingParticipants.trainingId, trainingId),
        eq(trainingParticipants.employeeId, employeeId),
        eq(trainingParticipants.companyId, scope.companyId),
      ),
    );
  return row ?? null;
}

export async function assessmentStanding(
  db: Db,
  scope: CompanyScope,
  assessmentId: string,
  employeeId: string,
) {
  const [row] = await db
    .select({
      startedAt: assessmentParticipants.startedAt,
      finishedAt: assessmentParticipants.finishedAt,
      score: assessmentParticipants.score,
    })
    .from(assessmentParticipants)
    .where(
      and(
        eq(assessmentParticipants.assessmentId, assessmentId),
        eq(assessmentParticipants.employeeId, employeeId),
        eq(assessmentParticipants.companyId, scope.companyId),
      ),
    );
  return row ?? null;
}

/** The company of a package (the key names only the package; the key is the credential). */
export async function companyOfPackageAcrossCompanies(db: Db, kind: PackageKind, id: string) {
  const table = kind === 'training' ? trainings : kind === 'assessment' ? assessments : cmi5Packages;
  const [row] = await db.select({ companyId: table.companyId }).from(table).where(eq(table.id, id));
  return row?.companyId ?? null;
}

// —— Sessions ————————————————————————————————————————————————————————————————————————————————————

export async function insertSession(
  db: Db,
  scope: CompanyScope,
  row: { tokenHash: string; learnerId: string; expiresAt: Date },
) {
  await db.insert(packageSessions).values({ ...row, companyId: scope.companyId });
  // Ended sessions go when new ones come: a launch is rare enough to carry the sweep.
  await db.delete(packageSessions).where(lt(packageSessions.expiresAt, new Date()));
}

/** The session of a token hash (any company: the token is the credential), with its learner. */
export async function sessionByHashAcrossCompanies(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: packageSessions, learner: packageLearners })
    .from(packageSessions)
    .innerJoin(packageLearners, eq(packageLearners.id, packageSessions.learnerId))
    .where(eq(packageSessions.tokenHash, tokenHash));
  return row ?? null;
}

export async function extendSession(db: Db, tokenHash: string, expiresAt: Date) {
  await db.update(packageSessions).set({ expiresAt }).where(eq(packageSessions.tokenHash, tokenHash));
}
