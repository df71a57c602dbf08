import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { importContentPack } from '../modules/content/content.import.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder, migrated and with the content pack, as a tarball every suite starts from. */
    pgliteTemplate: string;
    /** The same as a PostgreSQL database that suites are created from (TEMPLATE), when TEST_DATABASE_URL is set. */
    postgresTemplate: string | undefined;
  }
}

/** Migrates and imports the content pack once, as `startApp` does, for every suite to copy. */
async function prepare(database: Database): Promise<void> {
  await applyMigrations(database);
  const content = await importContentPack(database.db);
  if (content.problems.length > 0) throw new Error(`Content pack: ${content.problems.join('; ')}`);
}

/**
 * Each suite starts from a copy of one prepared database instead of creating, migrating and filling
 * its own: PGlite's initdb alone takes seconds, and every suite opens one or more. The suites still
 * run `startApp`, whose migrations and content import then find nothing to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-template-'));
  const lite = await openDatabase({});
  if (lite.kind !== 'pglite') throw new Error('openDatabase without a URL opens PGlite');
  await prepare(lite);
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await (await lite.pglite.dumpDataDir('none')).arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplate', file);

  const base = process.env.TEST_DATABASE_URL;
  let dropTemplate = async () => undefined as void;
  if (base) {
    const name = `vigil_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await prepare(database);
    await database.close();
    project.provide('postgresTemplate', name);
    dropTemplate = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else project.provide('postgresTemplate', undefined);

  return async () => {
    await dropTemplate();
    rmSync(dir, { recursive: true, force: true });
  };
}
