import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingManagerRequest,
  ManagerCreate,
  ManagerRow,
  ManagersResponse,
  ManagerUpdate,
  ROLES,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  addManager,
  changeManager,
  listManagers,
  removeManager,
  sendManagerLoginLink,
  setBillingManager,
} from './managers.service.ts';

const ManagerParams = CompanyParams.extend({ userId: z.uuid() });

/** Settings → Admins: every call is for the company's admins. */
export async function managersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['managers'];
  const admin = requireCompany(ROLES.admin);
  // The audit log keeps the admins before and after each change (http/audit.ts).
  const config = { auditBefore: (request: FastifyRequest) => listManagers(ctx.db, tenantOf(request)) };

  r.get(
    '/companies/:id/managers',
    { preHandler: admin, schema: { tags, params: CompanyParams, response: { 200: ManagersResponse } } },
    async (request) => listManagers(ctx.db, tenantOf(request)),
  );

  r.post(
    '/companies/:id/managers',
    {
      preHandler: admin,
      config,
      schema: { tags, params: CompanyParams, body: ManagerCreate, response: { 200: ManagerRow } },
    },
    async (request) => addManager(ctx, tenantOf(request), request.body),
  );

  r.put(
    '/companies/:id/managers/:userId',
    {
      preHandler: admin,
      config,
      schema: { tags, params: ManagerParams, body: ManagerUpdate, response: { 200: ManagerRow } },
    },
    async (request) => changeManager(ctx, tenantOf(request), request.params.userId, request.body),
  );

  r.delete(
    '/companies/:id/managers/:userId',
    { preHandler: admin, config, schema: { tags, params: ManagerParams } },
    async (request, reply) => {
      await removeManager(ctx, tenantOf(request), request.params.userId);
      return reply.status(204).send();
    },
  );

  r.post(
    '/companies/:id/managers/:userId/login_link',
    {
      preHandler: admin,
      schema: { tags, params: ManagerParams, response: { 200: z.object({ status: z.literal('sent') }) } },
    },
    async (request) => sendManagerLoginLink(ctx, tenantOf(request), request.params.userId),
  );

  r.post(
    '/companies/:id/set_billing_manager',
    {
      preHandler: admin,
      config,
      schema: {
        tags,
        params: CompanyParams,
        body: BillingManagerRequest,
        response: { 200: ManagersResponse },
      },
    },
    async (request) => setBillingManager(ctx, tenantOf(request), request.body.userId),
  );
}
