import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeys } from '../db/schema/index.ts';
import { loadEntitlementInput, requireFeature } from '../lib/entitlements.ts';
import { authenticateBearer, type BearerCredential } from './bearer-credential.ts';
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

/** API keys: never revoked, deleted (api-keys module). */
const API_KEYS: BearerCredential = {
  prefix: API_KEY_PREFIX,
  unauthorized: 'A valid API key is required.',
  table: apiKeys,
  columns: {
    id: apiKeys.id,
    name: apiKeys.name,
    companyId: apiKeys.companyId,
    createdBy: apiKeys.createdBy,
    lastUsedAt: apiKeys.lastUsedAt,
    hash: apiKeys.keyHash,
  },
};

/**
 * Resolves the API key of a public API request (Authorization: Bearer vigil_…) into the key's
 * principal and its company's tenant context, before anything else of the request runs (the rate
 * limit counts per key). A missing, unknown or deleted key is 401.
 */
export async function authenticateApiKey(request: FastifyRequest): Promise<void> {
  await authenticateBearer(request, API_KEYS, async (row) => {
    request.apiKey = { id: row.id, name: row.name, companyId: row.companyId };
    request.tenant = apiKeyScope(row.companyId, row.id, row.createdBy);
    const plan = await loadEntitlementInput(request.server.ctx.db, request.tenant);
    if (plan) requireFeature(plan, 'api');
  });
}

export function registerApiKeyDecorator(app: FastifyInstance): void {
  app.decorateRequest('apiKey', null);
}
