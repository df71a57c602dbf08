import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { startApp, type RunningApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { latestMails } from '../mail/outbox.queries.ts';

/**
 * The database every suite runs on: PGlite, or PostgreSQL when TEST_DATABASE_URL is set (CI runs
 * `npm test` once each way; vitest.config.ts picks the suites that call this for the PostgreSQL pass).
 */
export function testDatabases(): Array<'pglite' | 'postgres'> {
  return process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];
}

/**
 * What the server tests' global setup provided; nothing when the harness runs outside Vitest (the
 * benchmarks), where each database is made from scratch.
 */
function provided<K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

let pgliteTemplate: Blob | undefined;
/** The migrated PGlite database with the content pack that the global setup made (read once per worker). */
function pgliteTemplateBlob(): Blob | undefined {
  const file = provided('pgliteTemplate');
  if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A fresh PostgreSQL database per suite, a copy of the global setup's migrated one, dropped afterwards,
 * so suites never see each other's rows.
 */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `vigil_test_${randomBytes(6).toString('hex')}`;
  const template = provided('postgresTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // Pools close their connections asynchronously; dropping under them would fail their last queries.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: RunningApp;
  config: Config;
  inject: RunningApp['server']['inject'];
  ctx: RunningApp['server']['ctx'];
  /** Where another process finds this database: PostgreSQL's URL, or PGlite's data folder (on disk). */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Closes the app and the database but keeps the database, for another process to open. */
  release(): Promise<void>;
  /** Waits until a mail to `to` arrives in the outbox (the job runs in the background). */
  waitForMail(
    to: string,
    opts?: { after?: Date; timeoutMs?: number },
  ): Promise<{ subject: string; text: string; id: string }>;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  /** Keep PGlite's files on disk in the data directory, as a running server does, not in memory. */
  opts: { onDisk?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-test-'));
  let database: Database;
  let drop = async () => undefined as void;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const fresh = await freshPostgres();
    databaseUrl = fresh.url;
    database = await openDatabase({ databaseUrl: fresh.url });
    drop = fresh.drop;
  } else {
    database = await openDatabase({
      ...(opts.onDisk ? { dataDir } : {}),
      loadDataDir: pgliteTemplateBlob(),
    });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    DEMO_DATA: '0',
    ...(kind === 'postgres' ? { DATABASE_URL: 'postgres://unused' } : {}),
    ...env,
  });
  const app = await startApp(config, database);
  await app.server.ready();
  return {
    app,
    config,
    inject: app.server.inject.bind(app.server),
    ctx: app.server.ctx,
    databaseUrl,
    dataDir,
    async release() {
      await app.close();
      await database.close();
    },
    async waitForMail(to, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
      while (Date.now() < deadline) {
        const [mail] = await latestMails(database.db, { to, limit: 1 });
        if (mail && (!opts.after || mail.createdAt >= opts.after)) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`No mail to ${to} within the time limit`);
    },
    async close() {
      await app.close();
      await database.close().catch(() => undefined);
      await drop();
    },
  };
}

/** The sign-in token inside a mailed link. */
export function tokenFromMail(text: string): string {
  const match = text.match(/\/auth\/email\/signin\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error('No sign-in link in the mail');
  return match[1];
}
