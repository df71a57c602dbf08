import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROLES,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointsResponse,
  WebhookSave,
  WebhookUpdate,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  changeEndpoint,
  createEndpoint,
  endpointDeliveries,
  listEndpoints,
  removeEndpoint,
  sendTestEvent,
} from './webhooks.service.ts';

const EndpointParams = CompanyParams.extend({ endpointId: z.uuid() });

/** A company's webhook endpoints and their deliveries. Admins only. */
export async function webhooksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['webhooks'];
  const admin = requireCompany(ROLES.admin);
  // The audit log keeps the endpoints (never their secrets) before and after each change (http/audit.ts).
  const config = { auditBefore: (request: FastifyRequest) => listEndpoints(ctx.db, tenantOf(request)) };

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
      config,
      schema: { tags, params: CompanyParams, body: WebhookSave, response: { 200: WebhookEndpointCreated } },
    },
    async (request) => createEndpoint(ctx, tenantOf(request), request.body),
  );

  r.patch(
    '/companies/:id/webhooks/:endpointId',
    {
      preHandler: admin,
      config,
      schema: { tags, params: EndpointParams, body: WebhookUpdate, response: { 200: WebhookEndpoint } },
    },
    async (request) => changeEndpoint(ctx, tenantOf(request), request.params.endpointId, request.body),
  );

  // Tried once while the admin waits; the answer is the delivery with what the endpoint answered.
  r.post(
    '/companies/:id/webhooks/:endpointId/test',
    { preHandler: admin, schema: { tags, params: EndpointParams, response: { 200: WebhookDelivery } } },
    async (request) => sendTestEvent(ctx, tenantOf(request), request.params.endpointId),
  );

  r.delete(
    '/companies/:id/webhooks/:endpointId',
    { preHandler: admin, config, schema: { tags, params: EndpointParams } },
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
