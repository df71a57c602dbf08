import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasFeature, SCIM_MESSAGES, SCIM_TOKEN_PREFIX } from '@vigil/shared';
import type { Db } from '../db/client.ts';
import { scimTokens } from '../db/schema/index.ts';
import { loadEntitlementInput, notInPlan } from '../lib/entitlements.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { Unauthorized } from './errors.ts';
import { bearerToken } from './session-hook.ts';
import { scimScope } from './tenant.ts';

/** The SCIM token behind a /scim/v2 call. */
export interface RequestScimToken {
  id: string;
  name: string;
  companyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    scimToken: RequestScimToken | null;
  }
}

/** When a token was last used is written at most this often, to keep writes rare. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

async function findToken(db: Db, token: string) {
  const [row] = await db
    .select({
      id: scimTokens.id,
      name: scimTokens.name,
      companyId: scimTokens.companyId,
      createdBy: scimTokens.createdBy,
      lastUsedAt: scimTokens.lastUsedAt,
    })
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, hashToken(token)), isNull(scimTokens.revokedAt)))
    .limit(1);
  return row;
}

async function touchToken(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(scimTokens.id, id),
        or(
          isNull(scimTokens.lastUsedAt),
          lt(scimTokens.lastUsedAt, new Date(now.getTime() - TOUCH_INTERVAL_MS)),
        ),
      ),
    );
}

/**
 * Resolves the bearer SCIM token of a /scim/v2 request into the token's principal and its company's
 * tenant context: the company comes from the token only. A missing, unknown or revoked token is 401;
 * a company whose plan has no single sign-on (SCIM comes with it) is 403.
 */
export async function authenticateScimToken(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token || !token.startsWith(SCIM_TOKEN_PREFIX) || token.length > 200)
    throw Unauthorized(SCIM_MESSAGES.unauthorized);
  const { db } = request.server.ctx;
  const row = await findToken(db, token);
  if (!row) throw Unauthorized(SCIM_MESSAGES.unauthorized);
  request.scimToken = { id: row.id, name: row.name, companyId: row.companyId };
  request.tenant = scimScope(row.companyId, row.id, row.createdBy);
  const plan = await loadEntitlementInput(db, request.tenant);
  if (plan && !hasFeature(plan, 'sso')) throw notInPlan('sso');
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
    await touchToken(db, row.id, now);
}

export function registerScimTokenDecorator(app: FastifyInstance): void {
  app.decorateRequest('scimToken', null);
}
