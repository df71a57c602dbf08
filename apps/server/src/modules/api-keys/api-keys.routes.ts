import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKey, ApiKeyCreated, ApiKeySave, ApiKeysResponse, ROLES } from '@vigil/shared';
import { requireCompany, requireEntitlement, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { createKey, listKeys, removeKey, renameApiKey } from './api-keys.service.ts';

const KeyParams = CompanyParams.extend({ keyId: z.uuid() });

/** Spec 3 §7: load, create, rename and delete a company's API keys. Admins only. */
export async function apiKeysRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['api keys'];
  const admin = requireCompany(ROLES.admin);
  // The audit log keeps the keys (never their values) before and after each change (http/audit.ts).
  const config = { auditBefore: (request: FastifyRequest) => listKeys(db, tenantOf(request)) };
  // Making a key needs a plan with the API; listing and deleting stay, so keys can be cleaned up.
  const adminWithApi = [admin, requireEntitlement('api')];

  r.get(
    '/companies/:id/apikeys',
    { preHandler: admin, schema: { tags, params: CompanyParams, response: { 200: ApiKeysResponse } } },
    async (request) => listKeys(db, tenantOf(request)),
  );

  r.post(
    '/companies/:id/apikeys',
    {
      preHandler: adminWithApi,
      config,
      schema: { tags, params: CompanyParams, body: ApiKeySave, response: { 200: ApiKeyCreated } },
    },
    async (request) => createKey(db, tenantOf(request), request.body.name),
  );

  r.put(
    '/companies/:id/apikeys/:keyId',
    {
      preHandler: admin,
      config,
      schema: { tags, params: KeyParams, body: ApiKeySave, response: { 200: ApiKey } },
    },
    async (request) => renameApiKey(db, tenantOf(request), request.params.keyId, request.body.name),
  );

  r.delete(
    '/companies/:id/apikeys/:keyId',
    { preHandler: admin, config, schema: { tags, params: KeyParams } },
    async (request, reply) => {
      await removeKey(db, tenantOf(request), request.params.keyId);
      return reply.status(204).send();
    },
  );
}
