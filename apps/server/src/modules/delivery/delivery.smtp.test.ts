import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, queryRows, type Db } from '../../db/client.ts';
import { chatConnections, employees, trainingDeliveries, trainingEvents } from '../../db/schema/index.ts';
import { CHANNELS } from '@vigil/shared';
import { seal } from '../../lib/secret-box.ts';
import { startFakeSlack, type FakeSlack } from '../../test/fake-slack.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  signIn,
  sendNowProgram,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { DELIVERY, dispatch, sendDue } from '../trainings/trainings.delivery.ts';
import { claimDue } from './delivery.send.queries.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/delivery-worker.ts');

/**
 * A company whose list holds `emails`, and a program sent to them now; with `slack`, the company's
 * workspace is connected (its bot token sealed as 'Add to Slack' leaves it) and the program goes over
 * mail and Slack.
 */
async function programFor(t: TestApp, emails: string[], slack?: FakeSlack) {
  const db = t.ctx.db;
  const company = await createCompany(db, { name: 'Sink Co' });
  if (slack)
    await db.insert(chatConnections).values({
      companyId: company.id,
      product: 'slack',
      fields: { welcomeMessage: '1', teamName: 'Fake Workspace' },
      credentials: seal(t.config.secretKey, 'chat', slack.issueToken()),
      enabled: true,
    });
  const manager = await createManager(db);
  await addMember(db, company.id, manager.id, 1);
  const token = await signIn(t, manager.id);
  const api = (url: string, payload: object) =>
    t.inject({ method: 'POST', url: `/api/companies/${company.id}${url}`, headers: bearer(token), payload });
  const listId = (await api('/lists', { name: 'All' })).json<{ id: string }>().id;
  const added = await api(`/lists/${listId}/users`, { users: emails.map((email) => ({ email, name: '' })) });
  expect(added.statusCode, added.body).toBe(200);
  const res = await api('/automations', {
    ...sendNowProgram('Sink program', ['spot-the-phish'], [listId]),
    sendOptions: { channel: slack ? CHANNELS.email | CHANNELS.slack : CHANNELS.email },
  });
  expect(res.statusCode, res.body).toBe(200);
  await dispatch(t.ctx.db, new Date());
}

const statuses = async (db: Db) =>
  queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from ${trainingDeliveries} group by status order by status`,
  );

/** Runs `fn` on the test's database opened anew (the app has released it to the worker processes). */
async function withDatabase<T>(t: TestApp, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    t.databaseUrl ? { databaseUrl: t.databaseUrl } : { dataDir: t.dataDir },
  );
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

function runWorker(t: TestApp, smtpUrl: string, slack?: FakeSlack): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SMTP_URL: smtpUrl,
      // The server's key, which unseals the workspace's token.
      SECRET_KEY: t.config.secretKey,
      ...(slack ? { SLACK_API_URL: slack.apiUrl } : {}),
      DATA_DIR: t.dataDir,
      ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

async function until(check: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Each recipient's distinct Message-IDs: one means one mail, whatever a resend after a crash did. */
function perRecipient(sink: SmtpSink) {
  const ids = new Map<string, Set<string>>();
  for (const m of sink.received) ids.set(m.to, (ids.get(m.to) ?? new Set()).add(m.messageId));
  return ids;
}

/** Each Slack recipient's distinct delivery ids (the messages' metadata): one means one message. */
function perSlackRecipient(slack: FakeSlack) {
  const ids = new Map<string, Set<unknown>>();
  for (const m of slack.messages)
    ids.set(m.email, (ids.get(m.email) ?? new Set()).add(m.metadata?.event_payload?.message_id));
  return ids;
}

/** Worker processes start through tsx; on a busy machine that alone takes seconds. */
const PROCESS_TEST_MS = 120_000;

const emails = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@sink.example`);

describe.each(testDatabases())('delivery over SMTP on %s', (kind) => {
  let t: TestApp | undefined;
  let sink: SmtpSink | undefined;
  let slack: FakeSlack | undefined;
  afterEach(async () => {
    await t?.close();
    await sink?.close();
    await slack?.close();
    t = undefined;
    sink = undefined;
    slack = undefined;
  });

  it(
    'sends each mail and each Slack message once when the worker is killed mid-batch',
    async () => {
      const people = emails(40, 's');
      sink = await startSmtpSink({ delayMs: 40 });
      slack = await startFakeSlack({ limits: {}, perChannelMs: 0, delayMs: 40 });
      slack.seed(people);
      t = await createTestApp(kind, { JOBS: '0' }, { onDisk: true });
      await programFor(t, people, slack);
      await t.release();
      const first = runWorker(t, sink.url, slack);
      await until(() => slack!.messages.length >= 10);
      first.kill('SIGKILL');
      await exited(first);
      expect(slack.messages.length).toBeLessThan(people.length);
      const second = runWorker(t, sink.url, slack);
      expect(await exited(second)).toBe(0);

      for (const ids of [perRecipient(sink), perSlackRecipient(slack)]) {
        expect([...ids.keys()].sort()).toEqual([...people].sort());
        for (const set of ids.values()) expect(set.size).toBe(1);
      }
      // Only messages in flight when the worker died can have left twice, never more.
      expect(slack.messages.length - people.length).toBeLessThanOrEqual(DELIVERY.concurrency);
      expect(await withDatabase(t, statuses)).toEqual([{ status: 'sent', n: 2 * people.length }]);
    },
    PROCESS_TEST_MS,
  );

  it('bounces a refused address for good and retries a temporary failure with back-off', async () => {
    sink = await startSmtpSink({
      refuse: (to, attempt) =>
        to.startsWith('gone') ? 550 : to.startsWith('busy') && attempt === 1 ? 451 : null,
    });
    t = await createTestApp(kind, { JOBS: '0', SMTP_URL: sink.url });
    await programFor(t, ['gone@sink.example', 'busy@sink.example', 'fine@sink.example']);
    expect(await sendDue(t.ctx)).toBe(1);
    const byEmail = async (email: string) =>
      (
        await t!.ctx.db
          .select({
            status: trainingDeliveries.status,
            error: trainingDeliveries.error,
            due: trainingDeliveries.dueAt,
          })
          .from(trainingDeliveries)
          .innerJoin(employees, eq(employees.id, trainingDeliveries.employeeId))
          .where(eq(employees.email, email))
      )[0]!;
    expect(await byEmail('gone@sink.example')).toMatchObject({ status: 'bounced' });
    const busy = await byEmail('busy@sink.example');
    expect(busy.status).toBe('pending');
    expect(busy.due.getTime()).toBeGreaterThan(Date.now() + DELIVERY.retryBaseMs / 2);
    const [gone] = await t.ctx.db.select().from(employees).where(eq(employees.email, 'gone@sink.example'));
    expect(gone!.bouncedAt).not.toBeNull();
    // Not yet due: nothing goes; once due, the retry succeeds.
    expect(await sendDue(t.ctx)).toBe(0);
    expect(await sendDue(t.ctx, () => new Date(Date.now() + 10 * 60_000))).toBe(1);
    expect((await byEmail('busy@sink.example')).status).toBe('sent');
    expect(sink.received.map((m) => m.to).sort()).toEqual(['busy@sink.example', 'fine@sink.example']);
  });

  it(
    'sends each mail once when the worker is killed mid-batch, resuming its claims within 30 s of the restart',
    async () => {
      const people = emails(60, 'k');
      sink = await startSmtpSink({ delayMs: 60 });
      t = await createTestApp(kind, { JOBS: '0' }, { onDisk: true });
      await programFor(t, people);
      // The worker process takes over the database (PGlite allows one process at a time).
      await t.release();
      const first = runWorker(t, sink.url);
      await until(() => sink!.received.length >= 20);
      first.kill('SIGKILL');
      await exited(first);
      const atKill = sink.received.length;
      expect(atKill).toBeLessThan(people.length);
      const leased = await withDatabase(t, (db) =>
        queryRows<{ email: string }>(
          db,
          sql`select emp.email from ${trainingDeliveries} d join ${employees} emp on emp.id = d.employee_id
              where d.status = 'sending'`,
        ),
      );
      // The dead worker held a chunk under its (default, 20 s) lease.
      expect(leased.length).toBeGreaterThan(0);
      const restartedAt = Date.now();
      const second = runWorker(t, sink.url);
      expect(await exited(second)).toBe(0);

      const ids = perRecipient(sink);
      expect([...ids.keys()].sort()).toEqual([...people].sort());
      for (const set of ids.values()) expect(set.size).toBe(1);
      // The dead worker's rows went out within 30 s of the restart, not after a long lease.
      const lastAt = new Map<string, number>();
      for (const m of sink.received) lastAt.set(m.to, Math.max(lastAt.get(m.to) ?? 0, m.at));
      for (const { email } of leased) expect(lastAt.get(email)! - restartedAt).toBeLessThan(30_000);
      // Only mails in flight when the worker died can have left twice (same Message-ID), never more.
      expect(sink.received.length - people.length).toBeLessThanOrEqual(DELIVERY.concurrency);
      expect(await withDatabase(t, statuses)).toEqual([{ status: 'sent', n: people.length }]);
    },
    PROCESS_TEST_MS,
  );

  it.runIf(kind === 'pglite')(
    'on PGlite, a server started again sends at once what its dead predecessor had claimed',
    async () => {
      const people = emails(10, 'r');
      sink = await startSmtpSink();
      t = await createTestApp(kind, { JOBS: '0' }, { onDisk: true });
      await programFor(t, people);
      // The previous process claimed every row and died: its claims would hold for a whole lease.
      const claimedAt = new Date();
      const tables = { deliveries: trainingDeliveries, events: trainingEvents };
      expect(await claimDue(t.ctx.db, tables, claimedAt, DELIVERY.leaseMs, 100)).toHaveLength(people.length);
      await t.release();
      const app = await startApp(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: t.dataDir,
          SECRET_KEY: randomBytes(32).toString('hex'),
          DEMO_DATA: '0',
          SMTP_URL: sink.url,
        }),
      );
      try {
        await until(() => sink!.received.length >= people.length, DELIVERY.leaseMs);
        const leaseEnd = claimedAt.getTime() + DELIVERY.leaseMs;
        for (const m of sink.received) expect(m.at).toBeLessThan(leaseEnd);
        expect(new Set(sink.received.map((m) => m.to)).size).toBe(people.length);
      } finally {
        await app.close();
      }
    },
    PROCESS_TEST_MS,
  );

  it.runIf(kind === 'postgres')(
    'sends each mail exactly once with two worker processes',
    async () => {
      const people = emails(90, 'w');
      sink = await startSmtpSink({ delayMs: 5 });
      t = await createTestApp(kind, { JOBS: '0' });
      await programFor(t, people);
      const workers = [runWorker(t, sink.url), runWorker(t, sink.url)];
      expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
      expect(sink.received).toHaveLength(people.length);
      expect(new Set(sink.received.map((m) => m.to)).size).toBe(people.length);
      expect(await statuses(t.ctx.db)).toEqual([{ status: 'sent', n: people.length }]);
    },
    PROCESS_TEST_MS,
  );

  it.runIf(kind === 'postgres')(
    'sends each Slack message exactly once with two worker processes, through rate limits',
    async () => {
      const people = emails(60, 'sw');
      sink = await startSmtpSink({ delayMs: 2 });
      // A Tier 3 allowance of 20 calls a "minute" of one second, and the first calls refused outright:
      // the workers meet 429s and wait their Retry-After.
      slack = await startFakeSlack({
        minuteMs: 1_000,
        limits: { 'users.lookupByEmail': 20, 'conversations.open': 20 },
      });
      slack.throttle('users.lookupByEmail', 3, 1);
      slack.seed(people);
      t = await createTestApp(kind, { JOBS: '0' });
      await programFor(t, people, slack);
      const workers = [runWorker(t, sink.url, slack), runWorker(t, sink.url, slack)];
      expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
      expect(slack.rateLimited).toBeGreaterThan(0);
      expect(slack.messages).toHaveLength(people.length);
      expect(new Set(slack.messages.map((m) => m.email)).size).toBe(people.length);
      expect(sink.received).toHaveLength(people.length);
      expect(await statuses(t.ctx.db)).toEqual([{ status: 'sent', n: 2 * people.length }]);
    },
    PROCESS_TEST_MS,
  );
});
