import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Db } from '../../db/client.ts';
import { phishingDeliveries } from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { DELIVERY } from '../delivery/delivery.send.ts';
import { dispatchPhishing } from './phishing.engine.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/phishing-worker.ts');
/** Worker processes start through tsx; on a busy machine that alone takes seconds. */
const PROCESS_TEST_MS = 240_000;

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

function runWorker(t: TestApp, smtpUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SMTP_URL: smtpUrl,
      SECRET_KEY: t.config.secretKey,
      PUBLIC_URL: t.config.publicUrl,
      DATA_DIR: t.dataDir,
      ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

async function until(check: () => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(testDatabases())('phishing sending over SMTP on %s', (kind) => {
  let t: TestApp | undefined;
  let sink: SmtpSink | undefined;
  afterEach(async () => {
    await t?.close();
    await sink?.close();
    t = undefined;
    sink = undefined;
  });

  it(
    'sends each simulated mail once when the worker is killed mid-batch and started again',
    async () => {
      const people = Array.from({ length: 60 }, (_, i) => `k${i}@phish-sink.example`);
      sink = await startSmtpSink({ delayMs: 60 });
      t = await createTestApp(kind, { JOBS: '0' }, { onDisk: true });
      const db = t.ctx.db;
      const company = await createCompany(db, { name: 'Sink Phish Co' });
      const manager = await createManager(db);
      await addMember(db, company.id, manager.id, 1);
      const token = await signIn(t, manager.id);
      const api = (url: string, payload: object) =>
        t!.inject({
          method: 'POST',
          url: `/api/companies/${company.id}${url}`,
          headers: bearer(token),
          payload,
        });
      const listId = (await api('/lists', { name: 'All' })).json<{ id: string }>().id;
      await api(`/lists/${listId}/users`, { users: people.map((email) => ({ email, name: 'K' })) });
      const start = new Date();
      const saved = await api('/phishing', {
        name: 'Kill test',
        status: 'scheduled',
        templateMode: 'random',
        templateIds: [],
        userLists: [listId],
        sendWindow: {
          start: start.toISOString(),
          days: 1,
          businessHours: null,
          weekdaysOnly: false,
          timeZone: 'UTC',
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await dispatchPhishing(db, start);
      // The whole window is due now (as if it had passed).
      await db.execute(sql`update ${phishingDeliveries} set due_at = now()`);
      await t.release();

      const first = runWorker(t, sink.url);
      await until(() => sink!.received.length >= 20);
      first.kill('SIGKILL');
      await exited(first);
      expect(sink.received.length).toBeLessThan(people.length);
      const second = runWorker(t, sink.url);
      expect(await exited(second)).toBe(0);

      const ids = new Map<string, Set<string>>();
      for (const m of sink.received) ids.set(m.to, (ids.get(m.to) ?? new Set()).add(m.messageId));
      expect([...ids.keys()].sort()).toEqual([...people].sort());
      for (const set of ids.values()) expect(set.size).toBe(1);
      expect(sink.received.length - people.length).toBeLessThanOrEqual(DELIVERY.concurrency);
      const statuses = await withDatabase(t, (d) =>
        queryRows<{ status: string; n: number }>(
          d,
          sql`select status, count(*)::int as n from ${phishingDeliveries} group by status`,
        ),
      );
      expect(statuses).toEqual([{ status: 'sent', n: people.length }]);
    },
    PROCESS_TEST_MS,
  );
});
