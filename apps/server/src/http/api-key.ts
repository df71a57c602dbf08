import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { apiKeys } from '../db/schema/index.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { Unauthorized } from './errors.ts';
import { bearerToken } from './session-hook.ts';
import { loadEntitlementInput, requireFeature } from '../lib/entitlements.ts';
import { apiKeyScope } from './tenant.ts';

/** Every API key starts so, which lets secret scanners and people recognise one. */
export const API_KEY_PREFIX = 'vigil_';

/** The key behind a public API call. */
export interface RequestApiKey {
  id: string;
  name: string;
  companyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: RequestApiKey | null;
  }
}

/** When a key was last used is written at most this often, to keep writes rare. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

async function findKey(db: Db, key: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      companyId: apiKeys.companyId,
      createdBy: apiKeys.createdBy,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashToken(key)))
    .limit(1);
  return row;
}

async function touchKey(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - TOUCH_INTERVAL_MS))),
      ),
    );
}

/**
 * Resolves the API key of a public API request (Authorization: Bearer vigil_…) into the key's
 * principal and its company's tenant context, before anything else of the request runs (the rate
 * limit counts per key). A missing, unknown or deleted key is 401.
 */
export async function authenticateApiKey(request: FastifyRequest): Promise<void> {
  const key = bearerToken(request.headers.authorization);
  if (!key || !key.startsWith(API_KEY_PREFIX) || key.length > 200)
    throw Unauthorized('A valid API key is required.');
  const { db } = request.server.ctx;
  const row = await findKey(db, key);
  if (!row) throw Unauthorized('A valid API key is required.');
  request.apiKey = { id: row.id, name: row.name, companyId: row.companyId };
  request.tenant = apiKeyScope(row.companyId, row.id, row.createdBy);
  const plan = await loadEntitlementInput(db, request.tenant);
  if (plan) requireFeature(plan, 'api');
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
    await touchKey(db, row.id, now);
}

export function registerApiKeyDecorator(app: FastifyInstance): void {
  app.decorateRequest('apiKey', null);
}
