import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeliveryEventRow,
  DeliveryUsersPage,
  DeliveryUsersQuery,
  EmployeePhishingRecord,
  PhishingCustomTemplate,
  PhishingCustomTemplateSave,
  PhishingDone,
  PhishingEmployeesPage,
  PhishingEmployeesQuery,
  PhishingLatest,
  PhishingListQuery,
  PhishingListResponse,
  PhishingResults,
  PhishingSave,
  PhishingSaveResponse,
  PhishingSenderProfile,
  PhishingSenderProfileSave,
  PhishingTemplatePreview,
  PhishingTemplatesQuery,
  PhishingTemplateSummary,
  PhishingTestSend,
  PhishingTimeline,
  PhishingView,
  ROLES,
  TrainingAudience,
  TrainingAudienceQuery,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { kickCampaign } from '../campaigns/campaigns.jobs.ts';
import {
  employeePhishingRecordOf,
  phishingEmployees,
  phishingEmployeesCsv,
  phishingResults,
  phishingResultsCsv,
  phishingResultsPdf,
  phishingTimelineOf,
} from './phishing.results.ts';
import {
  audience,
  customTemplates,
  deliveryStatus,
  deliveryUsers,
  latest,
  listPhishing,
  listTemplates,
  pausePhishing,
  phishingView,
  previewCustom,
  removeCustomTemplate,
  removePhishing,
  removeSenderProfile,
  saveCustomTemplate,
  savePhishing,
  saveSenderProfile,
  senderProfiles,
  stopPhishing,
  templatePreview,
  testSend,
} from './phishing.service.ts';

const Params = CompanyParams.extend({ phishingId: z.uuid() });
const EventParams = Params.extend({ eventId: z.uuid() });
const EmployeeParams = Params.extend({ employeeId: z.uuid() });
const TemplateParams = CompanyParams.extend({ templateId: z.string().min(1).max(100) });
const CustomParams = CompanyParams.extend({ templateId: z.uuid() });
const ProfileParams = CompanyParams.extend({ profileId: z.uuid() });
const Lang = z.object({ lang: z.string().min(2).max(10).default('en') });
/** Downloads accept the session token in the query (see session-hook), like the other reports. */
const download = { queryToken: true };
const Token = { token: z.string().max(200).optional() };

function sendFile(reply: FastifyReply, type: string, name: string, body: string | Buffer) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Phishing simulations: list, wizard saves, lifecycle, deliveries, results, templates, sender profiles. */
export async function phishingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['phishing'];
  const viewer = requireCompany(ROLES.viewer);
  const admin = requireCompany(ROLES.admin);
  const base = '/companies/:id/phishing/:phishingId';
  /** Something may be due now: the workers look at once. */
  const started = async <T extends { phishing: { status: string } }>(result: T) => {
    if (result.phishing.status !== 'draft') await kickCampaign(ctx, 'phishing');
    return result;
  };
  const route = <S extends object>(preHandler: typeof admin, schema: S) => ({
    preHandler,
    schema: { tags, ...schema },
  });
  const change = route(admin, { params: Params, response: { 200: PhishingDone } });
  const save = <P extends typeof CompanyParams>(params: P) =>
    route(admin, { params, body: PhishingSave, response: { 200: PhishingSaveResponse } });

  r.get(
    '/companies/:id/phishing',
    route(viewer, {
      params: CompanyParams,
      querystring: PhishingListQuery,
      response: { 200: PhishingListResponse },
    }),
    async (request) => listPhishing(db, tenantOf(request), request.query),
  );

  r.get(
    '/companies/:id/phishing/latest',
    route(viewer, { params: CompanyParams, response: { 200: PhishingLatest } }),
    async (request) => latest(db, tenantOf(request)),
  );

  r.get(
    '/companies/:id/phishing/audience',
    route(viewer, {
      params: CompanyParams,
      querystring: TrainingAudienceQuery,
      response: { 200: TrainingAudience },
    }),
    async (request) => audience(db, tenantOf(request), request.query.lists),
  );

  r.get(
    '/companies/:id/phishing/employees/:employeeId',
    route(viewer, {
      params: CompanyParams.extend({ employeeId: z.uuid() }),
      response: { 200: EmployeePhishingRecord },
    }),
    async (request) => employeePhishingRecordOf(db, tenantOf(request), request.params.employeeId),
  );

  r.post('/companies/:id/phishing', save(CompanyParams), async (request) =>
    started(await savePhishing(db, tenantOf(request), null, request.body)),
  );

  r.post(
    '/companies/:id/phishing/test-send',
    route(admin, { params: CompanyParams, body: PhishingTestSend, response: { 200: PhishingDone } }),
    async (request) => testSend(ctx, tenantOf(request), request.body),
  );

  r.get(base, route(viewer, { params: Params, response: { 200: PhishingView } }), async (request) =>
    phishingView(db, tenantOf(request), request.params.phishingId),
  );

  r.put(base, save(Params), async (request) =>
    started(await savePhishing(db, tenantOf(request), request.params.phishingId, request.body)),
  );

  r.delete(base, change, async (request) => removePhishing(db, tenantOf(request), request.params.phishingId));

  r.post(`${base}/pause`, change, async (request) =>
    pausePhishing(db, tenantOf(request), request.params.phishingId),
  );

  r.post(`${base}/stop`, change, async (request) =>
    stopPhishing(db, tenantOf(request), request.params.phishingId),
  );

  r.get(
    `${base}/deliveries`,
    route(viewer, { params: Params, response: { 200: z.array(DeliveryEventRow) } }),
    async (request) => deliveryStatus(db, tenantOf(request), request.params.phishingId),
  );

  r.get(
    `${base}/deliveries/:eventId/users`,
    route(viewer, {
      params: EventParams,
      querystring: DeliveryUsersQuery,
      response: { 200: DeliveryUsersPage },
    }),
    async (request) =>
      deliveryUsers(db, tenantOf(request), request.params.phishingId, request.params.eventId, request.query),
  );

  r.get(
    `${base}/results`,
    route(viewer, { params: Params, response: { 200: PhishingResults } }),
    async (request) => phishingResults(db, tenantOf(request), request.params.phishingId),
  );

  r.get(
    `${base}/results.csv`,
    { ...route(viewer, { params: Params, querystring: z.object(Token) }), config: download },
    async (request, reply) =>
      sendFile(
        reply,
        'text/csv; charset=utf-8',
        'phishing-results.csv',
        await phishingResultsCsv(db, tenantOf(request), request.params.phishingId),
      ),
  );

  r.get(
    `${base}/results.pdf`,
    { ...route(viewer, { params: Params, querystring: z.object(Token) }), config: download },
    async (request, reply) =>
      sendFile(
        reply,
        'application/pdf',
        'phishing-results.pdf',
        await phishingResultsPdf(db, tenantOf(request), request.params.phishingId),
      ),
  );

  r.get(
    `${base}/employees`,
    route(viewer, {
      params: Params,
      querystring: PhishingEmployeesQuery,
      response: { 200: PhishingEmployeesPage },
    }),
    async (request) => phishingEmployees(db, tenantOf(request), request.params.phishingId, request.query),
  );

  r.get(
    `${base}/employees.csv`,
    {
      ...route(viewer, { params: Params, querystring: PhishingEmployeesQuery.extend(Token) }),
      config: download,
    },
    async (request, reply) =>
      sendFile(
        reply,
        'text/csv; charset=utf-8',
        'phishing-employees.csv',
        await phishingEmployeesCsv(db, tenantOf(request), request.params.phishingId, request.query),
      ),
  );

  r.get(
    `${base}/employees/:employeeId/timeline`,
    route(viewer, { params: EmployeeParams, response: { 200: PhishingTimeline } }),
    async (request) =>
      phishingTimelineOf(db, tenantOf(request), request.params.phishingId, request.params.employeeId),
  );

  // ── Templates: the library and the company's own ──

  r.get(
    '/companies/:id/phishing-templates',
    route(viewer, {
      params: CompanyParams,
      querystring: PhishingTemplatesQuery,
      response: { 200: z.array(PhishingTemplateSummary) },
    }),
    async (request) => listTemplates(db, tenantOf(request), request.query),
  );

  r.get(
    '/companies/:id/phishing-templates/custom',
    route(viewer, { params: CompanyParams, response: { 200: z.array(PhishingCustomTemplate) } }),
    async (request) => customTemplates(db, tenantOf(request)),
  );

  r.post(
    '/companies/:id/phishing-templates/custom',
    route(admin, {
      params: CompanyParams,
      body: PhishingCustomTemplateSave,
      response: { 200: PhishingCustomTemplate },
    }),
    async (request) => saveCustomTemplate(db, tenantOf(request), null, request.body),
  );

  r.post(
    '/companies/:id/phishing-templates/custom/preview',
    route(admin, {
      params: CompanyParams,
      body: PhishingCustomTemplateSave,
      response: { 200: PhishingTemplatePreview },
    }),
    async (request) => previewCustom(ctx, request.body),
  );

  r.put(
    '/companies/:id/phishing-templates/custom/:templateId',
    route(admin, {
      params: CustomParams,
      body: PhishingCustomTemplateSave,
      response: { 200: PhishingCustomTemplate },
    }),
    async (request) => saveCustomTemplate(db, tenantOf(request), request.params.templateId, request.body),
  );

  r.delete(
    '/companies/:id/phishing-templates/custom/:templateId',
    route(admin, { params: CustomParams, response: { 200: PhishingDone } }),
    async (request) => removeCustomTemplate(db, tenantOf(request), request.params.templateId),
  );

  r.get(
    '/companies/:id/phishing-templates/:templateId/preview',
    route(viewer, { params: TemplateParams, querystring: Lang, response: { 200: PhishingTemplatePreview } }),
    async (request) => templatePreview(ctx, tenantOf(request), request.params.templateId, request.query.lang),
  );

  // ── Sender profiles ──

  r.get(
    '/companies/:id/phishing-senders',
    route(viewer, { params: CompanyParams, response: { 200: z.array(PhishingSenderProfile) } }),
    async (request) => senderProfiles(db, tenantOf(request)),
  );

  r.post(
    '/companies/:id/phishing-senders',
    route(admin, {
      params: CompanyParams,
      body: PhishingSenderProfileSave,
      response: { 200: PhishingSenderProfile },
    }),
    async (request) => saveSenderProfile(db, tenantOf(request), null, request.body),
  );

  r.put(
    '/companies/:id/phishing-senders/:profileId',
    route(admin, {
      params: ProfileParams,
      body: PhishingSenderProfileSave,
      response: { 200: PhishingSenderProfile },
    }),
    async (request) => saveSenderProfile(db, tenantOf(request), request.params.profileId, request.body),
  );

  r.delete(
    '/companies/:id/phishing-senders/:profileId',
    route(admin, { params: ProfileParams, response: { 200: PhishingDone } }),
    async (request) => removeSenderProfile(db, tenantOf(request), request.params.profileId),
  );
}
