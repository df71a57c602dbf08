import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { queryRows, type Db } from '../db/client.ts';

/** SQL building blocks more than one module's queries use. */

/** The channel bits a campaign uses, as rows (email 1, Slack 2, Teams 4). */
export const channelsOf = (mask: ReturnType<typeof sql>) =>
  sql`(select c from unnest(array[1, 2, 4]) as ch(c) where (${mask})::int & c <> 0)`;

const dialect = new PgDialect();

/** A statement's text with its values as named slots: `v('name')` stands for the value `name`. */
type Statement = (v: (name: string) => SQL) => SQL;
const texts = new Map<string, { text: string; params: unknown[] }>();

/**
 * Runs a statement as a named (prepared) one on a PostgreSQL server, which then parses and plans it
 * once per connection, and its text is built once per process: the learner calls run many times a
 * second. Elsewhere (PGlite, a transaction) it runs plainly.
 */
export async function preparedRows<T>(
  db: Db,
  name: string,
  statement: Statement,
  values: Record<string, unknown>,
) {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool))
    return queryRows<T>(
      db,
      statement((key) => sql`${sql.param(values[key])}`),
    );
  let built = texts.get(name);
  if (!built) {
    const { sql: text, params } = dialect.sqlToQuery(statement((key) => sql`${sql.placeholder(key)}`));
    built = { text, params };
    texts.set(name, built);
  }
  const query = { name, text: built.text, values: fillPlaceholders(built.params, values) };
  return (await client.query<T & pg.QueryResultRow>(query)).rows;
}
