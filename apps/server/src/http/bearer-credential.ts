import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { Unauthorized } from './errors.ts';
import { bearerToken } from './session-hook.ts';

/**
 * A kind of company credential sent as `Authorization: Bearer …` and stored hashed: API keys (the public
 * API) and SCIM tokens. Names the table's columns; `revokedAt`, when the kind has it, ends a credential.
 */
export interface BearerCredential {
  /** Every credential of the kind starts so (a wrong prefix is not looked up). */
  prefix: string;
  /** The 401's message. */
  unauthorized: string;
  table: PgTable;
  columns: {
    id: PgColumn;
    name: PgColumn;
    companyId: PgColumn;
    createdBy: PgColumn;
    lastUsedAt: PgColumn;
    hash: PgColumn;
    revokedAt?: PgColumn;
  };
}

export interface CredentialRow {
  id: string;
  name: string;
  companyId: string;
  /** The manager who made it (the calls act as them; both tables keep it not null). */
  createdBy: string;
  lastUsedAt: Date | null;
}

/** When a credential was last used is written at most this often, to keep writes rare. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

async function findCredential(
  db: Db,
  kind: BearerCredential,
  token: string,
): Promise<CredentialRow | undefined> {
  const c = kind.columns;
  const conditions: SQL[] = [eq(c.hash, hashToken(token))];
  if (c.revokedAt) conditions.push(isNull(c.revokedAt));
  const [row] = await db
    .select({
      id: c.id,
      name: c.name,
      companyId: c.companyId,
      createdBy: c.createdBy,
      lastUsedAt: c.lastUsedAt,
    })
    .from(kind.table)
    .where(and(...conditions))
    .limit(1);
  return row as CredentialRow | undefined;
}

async function touchCredential(db: Db, kind: BearerCredential, id: string, now: Date): Promise<void> {
  const c = kind.columns;
  const staleBefore = new Date(now.getTime() - TOUCH_INTERVAL_MS).toISOString();
  await db.execute(sql`
    update ${kind.table} set ${sql.identifier(c.lastUsedAt.name)} = ${now.toISOString()}::timestamptz
    where ${c.id} = ${id} and (${c.lastUsedAt} is null or ${c.lastUsedAt} < ${staleBefore}::timestamptz)`);
}

/**
 * Resolves a request's bearer credential of this kind: a missing, malformed, unknown or revoked one is
 * 401. `admit` then takes the credential's row (sets the request's principal and tenant, checks the
 * plan, and may refuse); only an admitted call marks the credential used.
 */
export async function authenticateBearer(
  request: FastifyRequest,
  kind: BearerCredential,
  admit: (row: CredentialRow) => Promise<void>,
): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token || !token.startsWith(kind.prefix) || token.length > 200) throw Unauthorized(kind.unauthorized);
  const { db } = request.server.ctx;
  const row = await findCredential(db, kind, token);
  if (!row) throw Unauthorized(kind.unauthorized);
  await admit(row);
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
    await touchCredential(db, kind, row.id, now);
}
