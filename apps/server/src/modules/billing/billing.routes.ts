import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CanBeRemovedResult,
  CanEditRequest,
  CanEditResult,
  CanReduceRequest,
  CardConfirmRequest,
  CardSetup,
  CardSetupRequest,
  Estimate,
  EstimateRequest,
  Invoice,
  PaymentClientToken,
  PlansResponse,
  PurchaseRequest,
  ROLES,
  SubscriptionOverview,
  SubscriptionRecord,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  canBeRemoved,
  canEditSubscriptionPlan,
  canReduceSeats,
  confirmCard,
  deactivate,
  estimate,
  handleProviderEvent,
  invoicePdf,
  listInvoices,
  loadPlans,
  paymentClientToken,
  billingFor,
  portalSession,
  purchase,
  reactivate,
  setupCard,
  subscriptionOverview,
} from './billing.service.ts';
import { sendAttachment } from '../../http/download.ts';

/**
 * Spec 3 §7 company subscription routes and the subscription purchase, under /companies/{id}/.
 * A viewer may read the subscription; everything else is for admins and the billing manager (the
 * service decides, so the billing manager is let through whatever their role).
 */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const b = billingFor(app.ctx);
  const tags = ['subscriptions'];
  const member = requireCompany(ROLES.viewer);
  const InvoiceParams = CompanyParams.extend({ invoiceId: z.uuid() });

  r.get(
    '/companies/:id/subscriptions',
    { preHandler: member, schema: { tags, params: CompanyParams, response: { 200: SubscriptionOverview } } },
    async (request) => subscriptionOverview(b, tenantOf(request)),
  );

  r.get(
    '/companies/:id/subscriptions/plans',
    { preHandler: member, schema: { tags, params: CompanyParams, response: { 200: PlansResponse } } },
    async (request) => loadPlans(b, tenantOf(request)),
  );

  r.post(
    '/companies/:id/subscriptions/estimate',
    {
      preHandler: member,
      schema: { tags, params: CompanyParams, body: EstimateRequest, response: { 200: Estimate } },
    },
    async (request) => estimate(b, tenantOf(request), request.body),
  );

  r.get(
    '/companies/:id/subscriptions/braintreetoken',
    { preHandler: member, schema: { tags, params: CompanyParams, response: { 200: PaymentClientToken } } },
    async (request) => paymentClientToken(b, tenantOf(request)),
  );

  r.post(
    '/companies/:id/subscriptions/card',
    {
      preHandler: member,
      schema: { tags, params: CompanyParams, body: CardSetupRequest, response: { 200: CardSetup } },
    },
    async (request) => setupCard(b, tenantOf(request), request.body),
  );

  r.post(
    '/companies/:id/subscriptions/card/confirm',
    {
      preHandler: member,
      schema: { tags, params: CompanyParams, body: CardConfirmRequest, response: { 200: CardSetup } },
    },
    async (request) => confirmCard(b, tenantOf(request), request.body),
  );

  // Create subscription, and PUT subscriptions/ to change it: one rule decides between the two.
  for (const method of ['post', 'put'] as const) {
    r[method](
      '/companies/:id/subscriptions',
      {
        preHandler: member,
        schema: { tags, params: CompanyParams, body: PurchaseRequest, response: { 200: SubscriptionRecord } },
      },
      async (request) => purchase(b, tenantOf(request), request.body),
    );
  }

  r.get(
    '/companies/:id/subscriptions/canBeRemoved',
    { preHandler: member, schema: { tags, params: CompanyParams, response: { 200: CanBeRemovedResult } } },
    async (request) => canBeRemoved(b, tenantOf(request)),
  );

  r.post(
    '/companies/:id/subscriptions/canEditSubscriptionPlan',
    {
      preHandler: member,
      schema: { tags, params: CompanyParams, body: CanEditRequest, response: { 200: CanEditResult } },
    },
    async (request) => canEditSubscriptionPlan(b, tenantOf(request), request.body),
  );

  r.post(
    '/companies/:id/subscriptions/canReduceSeats',
    {
      preHandler: member,
      schema: { tags, params: CompanyParams, body: CanReduceRequest, response: { 200: CanEditResult } },
    },
    async (request) => canReduceSeats(b, tenantOf(request), request.body.newSeats),
  );

  r.put(
    '/companies/:id/deactivateSubscription',
    { preHandler: member, schema: { tags, params: CompanyParams, response: { 200: SubscriptionOverview } } },
    async (request) => deactivate(b, tenantOf(request)),
  );

  r.put(
    '/companies/:id/reactivateSubscription',
    { preHandler: member, schema: { tags, params: CompanyParams, response: { 200: SubscriptionOverview } } },
    async (request) => reactivate(b, tenantOf(request)),
  );

  r.get(
    '/companies/:id/subscriptions/invoices',
    {
      preHandler: member,
      schema: { tags, params: CompanyParams, response: { 200: z.object({ rows: z.array(Invoice) }) } },
    },
    async (request) => listInvoices(b, tenantOf(request)),
  );

  r.get(
    '/companies/:id/subscriptions/invoices/:invoiceId/pdf',
    // A direct download: the session token may come in the query (see session-hook).
    { preHandler: member, config: { queryToken: true }, schema: { tags, params: InvoiceParams } },
    async (request, reply) => {
      const pdf = await invoicePdf(b, tenantOf(request), request.params.invoiceId);
      return sendAttachment(reply, 'application/pdf', pdf.filename, pdf.bytes);
    },
  );

  r.post(
    '/companies/:id/create_portal_session',
    {
      preHandler: member,
      schema: { tags, params: CompanyParams, response: { 200: z.object({ url: z.string().nullable() }) } },
    },
    async (request) => portalSession(b, tenantOf(request)),
  );

  // Stripe's webhook: public, verified by its signature over the raw body.
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    hook.post('/billing/stripe/webhook', { schema: { tags, hide: true } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const outcome = await handleProviderEvent(
        b,
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      );
      if (outcome === 'unknown-subscription')
        return reply.status(409).send({ error: 'Conflict', description: 'Unknown subscription.' });
      return { received: true, outcome };
    });
  });
}
