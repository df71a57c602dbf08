import type { FastifyInstance } from 'fastify';
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
  type PackageKind,
} from '@vigil/shared';
import { sendZip } from '../../http/download.ts';
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
} from './packages.service.ts';

const Done = z.object({ success: z.literal(true) });
const Cmi5Params = CompanyParams.extend({ packageId: z.uuid() });
/** A download's query; `lang` sets a self-contained package's language (else the company's). */
const DownloadQuery = PackageDownloadQuery.extend({
  lang: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
});

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

  // A package's download (the zip streamed), for every kind.
  const download = <P extends z.ZodObject>(
    url: string,
    params: P,
    kind: PackageKind,
    idOf: (params: z.infer<P>) => string,
  ) =>
    r.get(
      url,
      { preHandler: viewer, schema: { tags, params, querystring: DownloadQuery } },
      async (request, reply) => {
        const zip = await downloadPackage(
          ctx,
          tenantOf(request),
          kind,
          idOf(request.params as z.infer<P>),
          request.query.format,
          request.query.variant,
          request.query.lang,
        );
        return sendZip(reply, zip.fileName, zip.stream);
      },
    );

  // A SCORM program's create-package action and download, the same for both kinds.
  const programRoutes = (
    kind: 'training' | 'assessment',
    base: string,
    param: 'trainingId' | 'assessmentId',
  ) => {
    const params = CompanyParams.extend({ [param]: z.uuid() } as Record<typeof param, z.ZodUUID>);
    r.post(
      `/companies/:id/${base}/:${param}/package`,
      {
        preHandler: admin,
        schema: { tags, params, body: PackageCreateRequest, response: { 200: PackageInfo } },
      },
      async (request) =>
        createPackage(
          ctx,
          tenantOf(request),
          kind,
          request.params[param],
          request.body.format,
          request.body.variant,
        ),
    );
    download(`/companies/:id/${base}/:${param}/package`, params, kind, (p) => p[param]);
  };
  programRoutes('training', 'automations', 'trainingId');
  programRoutes('assessment', 'assessments', 'assessmentId');

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

  download('/companies/:id/cmi5/:packageId/download', Cmi5Params, 'cmi5', (p) => p.packageId);
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
