import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddUsersRequest,
  AddUsersResponse,
  AssessmentDone,
  AssessmentListQuery,
  AssessmentOverview,
  AssessmentRow,
  AssessmentSave,
  AssessmentSaveResponse,
  AssessmentView,
  CreateUsersBatchRequest,
  EmployeeList,
  IMPORT_LIMITS,
  ImportResult,
  ListSave,
  PublicEmployee,
  PublicEmployeeResults,
  PublicEmployeeUpdate,
  PublicPageQuery,
  publicPage,
  TrainingEmployeeRow,
  TrainingListQuery,
  TrainingRow,
  TrainingSave,
  TrainingSaveResponse,
  TrainingView,
} from '@vigil/shared';
import { authenticateApiKey } from '../../http/api-key.ts';
import { Invalid } from '../../http/errors.ts';
import { tenantOf } from '../../http/guards.ts';
import {
  assessmentOverview,
  employeeResilienceScores,
} from '../assessment-reports/assessment-reports.service.ts';
import {
  assessmentView,
  listAssessments,
  saveAssessment,
  stopAssessment,
} from '../assessments/assessments.service.ts';
import { kickCampaign } from '../campaigns/campaigns.jobs.ts';
import {
  addUsersToList,
  changeEmployee,
  createList,
  createUsersBatch,
  directoryEmployee,
  employeeDirectoryPage,
  employeeResults,
  eraseEmployees,
  getList,
  listDirectoryPage,
  listsOfCompanyPresented,
  removeList,
  updateList,
} from '../employees/employees.service.ts';
import {
  listTrainings,
  saveTraining,
  stopTraining,
  trainingEmployees,
  trainingView,
} from '../trainings/trainings.service.ts';

const Id = z.object({ id: z.uuid() });
const Done = z.object({ success: z.literal(true) });

/** Opaque cursors: a position (an email, a page number) the caller hands back unread. */
const encode = (position: string) => Buffer.from(position, 'utf8').toString('base64url');
function decode(cursor: string | undefined, kind: 'e' | 'm' | 'p'): string | undefined {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(`${kind}:`)) throw Invalid(['This cursor is not valid here.']);
  return text.slice(2);
}
/** Page number of an offset-paged list behind a cursor. */
function pageOf(cursor: string | undefined): number {
  const p = Number(decode(cursor, 'p') ?? '1');
  if (!Number.isInteger(p) || p < 1 || p > 100_000) throw Invalid(['This cursor is not valid here.']);
  return p;
}
/** The page after `page` of an offset-paged list, if there is one. */
const nextPage = (page: number, limit: number, total: number) =>
  page * limit < total ? encode(`p:${page + 1}`) : null;

/**
 * The public REST API, version 1: an API key (Authorization: Bearer vigil_…) acts for its company, as an
 * admin of it, through the same services as the app (the same validation, tenant scope, privacy and
 * rules), with cursor pagination and a rate limit per key. Documented at /api/docs.
 */
export async function publicApiRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  app.addHook('onRequest', authenticateApiKey);
  // Counts per key; the key is resolved (above) before the limit's own hook runs.
  const config = {
    rateLimit: {
      max: ctx.config.apiRateLimit,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => request.apiKey?.id ?? request.ip,
    },
  };
  const security = [{ bearer: [] }];
  const route = <S extends object>(tags: string[], schema: S) => ({
    config,
    schema: { tags: tags.map((t) => `v1 ${t}`), security, ...schema },
  });
  const tenant = tenantOf;

  // Employees
  r.get(
    '/employees',
    route(['employees'], { querystring: PublicPageQuery, response: { 200: publicPage(PublicEmployee) } }),
    async (request) => {
      const { limit, cursor } = request.query;
      const page = await employeeDirectoryPage(db, tenant(request), decode(cursor, 'e'), limit);
      return { data: page.rows, next: page.next === null ? null : encode(`e:${page.next}`) };
    },
  );
  r.get(
    '/employees/:id',
    route(['employees'], { params: Id, response: { 200: PublicEmployee } }),
    async (request) => directoryEmployee(db, tenant(request), request.params.id),
  );
  r.patch(
    '/employees/:id',
    route(['employees'], { params: Id, body: PublicEmployeeUpdate, response: { 200: PublicEmployee } }),
    async (request) => changeEmployee(db, tenant(request), request.params.id, request.body),
  );
  r.delete('/employees/:id', route(['employees'], { params: Id }), async (request, reply) => {
    await directoryEmployee(db, tenant(request), request.params.id);
    await eraseEmployees(db, tenant(request), [request.params.id]);
    return reply.status(204).send();
  });
  r.get(
    '/employees/:id/results',
    route(['results'], { params: Id, response: { 200: PublicEmployeeResults } }),
    async (request) => {
      // The record first: it refuses an unknown employee and a company under anonymous tracking.
      const record = await employeeResults(db, tenant(request), request.params.id);
      return {
        ...record,
        resilience: await employeeResilienceScores(db, tenant(request), request.params.id),
      };
    },
  );

  // Lists
  r.get('/lists', route(['lists'], { response: { 200: publicPage(EmployeeList) } }), async (request) => ({
    data: await listsOfCompanyPresented(db, tenant(request)),
    next: null,
  }));
  r.post('/lists', route(['lists'], { body: ListSave, response: { 200: EmployeeList } }), async (request) =>
    createList(db, tenant(request), request.body.name),
  );
  r.get('/lists/:id', route(['lists'], { params: Id, response: { 200: EmployeeList } }), async (request) =>
    getList(db, tenant(request), request.params.id),
  );
  r.put(
    '/lists/:id',
    route(['lists'], { params: Id, body: ListSave, response: { 200: EmployeeList } }),
    async (request) => updateList(db, tenant(request), request.params.id, request.body.name),
  );
  r.delete('/lists/:id', route(['lists'], { params: Id }), async (request, reply) => {
    await removeList(db, tenant(request), request.params.id);
    return reply.status(204).send();
  });
  r.get(
    '/lists/:id/employees',
    route(['lists'], {
      params: Id,
      querystring: PublicPageQuery,
      response: { 200: publicPage(PublicEmployee) },
    }),
    async (request) => {
      const { limit, cursor } = request.query;
      const after = decode(cursor, 'm');
      if (after !== undefined && !z.uuid().safeParse(after).success)
        throw Invalid(['This cursor is not valid here.']);
      const page = await listDirectoryPage(db, tenant(request), request.params.id, after, limit);
      return { data: page.rows, next: page.next === null ? null : encode(`m:${page.next}`) };
    },
  );
  r.post(
    '/lists/:id/employees',
    route(['lists'], { params: Id, body: AddUsersRequest, response: { 200: AddUsersResponse } }),
    async (request) => addUsersToList(ctx, tenant(request), request.params.id, request.body),
  );
  r.post(
    '/lists/import',
    {
      ...route(['lists'], { body: CreateUsersBatchRequest, response: { 200: ImportResult } }),
      bodyLimit: IMPORT_LIMITS.maxFileBytes + 5 * 1024 * 1024,
    },
    async (request) => createUsersBatch(ctx, tenant(request), request.body),
  );

  // Training programs
  const startedTraining = async <T extends { automation: { status: string } }>(result: T) => {
    if (result.automation.status !== 'draft') await kickCampaign(ctx, 'training');
    return result;
  };
  r.get(
    '/programs',
    route(['programs'], { querystring: PublicPageQuery, response: { 200: publicPage(TrainingRow) } }),
    async (request) => {
      const { limit, cursor } = request.query;
      const page = pageOf(cursor);
      const query = TrainingListQuery.parse({ p: page, n: limit });
      const result = await listTrainings(db, tenant(request), query, 'en');
      return { data: result.rows, next: nextPage(page, limit, result.total) };
    },
  );
  r.get(
    '/programs/:id',
    route(['programs'], { params: Id, response: { 200: TrainingView } }),
    async (request) => trainingView(db, tenant(request), request.params.id, 'en'),
  );
  r.post(
    '/programs',
    route(['programs'], { body: TrainingSave, response: { 200: TrainingSaveResponse } }),
    async (request) => startedTraining(await saveTraining(db, tenant(request), null, request.body)),
  );
  r.post(
    '/programs/:id/start',
    route(['programs'], { params: Id, body: TrainingSave, response: { 200: TrainingSaveResponse } }),
    async (request) =>
      startedTraining(
        await saveTraining(db, tenant(request), request.params.id, { ...request.body, status: 'scheduled' }),
      ),
  );
  r.post(
    '/programs/:id/stop',
    route(['programs'], { params: Id, response: { 200: Done } }),
    async (request) => {
      await stopTraining(db, tenant(request), request.params.id);
      return { success: true as const };
    },
  );
  r.get(
    '/programs/:id/results',
    route(['results'], {
      params: Id,
      querystring: PublicPageQuery,
      response: { 200: publicPage(TrainingEmployeeRow) },
    }),
    async (request) => {
      const { limit, cursor } = request.query;
      const page = pageOf(cursor);
      const result = await trainingEmployees(db, tenant(request), request.params.id, {
        q: '',
        filter: 'all',
        p: page,
        n: limit,
      } as Parameters<typeof trainingEmployees>[3]);
      return { data: result.rows, next: nextPage(page, limit, result.total) };
    },
  );

  // Assessments
  const startedAssessment = async <T extends { assessment: { status: string } }>(result: T) => {
    if (result.assessment.status !== 'draft') await kickCampaign(ctx, 'assessment');
    return result;
  };
  r.get(
    '/assessments',
    route(['assessments'], { querystring: PublicPageQuery, response: { 200: publicPage(AssessmentRow) } }),
    async (request) => {
      const { limit, cursor } = request.query;
      const page = pageOf(cursor);
      const query = AssessmentListQuery.parse({ p: page, n: limit });
      const result = await listAssessments(db, tenant(request), query);
      return { data: result.rows, next: nextPage(page, limit, result.total) };
    },
  );
  r.get(
    '/assessments/:id',
    route(['assessments'], { params: Id, response: { 200: AssessmentView } }),
    async (request) => assessmentView(ctx, tenant(request), request.params.id),
  );
  r.post(
    '/assessments',
    route(['assessments'], { body: AssessmentSave, response: { 200: AssessmentSaveResponse } }),
    async (request) => startedAssessment(await saveAssessment(db, tenant(request), null, request.body)),
  );
  r.post(
    '/assessments/:id/start',
    route(['assessments'], { params: Id, body: AssessmentSave, response: { 200: AssessmentSaveResponse } }),
    async (request) =>
      startedAssessment(
        await saveAssessment(db, tenant(request), request.params.id, {
          ...request.body,
          status: 'scheduled',
        }),
      ),
  );
  r.post(
    '/assessments/:id/stop',
    route(['assessments'], { params: Id, response: { 200: AssessmentDone } }),
    async (request) => stopAssessment(db, tenant(request), request.params.id),
  );
  r.get(
    '/assessments/:id/results',
    route(['results'], { params: Id, response: { 200: AssessmentOverview } }),
    async (request) => assessmentOverview(db, tenant(request), request.params.id),
  );
}
