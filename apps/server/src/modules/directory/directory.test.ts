import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES, type AzureSettings, type SyncAnswer, type SyncRun } from '@vigil/shared';
import {
  auditLog,
  directoryConnections,
  employeeLists,
  employees,
  listMembers,
} from '../../db/schema/index.ts';
import { systemScope } from '../../lib/scope.ts';
import { startFakeDirectory, fakeDirectoryEnv, type FakeDirectory } from '../../test/fake-directory.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { performSync } from './directory.service.ts';

describe.each(testDatabases())('directory sync (%s)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let fake: FakeDirectory;
  let companyId: string;
  let headers: Record<string, string>;
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, h = headers) =>
    t.inject({
      method,
      url: `/api/companies/${companyId}/integrations${path}`,
      headers: h,
      ...(payload ? { payload } : {}),
    });

  async function company(seats: number | null = 100) {
    const manager = await createManager(t.ctx.db);
    const c = await createCompany(t.ctx.db, { subscription: { seats } });
    await addMember(t.ctx.db, c.id, manager.id, 1);
    return { id: c.id, headers: bearer(await signIn(t, manager.id)) };
  }

  /** Starts a sync over the API and runs its job here (the test app runs no workers). */
  async function sync(id = companyId, h = headers): Promise<SyncRun> {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${id}/integrations/azure/sync`,
      headers: h,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const { syncId } = res.json<SyncAnswer>();
    await performSync(t.ctx, systemScope(id, 'test'), syncId!);
    const run = await t.inject({
      method: 'GET',
      url: `/api/companies/${id}/integrations/azure/syncs/${syncId}`,
      headers: h,
    });
    return run.json<SyncRun>();
  }

  const listsOf = async (id = companyId) =>
    t.ctx.db.select().from(employeeLists).where(eq(employeeLists.companyId, id)).orderBy(employeeLists.name);
  const membersOf = async (listId: string) =>
    (
      await t.ctx.db
        .select({
          email: employees.email,
          name: employees.name,
          unit: employees.unit,
          source: employees.source,
        })
        .from(listMembers)
        .innerJoin(employees, eq(employees.id, listMembers.employeeId))
        .where(eq(listMembers.listId, listId))
    ).sort((a, b) => a.email.localeCompare(b.email));

  let sales: ReturnType<FakeDirectory['addGroup']>;
  let support: ReturnType<FakeDirectory['addGroup']>;

  beforeAll(async () => {
    fake = await startFakeDirectory();
    t = await createTestApp(kind, { ...fakeDirectoryEnv(fake), JOBS: '0' });
    ({ id: companyId, headers } = await company());
    const ann = fake.addUser({ email: 'ann@contoso.example', name: 'Ann Lee', department: 'Sales' });
    const bob = fake.addUser({
      email: 'Bob@Contoso.example',
      name: 'Bob Stone',
      department: 'Sales',
      noMail: true,
    });
    const cid = fake.addUser({ email: 'cid@contoso.example', name: 'Cid Moe', department: 'Support' });
    sales = fake.addGroup('Sales', [ann.id, bob.id]);
    support = fake.addGroup('Support', [cid.id]);
    fake.addGroup('Everyone', [sales.id, support.id]);
    fake.pageSize.azure = 1; // every member list is paged: nextLink followed
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses wrong credentials with what Azure said, stores nothing usable, then connects', async () => {
    const bad = await api('POST', '/azure/connect', {
      tenant: fake.azure.tenant,
      clientId: fake.azure.clientId,
      clientSecret: 'nope',
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ success: false });
    expect(bad.json().error).toContain('AADSTS7000215');
    expect((await api('GET', '/azure')).json<AzureSettings>()).toMatchObject({
      enabled: '0',
      connected: false,
    });

    const missing = await api('POST', '/azure/connect', { tenant: '', clientId: 'x', clientSecret: 'y' });
    expect(missing.statusCode).toBe(400);

    const good = await api('POST', '/azure/connect', { ...fake.azure });
    expect(good.json()).toEqual({ success: true, error: null, details: null });
    const settings = (await api('GET', '/azure')).json<AzureSettings>();
    expect(settings).toMatchObject({
      enabled: '1',
      connected: true,
      tenant: fake.azure.tenant,
      clientSecretSet: true,
    });
    expect(JSON.stringify(settings)).not.toContain(fake.azure.clientSecret);
    // Sealed at rest.
    const [row] = await t.ctx.db
      .select()
      .from(directoryConnections)
      .where(eq(directoryConnections.companyId, companyId));
    expect(row!.credentials).not.toContain(fake.azure.clientSecret);
    expect((await api('POST', '/azure/test')).json()).toMatchObject({ success: true });
  });

  it('lists groups ten a page with a skip token, and searches with ConsistencyLevel: eventual', async () => {
    for (let i = 0; i < 12; i++) fake.addGroup(`Team ${String(i).padStart(2, '0')}`);
    const first = await api('GET', '/azure/groups?top=10');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().rows).toHaveLength(10);
    expect(first.json().skip).toBeTruthy();
    const second = await api('GET', `/azure/groups?top=10&skip=${first.json().skip}`);
    expect(second.json().rows.length).toBe(5);
    expect(second.json().skip).toBeNull();
    const found = await api('GET', '/azure/groups?filter=Sal');
    expect(found.json().rows.map((g: { displayName: string }) => g.displayName)).toEqual(['Sales']);
    expect(
      fake.calls.some((c) => c.url.includes('%24search') && c.headers.consistencylevel === 'eventual'),
    ).toBe(true);
    // A skip token that is not Graph's own link is refused, never followed.
    const forged = Buffer.from('http://169.254.169.254/latest').toString('base64url');
    expect((await api('GET', `/azure/groups?skip=${forged}`)).statusCode).toBe(502);
  });

  it('previews without writing, then syncs: lists with source azure, employees with department as unit', async () => {
    const none = await api('POST', '/azure/sync', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ message: DIRECTORY_MESSAGES.noGroups }]);
    const saved = await api('PUT', '/azure/rules', {
      rules: [
        { externalId: sales.id, displayName: 'Sales', rule: 1 },
        { externalId: support.id, displayName: 'Support', rule: 1 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const preview = await api('POST', '/azure/sync', { preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<SyncAnswer>().preview!;
    expect(p.affectedGroups.map((g) => [g.displayName, g.usersCount, g.action])).toEqual([
      ['Sales', 2, 'create'],
      ['Support', 1, 'create'],
    ]);
    expect(p.affectedUsers.map((u) => [u.mail, u.action])).toEqual([
      ['ann@contoso.example', 'create'],
      ['bob@contoso.example', 'create'],
      ['cid@contoso.example', 'create'],
    ]);
    expect(await listsOf()).toHaveLength(0);
    expect(await t.ctx.db.select().from(employees).where(eq(employees.companyId, companyId))).toHaveLength(0);

    fake.throttle(2, 0); // 429 with Retry-After: waited and tried again
    const run = await sync();
    expect(run).toMatchObject({
      status: 'Success',
      statusCode: 2,
      progress: 100,
      createdGroups: 2,
      createdUsers: 3,
      createdMembership: 3,
      removedMembership: 0,
    });
    const lists = await listsOf();
    expect(lists.map((l) => [l.name, l.source, l.externalId])).toEqual([
      ['Sales', 'azure', sales.id],
      ['Support', 'azure', support.id],
    ]);
    expect(await membersOf(lists[0]!.id)).toEqual([
      { email: 'ann@contoso.example', name: 'Ann Lee', unit: 'Sales', source: 'azure' },
      // mail null: userPrincipalName, lowercased
      { email: 'bob@contoso.example', name: 'Bob Stone', unit: 'Sales', source: 'azure' },
    ]);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.actorKind, 'system')));
    expect(audit.map((a) => a.action)).toEqual(['SYNC azure group', 'SYNC azure group']);
  });

  it('writes nothing on a no-change re-sync', async () => {
    const before = await t.ctx.db
      .select({ id: employees.id, updated: employees.updatedAt })
      .from(employees)
      .where(eq(employees.companyId, companyId));
    const lists = await listsOf();
    const auditBefore = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.companyId, companyId)))
      .length;
    const run = await sync();
    expect(run).toMatchObject({
      status: 'Success',
      createdGroups: 0,
      createdUsers: 0,
      updatedUsers: 0,
      createdMembership: 0,
      removedMembership: 0,
      removedUsers: 0,
    });
    const after = await t.ctx.db
      .select({ id: employees.id, updated: employees.updatedAt })
      .from(employees)
      .where(eq(employees.companyId, companyId));
    expect(after).toEqual(before);
    expect((await listsOf()).map((l) => l.updatedAt)).toEqual(lists.map((l) => l.updatedAt));
    // Only the sync's own POST is audited (by the request hook), no engine change.
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));
    expect(audit.length - auditBefore).toBe(1);
  });

  it('updates names and departments, adds and removes members, takes disabled people out of every list', async () => {
    const ann = [...fake.users.values()].find((u) => u.email === 'ann@contoso.example')!;
    const bob = [...fake.users.values()].find((u) => u.email === 'bob@contoso.example')!;
    const cid = [...fake.users.values()].find((u) => u.email === 'cid@contoso.example')!;
    const dee = fake.addUser({ email: 'dee@contoso.example', name: 'Dee Ray', department: 'Support' });
    ann.name = 'Ann Lee-Park';
    ann.department = 'Field Sales';
    support.members.push(dee.id, ann.id);
    sales.members = sales.members.filter((id) => id !== bob.id);
    cid.enabled = false;
    fake.expireTokens(); // the cached token is refused once (401 InvalidAuthenticationToken); a new one is taken

    const run = await sync();
    expect(run).toMatchObject({
      status: 'Success',
      createdUsers: 1,
      updatedUsers: 1,
      createdMembership: 2,
      removedMembership: 2,
      createdGroups: 0,
    });
    const [salesList, supportList] = await listsOf();
    expect((await membersOf(salesList!.id)).map((m) => [m.email, m.name, m.unit])).toEqual([
      ['ann@contoso.example', 'Ann Lee-Park', 'Field Sales'],
    ]);
    expect((await membersOf(supportList!.id)).map((m) => m.email)).toEqual([
      'ann@contoso.example',
      'dee@contoso.example',
    ]);
  });

  it('refuses a sync whose new people do not fit the seats, changing nothing', async () => {
    const small = await company(2);
    const big = fake.addGroup(
      'Big',
      [1, 2, 3, 4].map((n) => fake.addUser({ email: `seat${n}@contoso.example` }).id),
    );
    const h = small.headers;
    await t.inject({
      method: 'POST',
      url: `/api/companies/${small.id}/integrations/azure/connect`,
      headers: h,
      payload: { ...fake.azure },
    });
    await t.inject({
      method: 'PUT',
      url: `/api/companies/${small.id}/integrations/azure/rules`,
      headers: h,
      payload: { rules: [{ externalId: big.id, displayName: 'Big', rule: 1 }] },
    });
    const preview = await t.inject({
      method: 'POST',
      url: `/api/companies/${small.id}/integrations/azure/sync`,
      headers: h,
      payload: { preview: true },
    });
    expect(preview.json<SyncAnswer>().preview!.seatError).toContain('Employees limit reached.');
    const run = await sync(small.id, h);
    expect(run.status).toBe('Failed');
    expect(run.message).toBe(DIRECTORY_MESSAGES.syncFailed(DIRECTORY_MESSAGES.seatsExceeded(4, 2)));
    expect(await listsOf(small.id)).toHaveLength(0);
  });

  it('resumes a sync a crash interrupted at the group it reached, with the same result', async () => {
    const c = await company();
    const groups = [1, 2, 3].map((n) =>
      fake.addGroup(`Resume ${n}`, [fake.addUser({ email: `r${n}@contoso.example`, name: `R ${n}` }).id]),
    );
    const h = c.headers;
    await t.inject({
      method: 'POST',
      url: `/api/companies/${c.id}/integrations/azure/connect`,
      headers: h,
      payload: { ...fake.azure },
    });
    await t.inject({
      method: 'PUT',
      url: `/api/companies/${c.id}/integrations/azure/rules`,
      headers: h,
      payload: { rules: groups.map((g) => ({ externalId: g.id, displayName: g.name, rule: 1 })) },
    });
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${c.id}/integrations/azure/sync`,
      headers: h,
      payload: {},
    });
    const { syncId } = res.json<SyncAnswer>();
    const scope = systemScope(c.id, 'test');
    await expect(
      performSync(t.ctx, scope, syncId!, {
        // One group a transaction, so the crash after the first leaves the others not started.
        batchRows: 1,
        afterBatch: async (i) => {
          if (i === 0) throw new Error('process killed');
        },
      }),
    ).rejects.toThrow('process killed');
    const mid = await t.inject({
      method: 'GET',
      url: `/api/companies/${c.id}/integrations/azure/syncs/${syncId}`,
      headers: h,
    });
    expect(mid.json()).toMatchObject({ status: 'Running', createdGroups: 1 });
    expect((await listsOf(c.id)).map((l) => l.name)).toEqual(['Resume 1']);
    // A second sync cannot start while this one is unfinished.
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/companies/${c.id}/integrations/azure/sync`,
          headers: h,
          payload: {},
        })
      ).statusCode,
    ).toBe(409);

    await performSync(t.ctx, scope, syncId!);
    const done = await t.inject({
      method: 'GET',
      url: `/api/companies/${c.id}/integrations/azure/syncs/${syncId}`,
      headers: h,
    });
    expect(done.json()).toMatchObject({
      status: 'Success',
      createdGroups: 3,
      createdUsers: 3,
      createdMembership: 3,
    });
    expect((await listsOf(c.id)).map((l) => l.name)).toEqual(['Resume 1', 'Resume 2', 'Resume 3']);
  });

  it("keeps two companies' integrations apart", async () => {
    const other = await company();
    // Another company's admin sees nothing of this one's connection, runs or groups.
    expect((await api('GET', '/azure', undefined, other.headers)).statusCode).toBe(404);
    const run = (await api('GET', '/azure/syncs')).json().rows[0];
    const foreign = await t.inject({
      method: 'GET',
      url: `/api/companies/${other.id}/integrations/azure/syncs/${run.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const theirs = await t.inject({
      method: 'GET',
      url: `/api/companies/${other.id}/integrations/azure`,
      headers: other.headers,
    });
    expect(theirs.json()).toMatchObject({ enabled: '0', clientSecretSet: false, syncStatuses: [] });
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/companies/${other.id}/integrations/azure/sync`,
          headers: other.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(409);
  });

  it('unlinks: the form resets, the lists stay', async () => {
    const res = await api('POST', '/azure/unlink');
    expect(res.statusCode).toBe(204);
    expect((await api('GET', '/azure')).json()).toMatchObject({
      enabled: '0',
      tenant: '',
      clientSecretSet: false,
      selectedGroups: [],
    });
    expect((await listsOf()).length).toBe(2);
    const overview = (await api('GET', '')).json();
    expect(overview.rows.find((r: { id: string }) => r.id === 'azure')).toMatchObject({
      connected: false,
      needsUpgrade: false,
    });
  });

  it('Google: service account, groups with include/exclude rules, test mode previews, the sync log', async () => {
    const g = await company();
    const h = g.headers;
    const url = (p: string) => `/api/companies/${g.id}/integrations${p}`;
    const connect = await t.inject({
      method: 'POST',
      url: url('/google/connect'),
      headers: h,
      payload: { serviceAccountKey: fake.googleKey, adminEmail: 'admin@contoso.example' },
    });
    expect(connect.json(), connect.body).toMatchObject({ success: true });
    const groups = await t.inject({ method: 'GET', url: url('/google/groups'), headers: h });
    expect(groups.statusCode, groups.body).toBe(200);
    await t.inject({
      method: 'PUT',
      url: url('/google/rules'),
      headers: h,
      payload: {
        rules: [
          { externalId: sales.id, displayName: 'Sales', rule: 1 },
          { externalId: support.id, displayName: 'Support', rule: 2 },
        ],
      },
    });
    await t.inject({ method: 'PUT', url: url('/google'), headers: h, payload: { testMode: true } });
    const test = await t.inject({ method: 'POST', url: url('/google/sync'), headers: h, payload: {} });
    expect(test.json<SyncAnswer>().syncId).toBeNull();
    // ann is in Support (excluded): skipped; nobody written in test mode.
    expect(test.json<SyncAnswer>().preview!.affectedGroups).toEqual([
      { id: sales.id, displayName: 'Sales', usersCount: 0, action: 'create' },
    ]);
    expect(await listsOf(g.id)).toHaveLength(0);

    await t.inject({ method: 'PUT', url: url('/google'), headers: h, payload: { testMode: false } });
    const live = await t.inject({ method: 'POST', url: url('/google/sync'), headers: h, payload: {} });
    await performSync(t.ctx, systemScope(g.id, 'test'), live.json<SyncAnswer>().syncId!);
    expect((await listsOf(g.id)).map((l) => [l.name, l.source])).toEqual([['Sales', 'google']]);
    const log = await t.inject({ method: 'GET', url: url('/google/logs?token=0'), headers: h });
    expect(log.json()).toMatchObject({ status: 'Success' });
    expect(log.json().lines.length).toBeGreaterThan(0);
  });
});
