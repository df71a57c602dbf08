import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client.ts';

export type Queue = PgBoss;

/** pg-boss on the same database as everything else: PGlite through its adapter, or PostgreSQL. */
export function createQueue(database: Database): PgBoss {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
      : new PgBoss({ connectionString: database.connectionString, max: 5 });
  return boss;
}
