import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Company, CompanyUpdate, LOGO, LOGO_MESSAGES, MyCompaniesResponse, ROLES } from '@vigil/shared';
import { Invalid, NotFound } from '../../http/errors.ts';
import { requireCompany, requireEntitlement, requireUser, signedIn, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  companyForTenant,
  companyLogo,
  myCompanies,
  removeLogo,
  saveCompany,
  uploadLogo,
} from './companies.service.ts';

/** The one file of a logo upload, read up to one byte past the limit so that a larger one is told apart. */
async function logoUpload(request: FastifyRequest) {
  const part = await request.file({ limits: { fileSize: LOGO.maxBytes, files: 1, fields: 0 } });
  if (!part) throw Invalid([LOGO_MESSAGES.unsupported('none')]);
  const bytes = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw err;
  });
  return { bytes: bytes ?? new Uint8Array(), filename: part.filename, truncated: bytes === null };
}

export async function companiesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['companies'];
  // Only this plugin's routes read multipart bodies (the logo).
  await app.register(multipart, { limits: { fileSize: LOGO.maxBytes, files: 1, fields: 0, parts: 1 } });
  // The audit log keeps the company's settings before and after each change (http/audit.ts).
  const companySettings = {
    auditBefore: (request: FastifyRequest) => companyForTenant(ctx, tenantOf(request)),
  };

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
      config: companySettings,
      schema: { tags, params: CompanyParams, body: CompanyUpdate, response: { 200: Company } },
    },
    async (request) => saveCompany(ctx, tenantOf(request), request.body),
  );

  r.put(
    '/companies/:id/logo',
    {
      preHandler: [requireCompany(ROLES.admin), requireEntitlement('branding')],
      config: companySettings,
      schema: { tags, params: CompanyParams, consumes: ['multipart/form-data'], response: { 200: Company } },
    },
    async (request) => uploadLogo(ctx, tenantOf(request), await logoUpload(request)),
  );

  r.post(
    '/companies/:id/remove_logo',
    {
      preHandler: requireCompany(ROLES.admin),
      config: companySettings,
      schema: { tags, params: CompanyParams, response: { 200: Company } },
    },
    async (request) => removeLogo(ctx, tenantOf(request)),
  );

  // Public: mails, the learner app and the certificate show the logo to people who never sign in.
  r.get(
    '/companies/:id/logo',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ v: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const logo = await companyLogo(ctx, request.params.id, request.query.v);
      if (!logo) throw NotFound('No logo.');
      return (
        reply
          .type(LOGO.type)
          .header(
            'cache-control',
            logo.current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          )
          // Mail clients and the learner app on its own origin load it too.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(Buffer.from(logo.bytes))
      );
    },
  );
}
