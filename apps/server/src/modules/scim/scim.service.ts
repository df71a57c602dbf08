import {
  applyUserPatch,
  employeeEmailOf,
  employeeNameOf,
  parseScimFilter,
  readGroupPatch,
  SCIM_MESSAGES,
  ScimPatchError,
  userStateOf,
  type GroupPatch,
  type ScimGroupBody,
  type ScimListQuery,
  type ScimPatchBody,
  type ScimUserBody,
  type ScimUserState,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { admitEmployees } from '../../lib/entitlements.ts';
import {
  changeEmployee,
  deleteUserFromList,
  eraseEmployees,
  insertList,
  removeEmployeesFromCompany,
  removeList,
  updateList,
  upsertIntoList,
} from '../employees/employees.service.ts';
import { announceNewListMembers } from '../enrolment/enrolment.service.ts';
import { isUniqueViolation, ScimError } from './scim.errors.ts';
import { listResponse, presentGroup, presentUser } from './scim.presenter.ts';
import {
  everyoneListId,
  insertScimGroup,
  insertScimUser,
  scimGroupById,
  scimGroupsPage,
  scimMembersOf,
  scimUserById,
  scimUserClashing,
  scimUsersAmong,
  scimUsersPage,
  setGroupExternalId,
  updateScimUser,
  type GroupFilter,
  type ScimUserRow,
  type UserFilter,
} from './scim.queries.ts';

/** What an identity provider is told to call: `{PUBLIC_URL}/scim/v2`. */
export const scimBaseUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/scim/v2`;

const userNotFound = () => new ScimError(404, SCIM_MESSAGES.userNotFound);
const groupNotFound = () => new ScimError(404, SCIM_MESSAGES.groupNotFound);
const invalid = (detail: string) => new ScimError(400, detail, 'invalidValue');

/** A patch rule's refusal as the SCIM error it is. */
function readingPatch<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ScimPatchError) throw invalid(err.message);
    throw err;
  }
}

function filterOf<A extends string>(query: ScimListQuery, allowed: readonly A[]) {
  if (query.filter === undefined || query.filter.trim() === '') return null;
  const filter = parseScimFilter(query.filter);
  if (!filter || !(allowed as readonly string[]).includes(filter.attribute))
    throw new ScimError(400, SCIM_MESSAGES.invalidFilter, 'invalidFilter');
  return filter as { attribute: A; value: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not one of ours matches nothing (rather than failing in the database). */
const ourId = (id: string) => UUID.test(id);

// ---- Users ----

const stateOfRow = (row: ScimUserRow): ScimUserState => ({
  userName: row.userName,
  externalId: row.externalId,
  active: row.active,
  givenName: row.givenName,
  familyName: row.familyName,
  displayName: row.displayName,
  email: row.email,
  department: row.department,
});

const scimColumns = (s: ScimUserState) => ({
  userName: s.userName,
  externalId: s.externalId,
  active: s.active,
  givenName: s.givenName,
  familyName: s.familyName,
  displayName: s.displayName,
  department: s.department,
});

const upsertRow = (email: string, s: ScimUserState) => ({
  email,
  name: employeeNameOf(s),
  unit: s.department?.trim().slice(0, 200) ?? '',
  tags: [],
});

/** The list every active provisioned user is in; made on first use (the caller holds the seat lock). */
async function ensureEveryoneList(tx: Db, tenant: TenantContext): Promise<string> {
  const existing = await everyoneListId(tx, tenant);
  if (existing) return existing;
  const listId = await insertList(tx, tenant, SCIM_MESSAGES.everyoneList, 'scim');
  await insertScimGroup(tx, tenant, listId, { externalId: null, everyone: true });
  return listId;
}

/** Seats first (refused beyond the plan), then into the everyone list, which creates the employee. */
async function admitToEveryone(tx: Db, tenant: TenantContext, email: string, state: ScimUserState) {
  await admitEmployees(tx, tenant, [email]);
  const listId = await ensureEveryoneList(tx, tenant);
  await upsertIntoList(tx, tenant, listId, [upsertRow(email, state)], 'scim');
  return listId;
}

async function refuseClash(
  db: Db,
  tenant: TenantContext,
  state: ScimUserState,
  email: string,
  self?: string,
) {
  const clash = await scimUserClashing(db, tenant, { userName: state.userName, email });
  if (!clash || clash.id === self) return;
  const sameName = clash.userName.toLowerCase() === state.userName.toLowerCase();
  throw new ScimError(409, sameName ? SCIM_MESSAGES.userNameTaken : SCIM_MESSAGES.emailTaken, 'uniqueness');
}

function uniquenessOnConflict(err: unknown, detail: string): never {
  if (isUniqueViolation(err)) throw new ScimError(409, detail, 'uniqueness');
  throw err;
}

async function userAnswer(ctx: AppContext, tenant: TenantContext, id: string) {
  const row = await scimUserById(ctx.db, tenant, id);
  if (!row) throw userNotFound();
  return presentUser(row, scimBaseUrl(ctx));
}

export async function listUsers(ctx: AppContext, tenant: TenantContext, query: ScimListQuery) {
  const filter: UserFilter = filterOf(query, ['userName', 'externalId', 'id'] as const);
  if (filter?.attribute === 'id' && !ourId(filter.value)) return listResponse([], 0, query.startIndex);
  const page = await scimUsersPage(ctx.db, tenant, filter, {
    offset: query.startIndex - 1,
    limit: query.count,
  });
  const baseUrl = scimBaseUrl(ctx);
  return listResponse(
    page.rows.map((r) => presentUser(r, baseUrl)),
    page.total,
    query.startIndex,
  );
}

export async function getUser(ctx: AppContext, tenant: TenantContext, id: string) {
  if (!ourId(id)) throw userNotFound();
  return userAnswer(ctx, tenant, id);
}

/**
 * POST /Users: the employee is created (or an existing employee with that email is taken over) in the
 * everyone list, within the plan's seats; a userName or email another provisioned user holds is 409.
 */
export async function createUser(ctx: AppContext, tenant: TenantContext, body: ScimUserBody) {
  const { db } = ctx;
  const state = userStateOf(body);
  const email = employeeEmailOf(state);
  if (!email) throw invalid(SCIM_MESSAGES.emailRequired);
  await refuseClash(db, tenant, state, email);
  let listId = '';
  const created = await db
    .transaction(async (tx) => {
      listId = await admitToEveryone(tx, tenant, email, state);
      const row = (await insertScimUser(tx, tenant, email, scimColumns(state)))!;
      // Created inactive (rare): provisioned, but in no list and sent nothing.
      if (!state.active) await removeEmployeesFromCompany(tx, tenant, [row.id]);
      return row;
    })
    .catch((err: unknown) => uniquenessOnConflict(err, SCIM_MESSAGES.userNameTaken));
  if (state.active) await announceNewListMembers(ctx, tenant, listId, [email]);
  // The answer is what was written (no read back).
  return presentUser(created, scimBaseUrl(ctx));
}

/**
 * The one change of a User (PUT and PATCH): the employee's email, name and unit follow; deactivating
 * takes them out of every list (removeEmployeesFromCompany: no seat, no more deliveries, their learner
 * links stop), reactivating puts them back into the everyone list within the seats.
 */
async function changeUser(ctx: AppContext, tenant: TenantContext, before: ScimUserRow, next: ScimUserState) {
  const { db } = ctx;
  const email = employeeEmailOf(next);
  if (!email) throw invalid(SCIM_MESSAGES.emailRequired);
  await refuseClash(db, tenant, next, email, before.id);
  const reactivated = !before.active && next.active;
  let listId = '';
  await db
    .transaction(async (tx) => {
      const row = upsertRow(email, next);
      await changeEmployee(tx, tenant, before.id, {
        email,
        unit: row.unit,
        ...(row.name !== '' ? { name: row.name } : {}),
      });
      await updateScimUser(tx, tenant, before.id, scimColumns(next));
      if (before.active && !next.active) await removeEmployeesFromCompany(tx, tenant, [before.id]);
      if (reactivated) listId = await admitToEveryone(tx, tenant, email, next);
    })
    .catch((err: unknown) => uniquenessOnConflict(err, SCIM_MESSAGES.emailTaken));
  if (reactivated) await announceNewListMembers(ctx, tenant, listId, [email]);
  return userAnswer(ctx, tenant, before.id);
}

async function existingUser(db: Db, tenant: TenantContext, id: string) {
  const row = ourId(id) ? await scimUserById(db, tenant, id) : undefined;
  if (!row) throw userNotFound();
  return row;
}

/** PUT /Users/{id}: the body replaces the user (what it leaves out is cleared; active defaults to true). */
export async function replaceUser(ctx: AppContext, tenant: TenantContext, id: string, body: ScimUserBody) {
  return changeUser(ctx, tenant, await existingUser(ctx.db, tenant, id), userStateOf(body));
}

/** PATCH /Users/{id}: the operations as Entra ID and Okta send them (see applyUserPatch). */
export async function patchUser(ctx: AppContext, tenant: TenantContext, id: string, body: ScimPatchBody) {
  const before = await existingUser(ctx.db, tenant, id);
  const next = readingPatch(() => applyUserPatch(stateOfRow(before), body.Operations));
  return changeUser(ctx, tenant, before, next);
}

/** DELETE /Users/{id}: the employee is erased (eraseEmployees), and everything about them with it. */
export async function deleteUser(ctx: AppContext, tenant: TenantContext, id: string): Promise<void> {
  const row = await existingUser(ctx.db, tenant, id);
  await eraseEmployees(ctx.db, tenant, [row.id]);
}

// ---- Groups ----

const excludesMembers = (query: { excludedAttributes?: string | undefined }) =>
  (query.excludedAttributes ?? '').split(',').some((a) => a.trim().toLowerCase() === 'members');

async function groupsAnswer(
  ctx: AppContext,
  tenant: TenantContext,
  rows: Awaited<ReturnType<typeof scimGroupById>>[],
  withMembers: boolean,
) {
  const groups = rows.filter((r) => r !== undefined);
  const members = withMembers
    ? await scimMembersOf(
        ctx.db,
        tenant,
        groups.map((g) => g.id),
      )
    : [];
  const baseUrl = scimBaseUrl(ctx);
  return groups.map((g) =>
    presentGroup(g, withMembers ? members.filter((m) => m.listId === g.id) : null, baseUrl),
  );
}

export async function listGroups(ctx: AppContext, tenant: TenantContext, query: ScimListQuery) {
  const filter: GroupFilter = filterOf(query, ['displayName', 'externalId', 'id'] as const);
  if (filter?.attribute === 'id' && !ourId(filter.value)) return listResponse([], 0, query.startIndex);
  const page = await scimGroupsPage(ctx.db, tenant, filter, {
    offset: query.startIndex - 1,
    limit: query.count,
  });
  const resources = await groupsAnswer(ctx, tenant, page.rows, !excludesMembers(query));
  return listResponse(resources, page.total, query.startIndex);
}

async function existingGroup(db: Db, tenant: TenantContext, id: string) {
  const row = ourId(id) ? await scimGroupById(db, tenant, id) : undefined;
  if (!row) throw groupNotFound();
  return row;
}

export async function getGroup(
  ctx: AppContext,
  tenant: TenantContext,
  id: string,
  query: { excludedAttributes?: string | undefined },
) {
  const [group] = await groupsAnswer(
    ctx,
    tenant,
    [await existingGroup(ctx.db, tenant, id)],
    !excludesMembers(query),
  );
  return group!;
}

async function refuseGroupName(db: Db, tenant: TenantContext, name: string, self?: string) {
  const { rows } = await scimGroupsPage(
    db,
    tenant,
    { attribute: 'displayName', value: name },
    { offset: 0, limit: 1 },
  );
  if (rows[0] && rows[0].id !== self) throw new ScimError(409, SCIM_MESSAGES.groupNameTaken, 'uniqueness');
}

/**
 * Members in and out of a group's list, inside the caller's transaction. Ids that are not provisioned
 * users of this company are refused; inactive users are in no list, so adding them changes nothing.
 * Returns the emails that joined, for their enrolment mail.
 */
async function changeMembers(
  tx: Db,
  tenant: TenantContext,
  listId: string,
  patch: GroupPatch,
): Promise<string[]> {
  const current = new Map((await scimMembersOf(tx, tenant, [listId])).map((m) => [m.id, m.email]));
  let add = patch.add;
  let remove = patch.remove.filter((id) => current.has(id));
  if (patch.replaceMembers) {
    const wanted = new Set(patch.replaceMembers);
    add = [...add, ...patch.replaceMembers];
    remove = [...remove, ...[...current.keys()].filter((id) => !wanted.has(id))];
  }
  const wantedIds = [...new Set(add.filter((id) => !current.has(id)))];
  if (wantedIds.some((id) => !ourId(id))) throw invalid(SCIM_MESSAGES.unknownMember);
  const users = await scimUsersAmong(tx, tenant, wantedIds);
  if (users.length < wantedIds.length) throw invalid(SCIM_MESSAGES.unknownMember);
  const joining = users.filter((u) => u.active);
  if (joining.length > 0) {
    await admitEmployees(
      tx,
      tenant,
      joining.map((u) => u.email),
    );
    await upsertIntoList(
      tx,
      tenant,
      listId,
      joining.map((u) => ({ email: u.email, name: '', unit: '', tags: [] })),
      'scim',
    );
  }
  for (const id of new Set(remove)) await deleteUserFromList(tx, tenant, listId, current.get(id)!);
  return joining.map((u) => u.email);
}

/** POST /Groups: a list owned by SCIM (source scim), with its members. */
export async function createGroup(ctx: AppContext, tenant: TenantContext, body: ScimGroupBody) {
  const { db } = ctx;
  const name = body.displayName.trim();
  if (!name) throw invalid(SCIM_MESSAGES.displayNameRequired);
  await refuseGroupName(db, tenant, name);
  const { listId, joined } = await db.transaction(async (tx) => {
    const id = await insertList(tx, tenant, name, 'scim');
    await insertScimGroup(tx, tenant, id, { externalId: body.externalId ?? null });
    const members = (body.members ?? []).map((m) => m.value);
    return { listId: id, joined: await changeMembers(tx, tenant, id, { add: members, remove: [] }) };
  });
  await announceNewListMembers(ctx, tenant, listId, joined);
  return getGroup(ctx, tenant, listId, {});
}

async function changeGroup(ctx: AppContext, tenant: TenantContext, id: string, patch: GroupPatch) {
  const { db } = ctx;
  const group = await existingGroup(db, tenant, id);
  if (patch.displayName !== undefined && patch.displayName !== group.displayName)
    await refuseGroupName(db, tenant, patch.displayName, id);
  const joined = await db.transaction(async (tx) => {
    if (patch.displayName !== undefined && patch.displayName !== group.displayName)
      await updateList(tx, tenant, id, patch.displayName);
    if (patch.externalId !== undefined) await setGroupExternalId(tx, tenant, id, patch.externalId);
    return changeMembers(tx, tenant, id, patch);
  });
  await announceNewListMembers(ctx, tenant, id, joined);
}

/** PATCH /Groups/{id}: rename, external id, members added, removed or replaced. Answered 204. */
export async function patchGroup(ctx: AppContext, tenant: TenantContext, id: string, body: ScimPatchBody) {
  await changeGroup(
    ctx,
    tenant,
    id,
    readingPatch(() => readGroupPatch(body.Operations)),
  );
}

/** PUT /Groups/{id} (Okta): the name and the members become exactly those sent. */
export async function replaceGroup(ctx: AppContext, tenant: TenantContext, id: string, body: ScimGroupBody) {
  const name = body.displayName.trim();
  if (!name) throw invalid(SCIM_MESSAGES.displayNameRequired);
  await changeGroup(ctx, tenant, id, {
    displayName: name,
    externalId: body.externalId ?? null,
    add: [],
    remove: [],
    replaceMembers: (body.members ?? []).map((m) => m.value),
  });
  return getGroup(ctx, tenant, id, {});
}

/** DELETE /Groups/{id}: the list goes; its members stay employees (in the everyone list). */
export async function deleteGroup(ctx: AppContext, tenant: TenantContext, id: string): Promise<void> {
  await existingGroup(ctx.db, tenant, id);
  await removeList(ctx.db, tenant, id);
}
