import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAttachCompany,
  AdminCompany,
  AdminCompanyCreate,
  AdminPartner,
  AdminPartnerCreate,
  AdminPartnersResponse,
  AssignablePackages,
  AssignPackageRequest,
  AssignPackageResult,
  CanBeRemovedResult,
  CanEditResult,
  CardConfirmRequest,
  CardSetup,
  CardSetupRequest,
  CreditsResponse,
  ManagerCreate,
  PARTNER_MESSAGES,
  PartnerBrandingUpdate,
  PartnerCanEditRequest,
  PartnerCollectRequest,
  PartnerCompaniesPage,
  PartnerCompaniesQuery,
  PartnerCompanyDetail,
  PartnerCompanyFeatures,
  PartnerCompanyForm,
  PartnerCompanyUpdate,
  PartnerEstimate,
  PartnerEstimateRequest,
  PartnerFeaturesUpdate,
  PartnerOverview,
  PartnerPlansResponse,
  PartnerReactivateRequest,
  PortalSession,
} from '@vigil/shared';
import { AppError } from '../../http/errors.ts';
import { requireSuperAdmin, requireUser, signedIn, tenantOf } from '../../http/guards.ts';
import {
  assignScope,
  partnerOf,
  requirePartner,
  requirePartnerCompany,
  type PartnerAccess,
} from '../../http/partner.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { billingFor } from '../billing/billing.service.ts';
import {
  adminPartners,
  attachCompanyToPartner,
  createCompanyAsSuperAdmin,
  createPartnerAccount,
} from './partners.admin.ts';
import {
  collectDues,
  partnerCardConfirm,
  partnerCardSetup,
  partnerOverview,
  partnerPortal,
} from './partners.billing.ts';
import {
  assignablePackages,
  assignPackage,
  csrfToken,
  csrfValid,
  partnerCredits,
} from './partners.credits.ts';
import {
  addCustomerManager,
  brandCustomer,
  canBeRemoved,
  canEdit,
  companiesPage,
  companyDetail,
  createCustomer,
  customerFeatures,
  deactivateCustomer,
  deleteCompany,
  estimate,
  partnerPlans,
  reactivateCustomer,
  removeCustomerManager,
  setCustomerFeatures,
  updateCustomer,
  updateSubscription,
} from './partners.service.ts';

const PartnerParams = z.object({ partnerId: z.string().max(64) });
const CustomerParams = PartnerParams.extend({ companyId: z.string().max(64) });
const ManagerParams = CustomerParams.extend({ userId: z.uuid() });

/**
 * The request's Origin, when it sends one, must be the manager app's (PUBLIC_URL) or this server's
 * own: a form posted from another site is refused before its token is even read.
 */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  const own = `${request.protocol}://${request.headers.host ?? ''}`;
  return origin === new URL(publicUrl).origin || origin === own;
}

/**
 * The partner area (spec 3 §2.6, §7; spec 1 §7): /partners/{partnerId}/… for the partner admins of
 * that account and super-admins (http/partner.ts resolves the partner scope and, for a customer, the
 * company's tenant), /data/manager/… for the credits, /admin/… for super-admins.
 */
export async function partnersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const b = billingFor(ctx);
  const tags = ['partners'];
  const partner = [requireUser, requirePartner];
  const customer = [requireUser, requirePartner, requirePartnerCompany];

  /**
   * A call on one customer of the partner, /partners/{id}/companies/{companyId}{path}: the partner and
   * the customer's tenant resolved (another partner's customer is 404), the body and the answer checked
   * by their schemas.
   */
  function onCustomer<Body extends z.ZodType | undefined, Answer extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schemas: { body?: Body; answer: Answer },
    handler: (
      partner: PartnerAccess,
      tenant: TenantContext,
      body: Body extends z.ZodType ? z.output<Body> : undefined,
    ) => Promise<z.input<Answer>>,
  ): void {
    const schema: FastifySchema = {
      tags,
      params: CustomerParams,
      ...(schemas.body ? { body: schemas.body } : {}),
      response: { 200: schemas.answer },
    };
    app.route({
      method,
      url: `/partners/:partnerId/companies/:companyId${path}`,
      preHandler: customer,
      schema,
      // The body was parsed by its schema (the app's zod compilers) before this runs; the type provider
      // cannot follow a generic schema, so the types are `handler`'s signature.
      handler: async (request) =>
        handler(partnerOf(request), tenantOf(request), request.body as Parameters<typeof handler>[2]),
    });
  }

  r.get(
    '/partners/:partnerId/overview',
    { preHandler: partner, schema: { tags, params: PartnerParams, response: { 200: PartnerOverview } } },
    async (request) => partnerOverview(b, partnerOf(request)),
  );

  r.get(
    '/partners/:partnerId/plans',
    { preHandler: partner, schema: { tags, params: PartnerParams, response: { 200: PartnerPlansResponse } } },
    async (request) => partnerPlans(partnerOf(request)),
  );

  r.get(
    '/partners/:partnerId/companies',
    {
      preHandler: partner,
      schema: {
        tags,
        params: PartnerParams,
        // `q` is the user menu's older name for the search.
        querystring: PartnerCompaniesQuery.extend({ q: z.string().trim().max(150).optional() }),
        response: { 200: PartnerCompaniesPage },
      },
    },
    async (request) =>
      companiesPage(ctx.db, partnerOf(request), {
        page: request.query.page,
        search: request.query.search ?? request.query.q,
      }),
  );

  r.post(
    '/partners/:partnerId/companies',
    {
      preHandler: partner,
      schema: {
        tags,
        params: PartnerParams,
        body: PartnerCompanyForm,
        response: { 201: PartnerCompanyDetail },
      },
    },
    async (request, reply) => {
      const p = partnerOf(request);
      const companyId = await createCustomer(ctx.db, p, request.body);
      const tenant = assignScope(request, companyId);
      return reply.status(201).send(await companyDetail(ctx, p, tenant));
    },
  );

  r.post(
    '/partners/:partnerId/estimate',
    {
      preHandler: partner,
      schema: {
        tags,
        params: PartnerParams,
        body: PartnerEstimateRequest,
        response: { 200: PartnerEstimate },
      },
    },
    async (request) => estimate(ctx.db, partnerOf(request), request.body),
  );

  onCustomer('GET', '', { answer: PartnerCompanyDetail }, (p, tenant) => companyDetail(ctx, p, tenant));
  onCustomer('PUT', '', { body: PartnerCompanyUpdate, answer: PartnerCompanyDetail }, (p, tenant, body) =>
    updateCustomer(ctx, p, tenant, body),
  );
  onCustomer('GET', '/can-be-removed', { answer: CanBeRemovedResult }, (p, tenant) =>
    canBeRemoved(ctx.db, p, tenant),
  );
  onCustomer('POST', '/can-edit', { body: PartnerCanEditRequest, answer: CanEditResult }, (p, tenant, body) =>
    canEdit(ctx.db, p, tenant, body),
  );
  onCustomer(
    'PUT',
    '/subscription',
    { body: PartnerCompanyForm, answer: PartnerCompanyDetail },
    (p, tenant, body) => updateSubscription(ctx, p, tenant, body),
  );
  onCustomer('PUT', '/deactivate', { answer: PartnerCompanyDetail }, (p, tenant) =>
    deactivateCustomer(ctx, p, tenant),
  );

  onCustomer(
    'PUT',
    '/reactivate',
    { body: PartnerReactivateRequest.nullish(), answer: PartnerCompanyDetail },
    (p, tenant, body) => reactivateCustomer(ctx, p, tenant, body ?? PartnerReactivateRequest.parse({})),
  );

  r.delete(
    '/partners/:partnerId/companies/:companyId',
    { preHandler: customer, schema: { tags, params: CustomerParams } },
    async (request, reply) => {
      await deleteCompany(ctx.db, partnerOf(request), tenantOf(request));
      return reply.status(204).send();
    },
  );

  onCustomer('POST', '/managers', { body: ManagerCreate, answer: PartnerCompanyDetail }, (p, tenant, body) =>
    addCustomerManager(ctx, p, tenant, body),
  );

  r.delete(
    '/partners/:partnerId/companies/:companyId/managers/:userId',
    {
      preHandler: customer,
      schema: { tags, params: ManagerParams, response: { 200: PartnerCompanyDetail } },
    },
    async (request) =>
      removeCustomerManager(ctx, partnerOf(request), tenantOf(request), request.params.userId),
  );

  onCustomer(
    'PUT',
    '/branding',
    { body: PartnerBrandingUpdate, answer: PartnerCompanyDetail },
    (p, tenant, body) => brandCustomer(ctx, p, tenant, body),
  );
  onCustomer('GET', '/features', { answer: PartnerCompanyFeatures }, (p, tenant) =>
    customerFeatures(ctx.db, p, tenant),
  );

  onCustomer(
    'PUT',
    '/features',
    { body: PartnerFeaturesUpdate, answer: PartnerCompanyFeatures },
    (p, tenant, body) => setCustomerFeatures(ctx.db, p, tenant, body),
  );

  r.post(
    '/partners/:partnerId/card',
    {
      preHandler: partner,
      schema: { tags, params: PartnerParams, body: CardSetupRequest, response: { 200: CardSetup } },
    },
    async (request) => partnerCardSetup(b, partnerOf(request), request.body),
  );

  r.post(
    '/partners/:partnerId/card/confirm',
    {
      preHandler: partner,
      schema: { tags, params: PartnerParams, body: CardConfirmRequest, response: { 200: CardSetup } },
    },
    async (request) => partnerCardConfirm(b, partnerOf(request), request.body),
  );

  r.post(
    '/partners/:partnerId/collect',
    {
      preHandler: partner,
      schema: {
        tags,
        params: PartnerParams,
        body: PartnerCollectRequest.nullish(),
        response: { 200: PartnerOverview },
      },
    },
    async (request) =>
      collectDues(b, partnerOf(request), request.body ?? {}, { email: signedIn(request).user.email }),
  );

  r.post(
    '/partners/:partnerId/create_portal_session',
    { preHandler: partner, schema: { tags, params: PartnerParams, response: { 200: PortalSession } } },
    async (request) => partnerPortal(b, partnerOf(request)),
  );

  r.get(
    '/partners/:partnerId/credits',
    { preHandler: partner, schema: { tags, params: PartnerParams, response: { 200: CreditsResponse } } },
    async (request) => partnerCredits(ctx.db, partnerOf(request)),
  );

  // Credits: the dashboard banner and the assign form of spec 1 §2, §5, §7.
  r.get(
    '/data/manager/packages',
    { preHandler: requireUser, schema: { tags, response: { 200: AssignablePackages } } },
    async (request) => {
      const auth = signedIn(request);
      return assignablePackages(ctx.db, auth.user, csrfToken(ctx.config.secretKey, auth.sessionId));
    },
  );

  r.post(
    '/data/manager/assignpackage',
    {
      preHandler: requireUser,
      schema: { tags, body: AssignPackageRequest, response: { 200: AssignPackageResult } },
    },
    async (request) => {
      const auth = signedIn(request);
      if (
        !sameOrigin(request, ctx.config.publicUrl) ||
        !csrfValid(ctx.config.secretKey, auth.sessionId, request.body._csrf)
      ) {
        throw new AppError(403, PARTNER_MESSAGES.creditAssignFailed, PARTNER_MESSAGES.csrfInvalid);
      }
      return assignPackage(ctx, auth.user, request.body, (companyId) => assignScope(request, companyId));
    },
  );

  // Super-admins.
  r.get(
    '/admin/partners',
    { preHandler: requireSuperAdmin, schema: { tags, response: { 200: AdminPartnersResponse } } },
    async () => adminPartners(ctx),
  );

  r.post(
    '/admin/partners',
    {
      preHandler: requireSuperAdmin,
      schema: { tags, body: AdminPartnerCreate, response: { 201: AdminPartner } },
    },
    async (request, reply) => reply.status(201).send(await createPartnerAccount(ctx, request.body)),
  );

  r.post(
    '/admin/companies',
    {
      preHandler: requireSuperAdmin,
      schema: { tags, body: AdminCompanyCreate, response: { 201: AdminCompany } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createCompanyAsSuperAdmin(ctx, request.body, (companyId) => assignScope(request, companyId)),
        ),
  );

  r.put(
    '/admin/companies/:companyId/partner',
    {
      preHandler: requireSuperAdmin,
      schema: {
        tags,
        params: z.object({ companyId: z.uuid() }),
        body: AdminAttachCompany,
        response: { 200: AdminCompany },
      },
    },
    async (request) => attachCompanyToPartner(ctx, request.params.companyId, request.body),
  );
}
