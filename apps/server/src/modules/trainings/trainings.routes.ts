import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InteractiveFlagStats,
  ROLES,
  TrainingAudience,
  TrainingAudienceQuery,
  TrainingEmployeesPage,
  TrainingEmployeesQuery,
  TrainingLatest,
  TrainingLessonRow,
  TrainingListQuery,
  TrainingListResponse,
  TrainingListRow,
  TrainingPreviewRequest,
  TrainingSave,
  TrainingSaveResponse,
  TrainingView,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams, LangQuery } from '../../http/route-params.ts';
import { kickCampaign } from '../campaigns/campaigns.jobs.ts';
import {
  audience,
  latest,
  listTrainings,
  pauseTraining,
  removeTraining,
  saveTraining,
  sendPreview,
  stopTraining,
  trainingEmployees,
  trainingFlagStats,
  trainingLessons,
  trainingListsReport,
  trainingView,
} from './trainings.service.ts';

const TrainingParams = CompanyParams.extend({ trainingId: z.uuid() });
const Done = z.object({ success: z.literal(true) });

/** Training programs, called automations in the API (spec 2 §7 "Training operations"). */
export async function trainingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['trainings'];
  const viewer = requireCompany(ROLES.viewer);
  const admin = requireCompany(ROLES.admin);
  /** A program that starts now has its first delivery due: the workers look at once. */
  const started = async <T extends { automation: { status: string } }>(result: T) => {
    if (result.automation.status !== 'draft') await kickCampaign(ctx, 'training');
    return result;
  };

  r.get(
    '/companies/:id/automations',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: TrainingListQuery.extend(LangQuery.shape),
        response: { 200: TrainingListResponse },
      },
    },
    async (request) => listTrainings(db, tenantOf(request), request.query, request.query.lang),
  );

  r.get(
    '/companies/:id/automations/latest',
    { preHandler: viewer, schema: { tags, params: CompanyParams, response: { 200: TrainingLatest } } },
    async (request) => latest(db, tenantOf(request)),
  );

  r.post(
    '/companies/:id/automations',
    {
      preHandler: admin,
      schema: { tags, params: CompanyParams, body: TrainingSave, response: { 200: TrainingSaveResponse } },
    },
    async (request) => started(await saveTraining(db, tenantOf(request), null, request.body)),
  );

  r.get(
    '/companies/:id/automations/audience',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: TrainingAudienceQuery,
        response: { 200: TrainingAudience },
      },
    },
    async (request) => audience(db, tenantOf(request), request.query.lists),
  );

  r.post(
    '/companies/:id/automations/preview',
    { preHandler: admin, schema: { tags, params: CompanyParams, body: TrainingPreviewRequest } },
    async (request) => sendPreview(ctx, tenantOf(request), request.body),
  );

  r.get(
    '/companies/:id/automations/:trainingId',
    {
      preHandler: viewer,
      schema: { tags, params: TrainingParams, querystring: LangQuery, response: { 200: TrainingView } },
    },
    async (request) => trainingView(db, tenantOf(request), request.params.trainingId, request.query.lang),
  );

  r.put(
    '/companies/:id/automations/:trainingId',
    {
      preHandler: admin,
      schema: { tags, params: TrainingParams, body: TrainingSave, response: { 200: TrainingSaveResponse } },
    },
    async (request) =>
      started(await saveTraining(db, tenantOf(request), request.params.trainingId, request.body)),
  );

  r.delete(
    '/companies/:id/automations/:trainingId',
    { preHandler: admin, schema: { tags, params: TrainingParams } },
    async (request, reply) => {
      await removeTraining(db, tenantOf(request), request.params.trainingId);
      return reply.status(204).send();
    },
  );

  r.post(
    '/companies/:id/automations/:trainingId/pause',
    { preHandler: admin, schema: { tags, params: TrainingParams, response: { 200: Done } } },
    async (request) => {
      await pauseTraining(db, tenantOf(request), request.params.trainingId);
      return { success: true as const };
    },
  );

  r.post(
    '/companies/:id/automations/:trainingId/stop',
    { preHandler: admin, schema: { tags, params: TrainingParams, response: { 200: Done } } },
    async (request) => {
      await stopTraining(db, tenantOf(request), request.params.trainingId);
      return { success: true as const };
    },
  );

  r.get(
    '/companies/:id/automations/:trainingId/lessons',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: TrainingParams,
        querystring: LangQuery,
        response: { 200: z.array(TrainingLessonRow) },
      },
    },
    async (request) => trainingLessons(db, tenantOf(request), request.params.trainingId, request.query.lang),
  );

  r.get(
    '/companies/:id/automations/:trainingId/lessons/:subjectId/flags',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: TrainingParams.extend({ subjectId: z.string().min(1).max(100) }),
        querystring: LangQuery,
        response: { 200: InteractiveFlagStats },
      },
    },
    async (request) =>
      trainingFlagStats(
        db,
        tenantOf(request),
        request.params.trainingId,
        request.params.subjectId,
        request.query.lang,
      ),
  );

  r.get(
    '/companies/:id/automations/:trainingId/lists',
    {
      preHandler: viewer,
      schema: { tags, params: TrainingParams, response: { 200: z.array(TrainingListRow) } },
    },
    async (request) => trainingListsReport(db, tenantOf(request), request.params.trainingId),
  );

  r.get(
    '/companies/:id/automations/:trainingId/employees',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: TrainingParams,
        querystring: TrainingEmployeesQuery,
        response: { 200: TrainingEmployeesPage },
      },
    },
    async (request) => trainingEmployees(db, tenantOf(request), request.params.trainingId, request.query),
  );
}
