import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES, ScimTokenCreated, ScimTokenSave, ScimTokensResponse } from '@vigil/shared';
import { requireCompany, requireEntitlement, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { createToken, listTokens, revokeScimToken } from './scim-tokens.service.ts';

const TokenParams = CompanyParams.extend({ tokenId: z.uuid() });

/** A company's SCIM tokens (Settings › Integrations › SCIM): list, create (shown once), revoke. Admins only. */
export async function scimTokensRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['scim'];
  const admin = requireCompany(ROLES.admin);
  // The audit log keeps the tokens (never their values) before and after each change (http/audit.ts).
  const config = { auditBefore: (request: FastifyRequest) => listTokens(ctx, tenantOf(request)) };

  r.get(
    '/companies/:id/scim/tokens',
    { preHandler: admin, schema: { tags, params: CompanyParams, response: { 200: ScimTokensResponse } } },
    async (request) => listTokens(ctx, tenantOf(request)),
  );

  // SCIM comes with single sign-on: making a token needs a plan with it; listing and revoking stay.
  r.post(
    '/companies/:id/scim/tokens',
    {
      preHandler: [admin, requireEntitlement('sso')],
      config,
      schema: { tags, params: CompanyParams, body: ScimTokenSave, response: { 200: ScimTokenCreated } },
    },
    async (request) => createToken(ctx, tenantOf(request), request.body.name),
  );

  r.delete(
    '/companies/:id/scim/tokens/:tokenId',
    { preHandler: admin, config, schema: { tags, params: TokenParams } },
    async (request, reply) => {
      await revokeScimToken(ctx, tenantOf(request), request.params.tokenId);
      return reply.status(204).send();
    },
  );
}
