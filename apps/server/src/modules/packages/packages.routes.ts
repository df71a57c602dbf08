import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Cmi5Create,
  Cmi5ListResponse,
  Cmi5Package,
  PACKAGE_SESSION_HEADER,
  PackageCreateRequest,
  PackageDownloadQuery,
  PackageInfo,
  PackageListQuery,
  PackageSessionRequest,
  PackageSessionResponse,
  PackageState,
  PackageSuspendData,
  ROLES,
  ScormAssessmentListResponse,
  ScormTrainingListResponse,
} from '@vigil/shared';
import { Unauthorized } from '../../http/errors.ts';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams, LangQuery } from '../../http/route-params.ts';
import {
  createCmi5,
  createPackage,
  deleteCmi5,
  downloadPackage,
  getCmi5,
  listCmi5,
  openSession,
  saveSuspendData,
  scormAssessments,
  scormTrainings,
  sessionState,
  type PackageStream,
} from './packages.service.ts';

const Done = z.object({ success: z.literal(true) });
const TrainingParams = CompanyParams.extend({ trainingId: z.uuid() });
const AssessmentParams = CompanyParams.extend({ assessmentId: z.uuid() });
const Cmi5Params = CompanyParams.extend({ packageId: z.uuid() });

const sendZip = (reply: FastifyReply, zip: PackageStream) =>
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${zip.fileName}"`)
    .header('cache-control', 'no-store')
    .send(zip.stream);

/**
 * The manager's package calls: the lists' SCORM tables, the wizards' create-package action, the
 * downloads, and the /cmi5 admin (behind the `scorm` entitlement: ui.cmi5.enabled and a plan with it).
 */
export async function packagesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['packages'];
  const viewer = requireCompany(ROLES.viewer);
  const admin = requireCompany(ROLES.admin);

  r.get(
    '/companies/:id/automations/scorm',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: PackageListQuery.extend(LangQuery.shape),
        response: { 200: ScormTrainingListResponse },
      },
    },
    async (request) => scormTrainings(db, tenantOf(request), request.query, request.query.lang),
  );

  r.get(
    '/companies/:id/assessments/scorm',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: PackageListQuery,
        response: { 200: ScormAssessmentListResponse },
      },
    },
    async (request) => scormAssessments(db, tenantOf(request), request.query),
  );

  r.post(
    '/companies/:id/automations/:trainingId/package',
    {
      preHandler: admin,
      schema: { tags, params: TrainingParams, body: PackageCreateRequest, response: { 200: PackageInfo } },
    },
    async (request) =>
      createPackage(
        ctx,
        tenantOf(request),
        'training',
        request.params.trainingId,
        request.body.format,
        request.body.variant,
      ),
  );

  r.get(
    '/companies/:id/automations/:trainingId/package',
    { preHandler: viewer, schema: { tags, params: TrainingParams, querystring: PackageDownloadQuery } },
    async (request, reply) =>
      sendZip(
        reply,
        await downloadPackage(
          ctx,
          tenantOf(request),
          'training',
          request.params.trainingId,
          request.query.format,
          request.query.variant,
        ),
      ),
  );

  r.post(
    '/companies/:id/assessments/:assessmentId/package',
    {
      preHandler: admin,
      schema: { tags, params: AssessmentParams, body: PackageCreateRequest, response: { 200: PackageInfo } },
    },
    async (request) =>
      createPackage(
        ctx,
        tenantOf(request),
        'assessment',
        request.params.assessmentId,
        request.body.format,
        request.body.variant,
      ),
  );

  r.get(
    '/companies/:id/assessments/:assessmentId/package',
    { preHandler: viewer, schema: { tags, params: AssessmentParams, querystring: PackageDownloadQuery } },
    async (request, reply) =>
      sendZip(
        reply,
        await downloadPackage(
          ctx,
          tenantOf(request),
          'assessment',
          request.params.assessmentId,
          request.query.format,
          request.query.variant,
        ),
      ),
  );

  r.get(
    '/companies/:id/cmi5',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: PackageListQuery.extend(LangQuery.shape),
        response: { 200: Cmi5ListResponse },
      },
    },
    async (request) => listCmi5(db, tenantOf(request), request.query, request.query.lang),
  );

  r.post(
    '/companies/:id/cmi5',
    {
      preHandler: admin,
      schema: { tags, params: CompanyParams, body: Cmi5Create, response: { 200: Cmi5Package } },
    },
    async (request) => createCmi5(db, tenantOf(request), request.body),
  );

  r.get(
    '/companies/:id/cmi5/:packageId',
    {
      preHandler: viewer,
      schema: { tags, params: Cmi5Params, querystring: LangQuery, response: { 200: Cmi5Package } },
    },
    async (request) => getCmi5(db, tenantOf(request), request.params.packageId, request.query.lang),
  );

  r.delete(
    '/companies/:id/cmi5/:packageId',
    { preHandler: admin, schema: { tags, params: Cmi5Params, response: { 200: Done } } },
    async (request) => deleteCmi5(db, tenantOf(request), request.params.packageId),
  );

  r.get(
    '/companies/:id/cmi5/:packageId/download',
    { preHandler: viewer, schema: { tags, params: Cmi5Params, querystring: PackageDownloadQuery } },
    async (request, reply) =>
      sendZip(
        reply,
        await downloadPackage(
          ctx,
          tenantOf(request),
          'cmi5',
          request.params.packageId,
          request.query.format,
          request.query.variant,
        ),
      ),
  );
}

/**
 * The package runtime's calls, made by a launch page inside an LMS (any origin): no manager session;
 * the package key opens a session, whose token then travels in `x-package-session`.
 */
export async function packageRuntimeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['package runtime'];
  const tokenOf = (headers: Record<string, unknown>) => {
    const token = headers[PACKAGE_SESSION_HEADER];
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw Unauthorized();
    return token;
  };

  // Launch pages run on the LMS's origin: the runtime's answers may be read by any origin. They carry
  // no cookie and no manager credential, only the key or session token the caller already holds.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-allow-headers', `content-type, ${PACKAGE_SESSION_HEADER}`);
    reply.header('access-control-allow-methods', 'GET, POST, PUT, OPTIONS');
    reply.header('access-control-max-age', '600');
    return payload;
  });
  app.options('/package/*', async (_request, reply) => reply.status(204).send());

  r.post(
    '/package/sessions',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, body: PackageSessionRequest, response: { 200: PackageSessionResponse } },
    },
    async (request) => openSession(ctx, request.body),
  );

  r.get('/package/session/state', { schema: { tags, response: { 200: PackageState } } }, async (request) =>
    sessionState(ctx, tokenOf(request.headers)),
  );

  r.put(
    '/package/session/state',
    { schema: { tags, body: PackageSuspendData, response: { 200: Done } } },
    async (request) => saveSuspendData(ctx, tokenOf(request.headers), request.body.suspendData),
  );
}
