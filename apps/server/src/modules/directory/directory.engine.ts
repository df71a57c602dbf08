import {
  DIRECTORY_LIMITS,
  DIRECTORY_MESSAGES,
  emptySyncCounts,
  GROUP_RULE,
  INTEGRATION_CATALOG,
  LIMITS,
  SOCKET_EVENTS,
  SYNC_STATUS,
  SYNC_STATUS_NAMES,
  type DirectoryProduct,
  type SyncCounts,
  type SyncError,
  type SyncPreview,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recordSystemChange, recordSystemChanges, type SystemChange } from '../../http/audit.ts';
import { AppError } from '../../http/errors.ts';
import { admitEmployees, seatCheck } from '../../lib/entitlements.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import {
  employeesByEmails,
  insertLists,
  listsOfSource,
  membersOfLists,
  removeEmployeesFromCompany,
  removeOthersFromList,
  renameList,
  upsertIntoLists,
  type EmployeeUpsert,
} from '../employees/employees.service.ts';
import { announceNewMembers } from '../enrolment/enrolment.service.ts';
import { syncById, updateSync, type RuleRow, type SyncRow } from './directory.queries.ts';
import { DirectoryError, type DirectorySource, type DirectoryUser } from './directory.source.ts';

/**
 * The one sync engine for every directory source. It reads the selected groups from a source adapter,
 * diffs them against the company's lists and employees, and applies the difference one group at a time,
 * each in one transaction that also moves the sync run's cursor: a crash leaves whole groups done or not
 * started, and the next run of the job resumes at the cursor. Nothing is written for a group that did
 * not change (a no-change re-sync writes only its run's row). New people must fit the seats as a whole
 * before anything is written. Every change is recorded in the audit log with the group's transaction.
 */

/** The sockets following one sync (spec 3 §7: progress per sync id). */
export const syncRoom = (syncId: string) => `sync:${syncId}`;

interface GroupRead {
  id: string;
  displayName: string;
  /** Enabled, not excluded, valid members, one per email. */
  users: DirectoryUser[];
}

interface DirectoryRead {
  groups: GroupRead[];
  /** Disabled accounts met in the groups (taken out of every list). */
  disabled: DirectoryUser[];
  /** Emails of members of excluded groups (Google rule 2): skipped everywhere. */
  excluded: Set<string>;
  errors: SyncError[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Groups read at the same time: each read waits on the directory's answers, which allow a few in parallel. */
const READ_AT_ONCE = 4;

/** Every group's members, in the groups' order, READ_AT_ONCE groups at a time. */
async function readMembers(
  source: DirectorySource,
  groupIds: string[],
  onGroup: () => Promise<void>,
): Promise<DirectoryUser[][]> {
  const members: DirectoryUser[][] = new Array(groupIds.length);
  let next = 0;
  const reader = async () => {
    while (next < groupIds.length) {
      const k = next++;
      members[k] = await source.membersOf(groupIds[k]!);
      await onGroup();
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_AT_ONCE, groupIds.length) }, reader));
  return members;
}

/** Reads every selected group's members; excluded groups' members are skipped in all others. */
export async function readDirectory(
  source: DirectorySource,
  rules: RuleRow[],
  onGroup: (done: number, total: number) => Promise<void> = async () => undefined,
): Promise<DirectoryRead> {
  const included = rules.filter((r) => r.rule === GROUP_RULE.included);
  const excludedRules = rules.filter((r) => r.rule === GROUP_RULE.excluded);
  const total = included.length + excludedRules.length;
  let done = 0;
  const answers = await readMembers(
    source,
    [...excludedRules, ...included].map((r) => r.externalId),
    () => onGroup(++done, total),
  );
  const excluded = new Set(
    answers.slice(0, excludedRules.length).flatMap((users) => users.map((u) => u.email)),
  );
  const errors: SyncError[] = [];
  const disabled = new Map<string, DirectoryUser>();
  const groups: GroupRead[] = [];
  included.forEach((rule, k) => {
    const seen = new Set<string>();
    const users: DirectoryUser[] = [];
    for (const u of answers[excludedRules.length + k]!) {
      if (seen.has(u.email)) continue;
      seen.add(u.email);
      if (!EMAIL.test(u.email) || u.email.length > LIMITS.emailMax) {
        errors.push({ group: rule.displayName, email: u.email, error: 'Email not valid' });
        continue;
      }
      if (!u.enabled) {
        disabled.set(u.email, u);
        continue;
      }
      if (excluded.has(u.email)) continue;
      users.push({
        ...u,
        name: u.name.trim().slice(0, LIMITS.nameMax),
        department: u.department.trim().slice(0, LIMITS.unitMax),
      });
    }
    groups.push({ id: rule.externalId, displayName: rule.displayName || rule.externalId, users });
  });
  // Someone enabled in one group's answer is not disabled (the answers are a moment apart).
  const enabled = new Set(groups.flatMap((g) => g.users.map((u) => u.email)));
  return {
    groups,
    disabled: [...disabled.values()].filter((u) => !enabled.has(u.email)),
    excluded,
    errors,
  };
}

interface GroupPlan {
  group: GroupRead;
  listId: string | null;
  listName: string | null;
  /** Members to add (new employees and existing ones not in the list). */
  add: DirectoryUser[];
  /** Members whose name, department or directory id changed. */
  update: DirectoryUser[];
  /** Emails of list members no longer in the group. */
  remove: string[];
  /** Of add, the people who are not employees yet (counted once, in their first group). */
  created: number;
  /** Of update, those counted here (once, in their first group). */
  updated: number;
}

interface SyncPlan {
  groups: GroupPlan[];
  /** Employees of disabled accounts, to take out of every list. */
  disable: { id: string; email: string; name: string }[];
  newPeople: string[];
  errors: SyncError[];
}

const changed = (u: DirectoryUser, e: { name: string; unit: string; external_id: string | null }) =>
  (u.name !== '' && u.name !== e.name) ||
  (u.department !== '' && u.department !== e.unit) ||
  u.id !== e.external_id;

/** The difference between what the directory says and the company's lists and employees. */
export async function planSync(
  db: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
  read: DirectoryRead,
): Promise<SyncPlan> {
  const lists = new Map((await listsOfSource(db, scope, product)).map((l) => [l.externalId, l]));
  const everyone = [...new Set(read.groups.flatMap((g) => g.users.map((u) => u.email)))];
  const existing = new Map(
    (await employeesByEmails(db, scope, [...everyone, ...read.disabled.map((u) => u.email)])).map((e) => [
      e.email,
      e,
    ]),
  );
  // Every list's members in one read.
  const membersByList = await membersOfLists(
    db,
    scope,
    read.groups.flatMap((g) => lists.get(g.id)?.id ?? []),
  );
  const createdSeen = new Set<string>();
  const updatedSeen = new Set<string>();
  const groups: GroupPlan[] = [];
  for (const group of read.groups) {
    const list = lists.get(group.id);
    const members = (list && membersByList.get(list.id)) || [];
    const inList = new Set(members.map((m) => m.email));
    const wanted = new Set(group.users.map((u) => u.email));
    const plan: GroupPlan = {
      group,
      listId: list?.id ?? null,
      listName: list?.name ?? null,
      add: [],
      update: [],
      remove: members.filter((m) => !wanted.has(m.email)).map((m) => m.email),
      created: 0,
      updated: 0,
    };
    for (const u of group.users) {
      const e = existing.get(u.email);
      if (!inList.has(u.email)) plan.add.push(u);
      else if (e && changed(u, e)) plan.update.push(u);
      if (!e && !createdSeen.has(u.email)) {
        createdSeen.add(u.email);
        plan.created++;
      } else if (e && changed(u, e) && !updatedSeen.has(u.email)) {
        updatedSeen.add(u.email);
        plan.updated++;
      }
    }
    groups.push(plan);
  }
  const disable = read.disabled.flatMap((u) => {
    const e = existing.get(u.email);
    return e?.in_list ? [{ id: e.id, email: e.email, name: e.name }] : [];
  });
  return { groups, disable, newPeople: [...createdSeen], errors: read.errors };
}

const planCounts = (plan: SyncPlan): SyncCounts => ({
  createdGroups: plan.groups.filter((g) => !g.listId).length,
  createdUsers: plan.groups.reduce((n, g) => n + g.created, 0),
  updatedUsers: plan.groups.reduce((n, g) => n + g.updated, 0),
  createdMembership: plan.groups.reduce((n, g) => n + g.add.length, 0),
  removedMembership: plan.groups.reduce((n, g) => n + g.remove.length, 0),
  removedUsers: plan.disable.length,
});

/** Everyone who would join a list of this sync: what must fit the seats. */
const joining = (plan: SyncPlan) => [...new Set(plan.groups.flatMap((g) => g.add.map((u) => u.email)))];

/** Why the people joining do not fit (the whole sync is refused), or null. */
async function seatRefusal(db: Db, scope: CompanyScope, plan: SyncPlan): Promise<string | null> {
  const emails = joining(plan);
  if (emails.length === 0) return null;
  const check = await seatCheck(db, scope, emails);
  if (!check.active) return 'Your subscription has expired. Nothing was changed.';
  if (check.decision !== 'refused') return null;
  return DIRECTORY_MESSAGES.seatsExceeded(check.adding, check.free ?? 0);
}

/** Spec 3 §3 sync preview: what a sync would do, written nowhere. */
export async function previewSync(
  db: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
  source: DirectorySource,
  rules: RuleRow[],
): Promise<SyncPreview> {
  const read = await readDirectory(source, rules);
  const plan = await planSync(db, scope, product, read);
  const users = new Map<string, SyncPreview['affectedUsers'][number]>();
  const note = (
    u: { email: string; name: string },
    action: SyncPreview['affectedUsers'][number]['action'],
  ) => {
    const entry = users.get(u.email) ?? { displayName: u.name, mail: u.email, lists: [], action };
    users.set(u.email, entry);
    return entry;
  };
  const newPeople = new Set(plan.newPeople);
  for (const g of plan.groups) {
    const name = g.group.displayName;
    for (const u of g.add)
      note(u, newPeople.has(u.email) ? 'create' : 'add').lists.push({ name, skip: false });
    for (const u of g.update) note(u, 'update').lists.push({ name, skip: false });
    for (const email of g.remove) note({ email, name: '' }, 'remove').lists.push({ name, skip: true });
  }
  for (const u of plan.disable) note(u, 'disable');
  for (const email of read.excluded)
    if (users.has(email)) users.get(email)!.lists.forEach((l) => (l.skip = true));
  const affected = [...users.values()];
  return {
    affectedGroups: plan.groups.map((g) => ({
      id: g.group.id,
      displayName: g.group.displayName,
      usersCount: g.group.users.length,
      action: !g.listId
        ? 'create'
        : g.add.length + g.update.length + g.remove.length > 0 || g.listName !== g.group.displayName
          ? 'update'
          : 'none',
    })),
    affectedUsers: affected.slice(0, DIRECTORY_LIMITS.previewSample),
    counts: planCounts(plan),
    truncated: affected.length > DIRECTORY_LIMITS.previewSample,
    seatError: await seatRefusal(db, scope, plan),
  };
}

/** Test hooks. */
export interface RunOptions {
  /** Runs once a batch's transaction has committed, with its last group's index (a crash can be staged there). */
  afterBatch?: (lastIndex: number) => Promise<void>;
  /** Changed memberships per transaction (BATCH_ROWS unless a test asks for smaller batches). */
  batchRows?: number;
}

const addCounts = (a: Record<string, number>, b: Partial<SyncCounts>): SyncCounts => {
  const sum = { ...emptySyncCounts(), ...a } as SyncCounts;
  for (const [k, v] of Object.entries(b)) sum[k as keyof SyncCounts] += v;
  return sum;
};

const toUpsert = (u: DirectoryUser): EmployeeUpsert => ({
  email: u.email,
  name: u.name,
  unit: u.department,
  tags: [],
  externalId: u.id,
});

const now = () => new Date().toISOString();

function emitProgress(
  ctx: AppContext,
  product: DirectoryProduct,
  run: Pick<SyncRow, 'id' | 'status' | 'progress' | 'message' | 'counts'>,
) {
  ctx.realtime?.to(syncRoom(run.id)).emit(SOCKET_EVENTS.integrationProgress, {
    syncId: run.id,
    product,
    status: SYNC_STATUS_NAMES[run.status - 1]!,
    progress: run.progress,
    message: run.message,
    counts: { ...emptySyncCounts(), ...run.counts },
  });
}

/** The longest a reading run goes without writing its heartbeat (a stale one is taken for dead after 2 min). */
const HEARTBEAT_MS = 30_000;

/** Changed memberships one transaction applies at most: small groups go together, a larger one alone. */
const BATCH_ROWS = 2_500;

const rowsOf = (g: GroupPlan) => g.add.length + g.update.length + g.remove.length;
const hasChanges = (g: GroupPlan) => rowsOf(g) > 0 || g.listName !== g.group.displayName;

/** The consecutive groups from `start` that one transaction applies (at least one). */
function nextBatch(groups: GroupPlan[], start: number, maxRows: number): GroupPlan[] {
  const batch: GroupPlan[] = [];
  let rows = 0;
  for (let i = start; i < groups.length; i++) {
    const n = rowsOf(groups[i]!);
    if (batch.length > 0 && rows + n > maxRows) break;
    batch.push(groups[i]!);
    rows += n;
  }
  return batch;
}

const batchCounts = (batch: GroupPlan[]): Partial<SyncCounts> => ({
  createdGroups: batch.filter((g) => !g.listId).length,
  createdUsers: batch.reduce((n, g) => n + g.created, 0),
  updatedUsers: batch.reduce((n, g) => n + g.updated, 0),
  createdMembership: batch.reduce((n, g) => n + g.add.length, 0),
  removedMembership: batch.reduce((n, g) => n + g.remove.length, 0),
});

/**
 * Writes a batch's changed groups in the caller's transaction, in sets: the new lists in one statement,
 * the seats for everyone joining, the people and memberships of all the groups together, the removals
 * per group, one audit record per group. `listIds` receives each group's list.
 */
async function applyBatch(
  tx: Db,
  scope: CompanyScope,
  product: DirectoryProduct,
  syncId: string,
  groups: GroupPlan[],
  listIds: Map<GroupPlan, string>,
): Promise<void> {
  const created = await insertLists(
    tx,
    scope,
    product,
    groups.filter((g) => !g.listId).map((g) => ({ name: g.group.displayName, externalId: g.group.id })),
  );
  for (const g of groups) {
    listIds.set(g, g.listId ?? created.get(g.group.id)!);
    if (g.listId && g.listName !== g.group.displayName)
      await renameList(tx, scope, g.listId, g.group.displayName);
  }
  const people = new Map<string, EmployeeUpsert>();
  for (const g of groups)
    for (const u of [...g.add, ...g.update]) if (!people.has(u.email)) people.set(u.email, toUpsert(u));
  await admitEmployees(tx, scope, [...new Set(groups.flatMap((g) => g.add.map((u) => u.email)))]);
  if (people.size > 0)
    await upsertIntoLists(
      tx,
      scope,
      [...people.values()],
      groups.flatMap((g) => g.add.map((u) => ({ listId: listIds.get(g)!, email: u.email }))),
      product,
    );
  for (const g of groups)
    if (g.remove.length > 0)
      await removeOthersFromList(
        tx,
        scope,
        listIds.get(g)!,
        g.group.users.map((u) => u.email),
      );
  const name = INTEGRATION_CATALOG[product].name;
  await recordSystemChanges(
    tx,
    groups.map((g): SystemChange => ({
      companyId: scope.companyId,
      actor: `directory-sync:${product}`,
      label: `${name} sync`,
      action: `SYNC ${product} group`,
      target: { syncId, listId: listIds.get(g)!, group: g.group.id },
      after: {
        list: g.group.displayName,
        created: !g.listId,
        added: g.add.slice(0, 1000).map((u) => u.email),
        updated: g.update.slice(0, 1000).map((u) => u.email),
        removed: g.remove.slice(0, 1000),
      },
    })),
  );
}

/**
 * Runs (or resumes) one sync: reading the directory is 0–40 %, applying its groups 40–100 %. A
 * directory's refusal or the seats end it Failed with the reason; any other error (a crash, the
 * database gone) leaves it running at its cursor for the job's retry or the start-up step to resume.
 */
export async function runSync(
  ctx: AppContext,
  scope: CompanyScope,
  syncId: string,
  source: DirectorySource,
  rules: RuleRow[],
  options: RunOptions = {},
): Promise<void> {
  const { db } = ctx;
  const run = await syncById(db, scope, syncId);
  if (!run || run.status !== SYNC_STATUS.running) return;
  const product = run.product;
  const name = INTEGRATION_CATALOG[product].name;
  const progress = async (
    values: Parameters<typeof updateSync>[3],
    level: 'info' | 'warn' | 'error' = 'info',
  ) => {
    await updateSync(
      db,
      scope,
      syncId,
      values,
      values.message ? [{ at: now(), level, message: values.message }] : [],
    );
    const fresh = (await syncById(db, scope, syncId))!;
    emitProgress(ctx, product, fresh);
  };
  const fail = async (message: string, details: string | null, errors: SyncError[] = []) => {
    await progress(
      {
        status: SYNC_STATUS.failed,
        phase: 'done',
        progress: 100,
        message: DIRECTORY_MESSAGES.syncFailed(message),
        errorDetails: details ?? message,
        errors: [...run.errors, ...errors].slice(0, DIRECTORY_LIMITS.maxErrors),
        finishedAt: new Date(),
      },
      'error',
    );
  };

  let plan: SyncPlan;
  try {
    await progress({
      phase: 'fetch',
      message: run.cursor > 0 ? `Resuming at group ${run.cursor + 1}` : `Reading ${name} groups`,
    });
    let stored = { percent: 0, at: Date.now() };
    const read = await readDirectory(source, rules, async (done, total) => {
      const percent = Math.floor((done / Math.max(total, 1)) * 40);
      // The run's row (and its heartbeat) is written when the percent moves, at most 40 times, or when
      // it is HEARTBEAT_MS old; the socket hears every group.
      if (percent !== stored.percent || Date.now() - stored.at > HEARTBEAT_MS) {
        stored = { percent, at: Date.now() };
        await updateSync(db, scope, syncId, { progress: percent });
      }
      emitProgress(ctx, product, { ...run, progress: percent, message: `Read ${done} of ${total} groups` });
    });
    plan = await planSync(db, scope, product, read);
    const refusal = await seatRefusal(db, scope, plan);
    if (refusal) {
      await fail(refusal, refusal, plan.errors);
      return;
    }
  } catch (err) {
    if (err instanceof DirectoryError) {
      await fail(err.message, err.details);
      return;
    }
    throw err;
  }

  const total = plan.groups.length;
  const batchRows = options.batchRows ?? BATCH_ROWS;
  for (let i = run.cursor; i < total;) {
    const batch = nextBatch(plan.groups, i, batchRows);
    const done = i + batch.length;
    const changed = batch.filter(hasChanges);
    const listIds = new Map<GroupPlan, string>();
    // A batch without changes writes only the run's cursor and progress (redoing it after a crash writes
    // nothing either).
    try {
      await db.transaction(async (tx) => {
        if (changed.length > 0) await applyBatch(tx, scope, product, syncId, changed, listIds);
        await updateSync(tx, scope, syncId, {
          phase: 'apply',
          cursor: done,
          progress: 40 + Math.floor((done / total) * 60) - (done === total ? 1 : 0),
          counts: addCounts((await syncById(tx, scope, syncId))!.counts, batchCounts(batch)),
          message: `Synced ${done} of ${total} groups`,
        });
      });
    } catch (err) {
      if (err instanceof AppError) {
        // The seats were taken between the check and this batch (another import): reported, the rest goes on.
        const fresh = (await syncById(db, scope, syncId))!;
        const refused = changed.map((g) => ({ group: g.group.displayName, email: null, error: err.message }));
        await updateSync(db, scope, syncId, {
          cursor: done,
          errors: [...fresh.errors, ...refused].slice(0, DIRECTORY_LIMITS.maxErrors),
        });
        i = done;
        continue;
      }
      throw err;
    }
    await announceNewMembers(
      ctx,
      scope,
      changed.flatMap((g) =>
        g.add.length > 0 ? [{ listId: listIds.get(g)!, emails: g.add.map((u) => u.email) }] : [],
      ),
    );
    emitProgress(ctx, product, (await syncById(db, scope, syncId))!);
    await options.afterBatch?.(done - 1);
    i = done;
  }

  // Disabled or deleted accounts: out of every list through the one removal path.
  let removedUsers = 0;
  if (plan.disable.length > 0) {
    removedUsers = await removeEmployeesFromCompany(
      db,
      scope,
      plan.disable.map((d) => d.id),
    );
    if (removedUsers > 0)
      await recordSystemChange(db, {
        companyId: scope.companyId,
        actor: `directory-sync:${product}`,
        label: `${name} sync`,
        action: `SYNC ${product} disabled`,
        target: { syncId },
        after: { removed: plan.disable.slice(0, 1000).map((d) => d.email) },
      });
  }
  const fresh = (await syncById(db, scope, syncId))!;
  const errors = [...fresh.errors, ...plan.errors].slice(0, DIRECTORY_LIMITS.maxErrors);
  await progress({
    status: SYNC_STATUS.success,
    phase: 'done',
    progress: 100,
    counts: { ...addCounts(fresh.counts, {}), removedUsers },
    errors,
    errorDetails:
      errors.length > 0
        ? errors
            .map((e) => `${e.email ?? e.group}: ${e.error}`)
            .join('; ')
            .slice(0, 2000)
        : null,
    message: 'Sync finished',
    finishedAt: new Date(),
  });
}
