import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The query builder both drivers share; code never needs to know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; connectionString: string; close: () => Promise<void> };

/**
 * PostgreSQL when a connection string is given, else PGlite in `dataDir` (or in memory); a new PGlite
 * database may start as a copy of `loadDataDir` (a tarball from `dumpDataDir`) instead of empty.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  loadDataDir?: Blob | undefined;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, pool, connectionString: opts.databaseUrl, close: () => pool.end() };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  // pg_trgm backs the employee search indexes, as on a PostgreSQL server.
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}

/** Is this the embedded database (PGlite: one connection, statements run on the server's own thread)? */
export const isEmbedded = (db: Db): boolean => (db as { $client?: unknown }).$client instanceof PGlite;

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A JS array as one typed array parameter (the sql tag would otherwise spread it into a list). */
export const arrayParam = (
  values: unknown[],
  type: 'text' | 'uuid' | 'bigint' | 'timestamptz' | 'int',
): SQL => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** A timestamp as ISO text, or null: raw rows carry Date objects on PostgreSQL and text on PGlite. */
export const toIso = (d: Date | string | null | undefined): string | null =>
  d ? new Date(d).toISOString() : null;

/** `q` made literal inside a LIKE pattern: its %, _ and \ match themselves. */
export const escapeLike = (q: string): string => q.replace(/[\\%_]/g, (c) => `\\${c}`);
