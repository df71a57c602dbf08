import { randomBytes } from 'node:crypto';
import type { ApiKey, ApiKeyCreated } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { API_KEY_PREFIX } from '../../http/api-key.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { hashToken } from '../auth/tokens.ts';
import { deleteKey, insertKey, keysOfCompany, renameKey, type ApiKeyRow } from './api-keys.queries.ts';

/** How many of a key's last characters the list shows, to tell keys apart. */
const SHOWN_CHARS = 4;

const present = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  lastChars: row.lastChars,
  created: row.createdAt.toISOString(),
  lastUsed: row.lastUsedAt?.toISOString() ?? null,
});

const keyNotFound = () => NotFound('This API key does not exist.');

export async function listKeys(db: Db, tenant: TenantContext) {
  return { rows: (await keysOfCompany(db, tenant)).map(present) };
}

/**
 * A new key: 256 random bits after a recognisable prefix. Only its SHA-256 and last characters are
 * stored; the value is in this answer and nowhere else.
 */
export async function createKey(db: Db, tenant: TenantContext, name: string): Promise<ApiKeyCreated> {
  const value = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertKey(db, tenant, {
    name,
    keyHash: hashToken(value),
    lastChars: value.slice(-SHOWN_CHARS),
    createdBy: tenant.userId,
  });
  return { ...present(row), value };
}

export async function renameApiKey(db: Db, tenant: TenantContext, id: string, name: string): Promise<ApiKey> {
  const row = await renameKey(db, tenant, id, name);
  if (!row) throw keyNotFound();
  return present(row);
}

/** A deleted key is gone at once: the next call made with it is 401. */
export async function removeKey(db: Db, tenant: TenantContext, id: string): Promise<void> {
  if (!(await deleteKey(db, tenant, id))) throw keyNotFound();
}
