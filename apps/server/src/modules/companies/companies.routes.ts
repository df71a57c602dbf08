import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Company, CompanyUpdate, MyCompaniesResponse, PartnerCompaniesResponse, ROLES } from '@vigil/shared';
import { requireCompany, requireUser, signedIn, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { companyForTenant, myCompanies, saveCompany } from './companies.service.ts';
import { partnerCompanies } from './partners.service.ts';

export async function companiesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['companies'];

  r.get(
    '/companies/my_companies',
    { preHandler: requireUser, schema: { tags, response: { 200: MyCompaniesResponse } } },
    async (request) => myCompanies(ctx, signedIn(request).user.id),
  );

  r.get(
    '/companies/:id',
    {
      preHandler: requireCompany(ROLES.viewer),
      schema: { tags, params: CompanyParams, response: { 200: Company } },
    },
    async (request) => companyForTenant(ctx, tenantOf(request)),
  );

  r.put(
    '/companies/:id',
    {
      preHandler: requireCompany(ROLES.admin),
      // The audit log keeps the settings before and after (http/audit.ts).
      config: { auditBefore: (request) => companyForTenant(ctx, tenantOf(request)) },
      schema: { tags, params: CompanyParams, body: CompanyUpdate, response: { 200: Company } },
    },
    async (request) => saveCompany(ctx, tenantOf(request), request.body),
  );

  r.get(
    '/partners/:partnerId/companies',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: z.object({ partnerId: z.string() }),
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          q: z.string().max(150).optional(),
        }),
        response: { 200: PartnerCompaniesResponse },
      },
    },
    async (request) =>
      partnerCompanies(
        ctx.db,
        signedIn(request).user,
        request.params.partnerId,
        request.query.page,
        request.query.q,
      ),
  );
}
