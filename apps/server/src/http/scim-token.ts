import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasFeature, SCIM_MESSAGES, SCIM_TOKEN_PREFIX } from '@vigil/shared';
import { scimTokens } from '../db/schema/index.ts';
import { loadEntitlementInput, notInPlan } from '../lib/entitlements.ts';
import { authenticateBearer, type BearerCredential } from './bearer-credential.ts';
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

const SCIM_TOKENS: BearerCredential = {
  prefix: SCIM_TOKEN_PREFIX,
  unauthorized: SCIM_MESSAGES.unauthorized,
  table: scimTokens,
  columns: {
    id: scimTokens.id,
    name: scimTokens.name,
    companyId: scimTokens.companyId,
    createdBy: scimTokens.createdBy,
    lastUsedAt: scimTokens.lastUsedAt,
    hash: scimTokens.tokenHash,
    revokedAt: scimTokens.revokedAt,
  },
};

/**
 * Resolves the bearer SCIM token of a /scim/v2 request into the token's principal and its company's
 * tenant context: the company comes from the token only. A missing, unknown or revoked token is 401;
 * a company whose plan has no single sign-on (SCIM comes with it) is 403.
 */
export async function authenticateScimToken(request: FastifyRequest): Promise<void> {
  await authenticateBearer(request, SCIM_TOKENS, async (row) => {
    request.scimToken = { id: row.id, name: row.name, companyId: row.companyId };
    request.tenant = scimScope(row.companyId, row.id, row.createdBy);
    const plan = await loadEntitlementInput(request.server.ctx.db, request.tenant);
    if (plan && !hasFeature(plan, 'sso')) throw notInPlan('sso');
  });
}

export function registerScimTokenDecorator(app: FastifyInstance): void {
  app.decorateRequest('scimToken', null);
}
