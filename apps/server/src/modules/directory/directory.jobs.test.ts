import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncAnswer, SyncRun } from '@vigil/shared';
import { directorySyncs } from '../../db/schema/index.ts';
import { parsePayload } from '../../jobs/jobs.ts';
import { systemScope } from '../../lib/scope.ts';
import { startFakeDirectory, fakeDirectoryEnv, type FakeDirectory } from '../../test/fake-directory.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { readDirectory } from './directory.engine.ts';
import { googleSource } from './directory.google.ts';
import { directoryJobs, nightlySync } from './directory.jobs.ts';
import { performSync } from './directory.service.ts';

/** The schedule, the start-up step and the Google adapter's throttling and token renewal. */
describe.each(testDatabases())('directory jobs and adapters (%s)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let fake: FakeDirectory;
  const CRON = '17 3 * * *';

  beforeAll(async () => {
    fake = await startFakeDirectory();
    // JOBS 0: queues and schedules are created, nothing is worked; the tests take the jobs themselves.
    t = await createTestApp(kind, { ...fakeDirectoryEnv(fake), JOBS: '0', DIRECTORY_SYNC_CRON: CRON });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A company with Azure AD (or Google Workspace in test mode) connected and these groups chosen. */
  async function connected(groups: string[], product: 'azure' | 'google-test' = 'azure') {
    const manager = await createManager(t.ctx.db);
    const c = await createCompany(t.ctx.db, { subscription: { seats: 100 } });
    await addMember(t.ctx.db, c.id, manager.id, 1);
    const headers = bearer(await signIn(t, manager.id));
    const base = `/api/companies/${c.id}/integrations/${product === 'azure' ? 'azure' : 'google'}`;
    const api = async (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) => {
      const res = await t.inject({ method, url: `${base}${path}`, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res;
    };
    if (product === 'azure') await api('POST', '/connect', { ...fake.azure });
    else {
      await api('POST', '/connect', {
        serviceAccountKey: fake.googleKey,
        adminEmail: 'admin@contoso.example',
      });
      await api('PUT', '', { testMode: true });
    }
    if (groups.length > 0)
      await api('PUT', '/rules', {
        rules: groups.map((id) => ({ externalId: id, displayName: id, rule: 1 })),
      });
    return { id: c.id, api };
  }

  /** The queued directory.sync jobs naming this run. */
  const queuedFor = async (syncId: string) =>
    (await t.ctx.queue.findJobs('directory.sync', { data: { syncId }, queued: true })).map((j) =>
      parsePayload('directory.sync', j.data),
    );

  it('schedules the nightly sync on DIRECTORY_SYNC_CRON, which starts a run for each live directory', async () => {
    const schedules = await t.ctx.queue.getSchedules('directory.nightly');
    expect(schedules.map((s) => s.cron)).toEqual([CRON]);

    const u = fake.addUser({ email: 'night@contoso.example', name: 'Night Owl' });
    const group = fake.addGroup('Night shift', [u.id]);
    const live = await connected([group.id]);
    const inTest = await connected([group.id], 'google-test');
    const noGroups = await connected([]);

    // The job's work, as pg-boss runs it on the schedule.
    const nightly = directoryJobs(t.ctx).find((j) => j.name === 'directory.nightly')!;
    await (nightly.handler as (ctx: typeof t.ctx, data: object) => Promise<void>)(t.ctx, {});

    const runs = async (companyId: string) =>
      t.ctx.db.select().from(directorySyncs).where(eq(directorySyncs.companyId, companyId));
    const [run] = await runs(live.id);
    expect(run).toMatchObject({ trigger: 'schedule', status: 1 });
    expect(await queuedFor(run!.id)).toEqual([{ syncId: run!.id, companyId: live.id }]);
    // Test mode previews only; without chosen groups there is nothing to sync.
    expect(await runs(inTest.id)).toHaveLength(0);
    expect(await runs(noGroups.id)).toHaveLength(0);

    // Run a second time while that run is unfinished: no second run for the company.
    await nightlySync(t.ctx);
    expect(await runs(live.id)).toHaveLength(1);
    await performSync(t.ctx, systemScope(live.id, 'test'), run!.id);
    const done = await live.api('GET', `/syncs/${run!.id}`);
    expect(done.json<SyncRun>()).toMatchObject({ status: 'Success', createdUsers: 1 });
  });

  it('resumes at start-up a sync whose process died, at its cursor', async () => {
    const people = [1, 2, 3].map((n) =>
      fake.addUser({ email: `boot${n}@contoso.example`, name: `Boot ${n}` }),
    );
    const groups = people.map((p, n) => fake.addGroup(`Boot ${n + 1}`, [p.id]));
    const c = await connected(groups.map((g) => g.id));
    const { syncId } = (await c.api('POST', '/sync', {})).json<SyncAnswer>();
    // The process dies after the first group's transaction.
    await expect(
      performSync(t.ctx, systemScope(c.id, 'test'), syncId!, {
        batchRows: 1,
        afterBatch: async () => {
          throw new Error('process killed');
        },
      }),
    ).rejects.toThrow('process killed');
    // Its job is gone with the process; the run was last written three minutes ago.
    await t.ctx.queue.deleteAllJobs('directory.sync');
    await t.ctx.db
      .update(directorySyncs)
      .set({ heartbeatAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(directorySyncs.id, syncId!));

    // What the server runs once its workers have started.
    const nightly = directoryJobs(t.ctx).find((j) => j.name === 'directory.nightly')!;
    await nightly.onStart!(t.ctx);
    const [job] = await queuedFor(syncId!);
    expect(job).toEqual({ syncId, companyId: c.id });

    const handler = directoryJobs(t.ctx).find((j) => j.name === 'directory.sync')!.handler as (
      ctx: typeof t.ctx,
      data: object,
    ) => Promise<void>;
    await handler(t.ctx, job!);
    const run = (await c.api('GET', `/syncs/${syncId}`)).json<SyncRun>();
    expect(run).toMatchObject({ status: 'Success', createdGroups: 3, createdUsers: 3, createdMembership: 3 });
    // A run written just now is not taken for a dead one.
    const again = (await c.api('POST', '/sync', {})).json<SyncAnswer>();
    await t.ctx.queue.deleteAllJobs('directory.sync');
    await nightly.onStart!(t.ctx);
    expect(await queuedFor(again.syncId!)).toEqual([]);
  });

  describe('Google adapter', () => {
    const source = () =>
      googleSource(
        {
          clientEmail: (JSON.parse(fake.googleKey) as { client_email: string }).client_email,
          privateKey: (JSON.parse(fake.googleKey) as { private_key: string }).private_key,
          adminEmail: 'admin@contoso.example',
          customer: 'my_customer',
        },
        { apiUrl: fake.googleApiUrl, tokenUrl: fake.googleTokenUrl },
      );
    const tokenCalls = () => fake.calls.filter((c) => c.url.split('?')[0] === '/google/token').length;

    it('waits Retry-After on a 429 and reads on', async () => {
      const u = fake.addUser({ email: 'slow@contoso.example', name: 'Slow Down', department: 'Ops' });
      const g = fake.addGroup('Throttled', [u.id]);
      const google = source();
      await google.test(); // signed in
      const before = fake.calls.length;
      fake.throttle(1, 1);
      const started = Date.now();
      const members = await google.membersOf(g.id);
      // Retry-After's second, not the client's own backoff (shorter) or the fallback without it (2 s).
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(Date.now() - started).toBeLessThan(1900);
      expect(members).toEqual([
        { id: u.id, email: 'slow@contoso.example', name: 'Slow Down', department: 'Ops', enabled: true },
      ]);
      // The refused call was made again.
      const urls = fake.calls.slice(before).map((c) => c.url.split('?')[0]);
      expect(urls.filter((p) => p === urls[0])).toHaveLength(2);
    });

    it('reads each person once, also when groups read at the same time share them', async () => {
      const shared = fake.addUser({ email: 'both@contoso.example', name: 'In Both' });
      const groups = [1, 2, 3, 4].map((n) => fake.addGroup(`Shared ${n}`, [shared.id]));
      const google = source();
      const before = fake.calls.length;
      const read = await readDirectory(
        google,
        groups.map((g) => ({
          entityType: 'group' as const,
          externalId: g.id,
          displayName: g.name,
          rule: 1 as const,
        })),
      );
      expect(read.groups.map((g) => g.users.map((u) => u.email))).toEqual(
        groups.map(() => ['both@contoso.example']),
      );
      const userReads = fake.calls
        .slice(before)
        .filter((c) => c.url.split('?')[0]!.endsWith(`/users/${shared.id}`));
      expect(userReads).toHaveLength(1);
      // One sign-in for the four reads.
      expect(fake.calls.slice(before).filter((c) => c.url.split('?')[0] === '/google/token')).toHaveLength(1);
    });

    it('trades a new token when the one it holds has expired', async () => {
      const u = fake.addUser({ email: 'renew@contoso.example', name: 'Re New' });
      const g = fake.addGroup('Renewed', [u.id]);
      const google = source();
      await google.test();
      const tokens = tokenCalls();
      fake.expireTokens();
      expect((await google.membersOf(g.id)).map((m) => m.email)).toEqual(['renew@contoso.example']);
      expect(tokenCalls()).toBe(tokens + 1);
    });
  });
});
