import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FAVICON,
  FAVICON_MESSAGES,
  FeatureSettings,
  FeatureSettingsUpdate,
  GlobalScoreRanges,
  ROLES,
} from '@vigil/shared';
import { Invalid, NotFound } from '../../http/errors.ts';
import { requireCompany, requireSuperAdmin, signedIn, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  companyFavicon,
  featureSettingsOf,
  globalScoreRangesView,
  removeFavicon,
  requireFeatureManager,
  saveFeatureSettings,
  saveGlobalScoreRanges,
  uploadFavicon,
} from './features.service.ts';

/** The one file of a favicon upload, read up to the limit so that a larger one is told apart. */
async function faviconUpload(request: FastifyRequest) {
  const part = await request.file({ limits: { fileSize: FAVICON.maxBytes, files: 1, fields: 0 } });
  if (!part) throw Invalid([FAVICON_MESSAGES.unsupported('none')]);
  const bytes = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw err;
  });
  return { bytes: bytes ?? new Uint8Array(), filename: part.filename, truncated: bytes === null };
}

/** The company admin's guard, then the feature manager's: a company admin gets 403, a stranger 404. */
const featureManager = [
  requireCompany(ROLES.admin),
  async (request: FastifyRequest) => requireFeatureManager(signedIn(request).user),
];

export async function featuresRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['feature settings'];
  await app.register(multipart, { limits: { fileSize: FAVICON.maxBytes, files: 1, fields: 0, parts: 1 } });

  r.get(
    '/companies/:id/features',
    {
      preHandler: featureManager,
      schema: { tags, params: CompanyParams, response: { 200: FeatureSettings } },
    },
    async (request) => featureSettingsOf(ctx, tenantOf(request)),
  );

  r.put(
    '/companies/:id/features',
    {
      preHandler: featureManager,
      // The audit log keeps the settings before and after (http/audit.ts).
      config: { auditBefore: (request) => featureSettingsOf(ctx, tenantOf(request)) },
      schema: {
        tags,
        params: CompanyParams,
        body: FeatureSettingsUpdate,
        response: { 200: FeatureSettings },
      },
    },
    async (request) => saveFeatureSettings(ctx, tenantOf(request), request.body),
  );

  r.put(
    '/companies/:id/favicon',
    {
      preHandler: featureManager,
      config: { auditBefore: (request) => featureSettingsOf(ctx, tenantOf(request)) },
      schema: {
        tags,
        params: CompanyParams,
        consumes: ['multipart/form-data'],
        response: { 200: FeatureSettings },
      },
    },
    async (request) => uploadFavicon(ctx, tenantOf(request), await faviconUpload(request)),
  );

  r.post(
    '/companies/:id/remove_favicon',
    {
      preHandler: featureManager,
      config: { auditBefore: (request) => featureSettingsOf(ctx, tenantOf(request)) },
      schema: { tags, params: CompanyParams, response: { 200: FeatureSettings } },
    },
    async (request) => removeFavicon(ctx, tenantOf(request)),
  );

  // Public: browsers ask for a page's icon whoever is signed in, and the learner app signs in nobody.
  r.get(
    '/companies/:id/favicon',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ v: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const icon = await companyFavicon(ctx, request.params.id, request.query.v);
      if (!icon) throw NotFound('No favicon.');
      return reply
        .type(icon.type)
        .header('cache-control', icon.current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(icon.bytes));
    },
  );

  r.get(
    '/admin/score-ranges',
    { preHandler: requireSuperAdmin, schema: { tags, response: { 200: GlobalScoreRanges } } },
    async () => globalScoreRangesView(ctx),
  );

  r.put(
    '/admin/score-ranges',
    {
      preHandler: requireSuperAdmin,
      config: { auditBefore: () => globalScoreRangesView(ctx) },
      schema: { tags, body: GlobalScoreRanges, response: { 200: GlobalScoreRanges } },
    },
    async (request) => saveGlobalScoreRanges(ctx, request.body),
  );
}
