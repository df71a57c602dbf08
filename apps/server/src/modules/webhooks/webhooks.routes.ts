import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROLES,
  WebhookDeliveriesResponse,
  WebhookEndpointCreated,
  WebhookEndpointsResponse,
  WebhookSave,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { createEndpoint, endpointDeliveries, listEndpoints, removeEndpoint } from './webhooks.service.ts';

const EndpointParams = CompanyParams.extend({ endpointId: z.uuid() });

/** A company's webhook endpoints and their deliveries. Admins only. */
export async function webhooksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['webhooks'];
  const admin = requireCompany(ROLES.admin);

  r.get(
    '/companies/:id/webhooks',
    {
      preHandler: admin,
      schema: { tags, params: CompanyParams, response: { 200: WebhookEndpointsResponse } },
    },
    async (request) => listEndpoints(ctx.db, tenantOf(request)),
  );

  r.post(
    '/companies/:id/webhooks',
    {
      preHandler: admin,
      schema: { tags, params: CompanyParams, body: WebhookSave, response: { 200: WebhookEndpointCreated } },
    },
    async (request) => createEndpoint(ctx, tenantOf(request), request.body),
  );

  r.delete(
    '/companies/:id/webhooks/:endpointId',
    { preHandler: admin, schema: { tags, params: EndpointParams } },
    async (request, reply) => {
      await removeEndpoint(ctx.db, tenantOf(request), request.params.endpointId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/companies/:id/webhooks/:endpointId/deliveries',
    {
      preHandler: admin,
      schema: { tags, params: EndpointParams, response: { 200: WebhookDeliveriesResponse } },
    },
    async (request) => endpointDeliveries(ctx.db, tenantOf(request), request.params.endpointId),
  );
}
