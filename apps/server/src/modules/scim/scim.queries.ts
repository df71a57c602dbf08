import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  employeeLists,
  employees,
  listMembers,
  scimGroups,
  scimTokens,
  scimUsers,
} from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

// ---- Tokens ----

const tokenColumns = {
  id: scimTokens.id,
  name: scimTokens.name,
  lastChars: scimTokens.lastChars,
  createdAt: scimTokens.createdAt,
  lastUsedAt: scimTokens.lastUsedAt,
  revokedAt: scimTokens.revokedAt,
};
export type ScimTokenRow = {
  id: string;
  name: string;
  lastChars: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export function tokensOfCompany(db: Db, scope: CompanyScope): Promise<ScimTokenRow[]> {
  return db
    .select(tokenColumns)
    .from(scimTokens)
    .where(eq(scimTokens.companyId, scope.companyId))
    .orderBy(desc(scimTokens.createdAt));
}

export async function insertToken(
  db: Db,
  scope: CompanyScope,
  values: { name: string; tokenHash: string; lastChars: string; createdBy: string },
): Promise<ScimTokenRow> {
  const [row] = await db
    .insert(scimTokens)
    .values({ ...values, companyId: scope.companyId })
    .returning(tokenColumns);
  return row!;
}

/** Revokes a token still in use; false when the company has no such token or it was revoked before. */
export async function revokeToken(db: Db, scope: CompanyScope, id: string): Promise<boolean> {
  const rows = await db
    .update(scimTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(scimTokens.companyId, scope.companyId), eq(scimTokens.id, id), isNull(scimTokens.revokedAt)),
    )
    .returning({ id: scimTokens.id });
  return rows.length > 0;
}

// ---- Users ----

const userColumns = {
  id: scimUsers.employeeId,
  userName: scimUsers.userName,
  externalId: scimUsers.externalId,
  active: scimUsers.active,
  givenName: scimUsers.givenName,
  familyName: scimUsers.familyName,
  displayName: scimUsers.displayName,
  department: scimUsers.department,
  email: employees.email,
  created: scimUsers.createdAt,
  updated: scimUsers.updatedAt,
};
export type ScimUserRow = {
  id: string;
  userName: string;
  externalId: string | null;
  active: boolean;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  department: string | null;
  email: string;
  created: Date;
  updated: Date;
};

/** A provisioned user's employee (the join every user query makes). */
const employeeOfUser = and(
  eq(employees.companyId, scimUsers.companyId),
  eq(employees.id, scimUsers.employeeId),
);

const usersOf = (scope: CompanyScope) =>
  and(eq(scimUsers.companyId, scope.companyId), eq(employees.companyId, scope.companyId));

export type UserFilter = { attribute: 'userName' | 'externalId' | 'id'; value: string } | null;

function userCondition(scope: CompanyScope, filter: UserFilter): SQL | undefined {
  if (!filter) return usersOf(scope);
  const by =
    filter.attribute === 'userName'
      ? sql`lower(${scimUsers.userName}) = lower(${filter.value})`
      : filter.attribute === 'externalId'
        ? eq(scimUsers.externalId, filter.value)
        : eq(scimUsers.employeeId, filter.value);
  return and(usersOf(scope), by);
}

export async function scimUsersPage(
  db: Db,
  scope: CompanyScope,
  filter: UserFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ScimUserRow[]; total: number }> {
  const where = userCondition(scope, filter);
  const [rows, [total]] = await Promise.all([
    page.limit === 0
      ? Promise.resolve([])
      : db
          .select(userColumns)
          .from(scimUsers)
          .innerJoin(employees, employeeOfUser)
          .where(where)
          .orderBy(asc(scimUsers.createdAt), asc(scimUsers.employeeId))
          .offset(page.offset)
          .limit(page.limit),
    db.select({ n: count() }).from(scimUsers).innerJoin(employees, employeeOfUser).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function scimUserById(
  db: Db,
  scope: CompanyScope,
  id: string,
): Promise<ScimUserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(scimUsers)
    .innerJoin(employees, employeeOfUser)
    .where(and(usersOf(scope), eq(scimUsers.employeeId, id)))
    .limit(1);
  return row;
}

/** The user holding this userName (without case), or the one whose employee has this email. */
export async function scimUserClashing(
  db: Db,
  scope: CompanyScope,
  values: { userName: string; email: string },
): Promise<{ id: string; userName: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: scimUsers.employeeId, userName: scimUsers.userName, email: employees.email })
    .from(scimUsers)
    .innerJoin(employees, employeeOfUser)
    .where(
      and(
        usersOf(scope),
        sql`(lower(${scimUsers.userName}) = lower(${values.userName}) or ${employees.email} = ${values.email})`,
      ),
    )
    .limit(1);
  return row;
}

export type ScimUserValues = Omit<typeof scimUsers.$inferInsert, 'companyId' | 'employeeId' | 'createdAt'>;

/**
 * Provisions the company's employee with this email as a SCIM user, in one statement (the employee's id
 * is found in it): the row as the answer shows it, or undefined when there is no such employee.
 */
export async function insertScimUser(
  db: Db,
  scope: CompanyScope,
  email: string,
  values: Omit<ScimUserRow, 'id' | 'email' | 'created' | 'updated'>,
): Promise<ScimUserRow | undefined> {
  const [row] = await queryRows<{ id: string; created: Date | string; updated: Date | string }>(
    db,
    sql`insert into ${scimUsers} (company_id, employee_id, user_name, external_id, active, given_name, family_name,
          display_name, department)
        select company_id, id, ${values.userName}, ${values.externalId}, ${values.active}, ${values.givenName},
          ${values.familyName}, ${values.displayName}, ${values.department}
        from ${employees} where company_id = ${scope.companyId} and email = ${email}
        returning employee_id as id, created_at as created, updated_at as updated`,
  );
  return (
    row && { ...values, id: row.id, email, created: new Date(row.created), updated: new Date(row.updated) }
  );
}

export async function updateScimUser(
  db: Db,
  scope: CompanyScope,
  employeeId: string,
  values: ScimUserValues,
) {
  await db
    .update(scimUsers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(scimUsers.companyId, scope.companyId), eq(scimUsers.employeeId, employeeId)));
}

/** Of these ids, the company's provisioned users, with their email and whether they are active. */
export function scimUsersAmong(db: Db, scope: CompanyScope, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: employees.id, email: employees.email, active: scimUsers.active })
    .from(scimUsers)
    .innerJoin(employees, employeeOfUser)
    .where(and(usersOf(scope), inArray(scimUsers.employeeId, ids)));
}

// ---- Groups ----

/** The list every active provisioned user is in, if it was made. */
export async function everyoneListId(db: Db, scope: CompanyScope): Promise<string | undefined> {
  const [row] = await db
    .select({ id: scimGroups.listId })
    .from(scimGroups)
    .where(and(eq(scimGroups.companyId, scope.companyId), eq(scimGroups.everyone, true)))
    .limit(1);
  return row?.id;
}

export async function insertScimGroup(
  db: Db,
  scope: CompanyScope,
  listId: string,
  values: { externalId: string | null; everyone?: boolean },
) {
  await db.insert(scimGroups).values({ ...values, listId, companyId: scope.companyId });
}

export async function setGroupExternalId(
  db: Db,
  scope: CompanyScope,
  listId: string,
  externalId: string | null,
) {
  await db
    .update(scimGroups)
    .set({ externalId })
    .where(and(eq(scimGroups.companyId, scope.companyId), eq(scimGroups.listId, listId)));
}

const groupColumns = {
  id: scimGroups.listId,
  displayName: employeeLists.name,
  externalId: scimGroups.externalId,
  created: scimGroups.createdAt,
  updated: employeeLists.updatedAt,
};
export type ScimGroupRow = {
  id: string;
  displayName: string;
  externalId: string | null;
  created: Date;
  updated: Date;
};

export type GroupFilter = { attribute: 'displayName' | 'externalId' | 'id'; value: string } | null;

function groupCondition(scope: CompanyScope, filter: GroupFilter): SQL | undefined {
  const groups = and(
    eq(scimGroups.companyId, scope.companyId),
    eq(employeeLists.companyId, scope.companyId),
    eq(scimGroups.everyone, false),
  );
  if (!filter) return groups;
  const by =
    filter.attribute === 'displayName'
      ? sql`lower(${employeeLists.name}) = lower(${filter.value})`
      : filter.attribute === 'externalId'
        ? eq(scimGroups.externalId, filter.value)
        : eq(scimGroups.listId, filter.value);
  return and(groups, by);
}

export async function scimGroupsPage(
  db: Db,
  scope: CompanyScope,
  filter: GroupFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ScimGroupRow[]; total: number }> {
  const where = groupCondition(scope, filter);
  const [rows, [total]] = await Promise.all([
    page.limit === 0
      ? Promise.resolve([])
      : db
          .select(groupColumns)
          .from(scimGroups)
          .innerJoin(employeeLists, eq(employeeLists.id, scimGroups.listId))
          .where(where)
          .orderBy(asc(scimGroups.createdAt), asc(scimGroups.listId))
          .offset(page.offset)
          .limit(page.limit),
    db
      .select({ n: count() })
      .from(scimGroups)
      .innerJoin(employeeLists, eq(employeeLists.id, scimGroups.listId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function scimGroupById(
  db: Db,
  scope: CompanyScope,
  id: string,
): Promise<ScimGroupRow | undefined> {
  const { rows } = await scimGroupsPage(db, scope, { attribute: 'id', value: id }, { offset: 0, limit: 1 });
  return rows[0];
}

/** The provisioned users in these lists, with the list each is in. */
export function scimMembersOf(db: Db, scope: CompanyScope, listIds: string[]) {
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      listId: listMembers.listId,
      id: scimUsers.employeeId,
      display: scimUsers.userName,
      email: employees.email,
    })
    .from(listMembers)
    .innerJoin(
      scimUsers,
      and(eq(scimUsers.companyId, listMembers.companyId), eq(scimUsers.employeeId, listMembers.employeeId)),
    )
    .innerJoin(employees, employeeOfUser)
    .where(and(eq(listMembers.companyId, scope.companyId), inArray(listMembers.listId, listIds)))
    .orderBy(asc(scimUsers.userName));
}
