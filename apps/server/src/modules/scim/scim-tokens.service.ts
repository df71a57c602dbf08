import { randomBytes } from 'node:crypto';
import { SCIM_MESSAGES, SCIM_TOKEN_PREFIX, type ScimToken, type ScimTokenCreated } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { hashToken } from '../auth/tokens.ts';
import { insertToken, revokeToken, tokensOfCompany, type ScimTokenRow } from './scim.queries.ts';
import { scimBaseUrl } from './scim.service.ts';

/** How many of a token's last characters the list shows, to tell tokens apart. */
const SHOWN_CHARS = 4;

const present = (row: ScimTokenRow): ScimToken => ({
  id: row.id,
  name: row.name,
  lastChars: row.lastChars,
  created: row.createdAt.toISOString(),
  lastUsed: row.lastUsedAt?.toISOString() ?? null,
  revoked: row.revokedAt?.toISOString() ?? null,
});

export async function listTokens(ctx: AppContext, tenant: TenantContext) {
  return { rows: (await tokensOfCompany(ctx.db, tenant)).map(present), baseUrl: scimBaseUrl(ctx) };
}

/**
 * A new token: 256 random bits after a recognisable prefix. Only its SHA-256 and last characters are
 * stored; the value is in this answer and nowhere else.
 */
export async function createToken(
  ctx: AppContext,
  tenant: TenantContext,
  name: string,
): Promise<ScimTokenCreated> {
  const value = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertToken(ctx.db, tenant, {
    name,
    tokenHash: hashToken(value),
    lastChars: value.slice(-SHOWN_CHARS),
    createdBy: tenant.userId,
  });
  return { ...present(row), value };
}

/** A revoked token is refused at once (401); it stays listed with when it was revoked. */
export async function revokeScimToken(ctx: AppContext, tenant: TenantContext, id: string): Promise<void> {
  if (!(await revokeToken(ctx.db, tenant, id))) throw NotFound(SCIM_MESSAGES.tokenNotFound);
}
