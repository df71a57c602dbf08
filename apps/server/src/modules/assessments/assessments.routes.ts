import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssessmentDone,
  AssessmentLatest,
  AssessmentListQuery,
  AssessmentListResponse,
  AssessmentPreviewRequest,
  AssessmentReminderCount,
  AssessmentReminderRequest,
  AssessmentReminderSendResponse,
  AssessmentReminderView,
  AssessmentSave,
  AssessmentSaveResponse,
  AssessmentView,
  DeliveryEventRow,
  DeliveryUsersPage,
  DeliveryUsersQuery,
  ROLES,
  SigninLinkResponse,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams, LangQuery } from '../../http/route-params.ts';
import { kickCampaign } from '../campaigns/campaigns.jobs.ts';
import {
  assessmentView,
  deliveryStatus,
  deliveryUsers,
  latest,
  listAssessments,
  pauseAssessment,
  remindersOverview,
  reminderCount,
  removeAssessment,
  saveAssessment,
  sendPreview,
  sendReminders,
  signinLink,
  stopAssessment,
} from './assessments.service.ts';

const AssessmentParams = CompanyParams.extend({ assessmentId: z.uuid() });
const EmployeeParams = AssessmentParams.extend({ email: z.email() });
const EventParams = AssessmentParams.extend({ eventId: z.uuid() });

/** Assessments: list, wizard saves, lifecycle, reminders, preview (docs/ASSESSMENTS-API.md). */
export async function assessmentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['assessments'];
  const viewer = requireCompany(ROLES.viewer);
  const admin = requireCompany(ROLES.admin);
  /** Something may be due now (an invitation, newcomers of a running assessment): the workers look at once. */
  const started = async <T extends { assessment: { status: string } }>(result: T) => {
    if (result.assessment.status !== 'draft') await kickCampaign(ctx, 'assessment');
    return result;
  };

  /** A route's options: who may call it, and its schema under the module's tag. */
  const route = <S extends object>(preHandler: typeof admin, schema: S) => ({
    preHandler,
    schema: { tags, ...schema },
  });
  /** Pause, stop and delete: an admin's call on one assessment, answered with success. */
  const change = route(admin, { params: AssessmentParams, response: { 200: AssessmentDone } });
  const save = <P extends typeof CompanyParams>(params: P) =>
    route(admin, { params, body: AssessmentSave, response: { 200: AssessmentSaveResponse } });
  const reminders = <R extends z.ZodType>(response: R) =>
    route(admin, { params: AssessmentParams, body: AssessmentReminderRequest, response: { 200: response } });

  r.get(
    '/companies/:id/assessments',
    route(viewer, {
      params: CompanyParams,
      querystring: AssessmentListQuery.extend(LangQuery.shape),
      response: { 200: AssessmentListResponse },
    }),
    async (request) => listAssessments(db, tenantOf(request), request.query, request.query.lang),
  );

  r.get(
    '/companies/:id/assessments/latest',
    route(viewer, { params: CompanyParams, response: { 200: AssessmentLatest } }),
    async (request) => latest(db, tenantOf(request)),
  );

  r.post('/companies/:id/assessments', save(CompanyParams), async (request) =>
    started(await saveAssessment(db, tenantOf(request), null, request.body)),
  );

  r.post(
    '/companies/:id/assessments/preview',
    route(admin, {
      params: CompanyParams,
      body: AssessmentPreviewRequest,
      response: { 200: AssessmentDone },
    }),
    async (request) => sendPreview(ctx, tenantOf(request), request.body),
  );

  r.get(
    '/companies/:id/assessments/:assessmentId',
    route(viewer, { params: AssessmentParams, querystring: LangQuery, response: { 200: AssessmentView } }),
    async (request) =>
      assessmentView(ctx, tenantOf(request), request.params.assessmentId, request.query.lang),
  );

  r.put('/companies/:id/assessments/:assessmentId', save(AssessmentParams), async (request) =>
    started(await saveAssessment(db, tenantOf(request), request.params.assessmentId, request.body)),
  );

  r.delete('/companies/:id/assessments/:assessmentId', change, async (request) =>
    removeAssessment(db, tenantOf(request), request.params.assessmentId),
  );

  r.post('/companies/:id/assessments/:assessmentId/pause', change, async (request) =>
    pauseAssessment(db, tenantOf(request), request.params.assessmentId),
  );

  r.post('/companies/:id/assessments/:assessmentId/stop', change, async (request) =>
    stopAssessment(db, tenantOf(request), request.params.assessmentId),
  );

  r.get(
    '/companies/:id/assessments/:assessmentId/reminders',
    route(viewer, { params: AssessmentParams, response: { 200: z.array(AssessmentReminderView) } }),
    async (request) => remindersOverview(db, tenantOf(request), request.params.assessmentId),
  );

  r.get(
    '/companies/:id/assessments/:assessmentId/deliveries',
    route(viewer, { params: AssessmentParams, response: { 200: z.array(DeliveryEventRow) } }),
    async (request) => deliveryStatus(db, tenantOf(request), request.params.assessmentId),
  );

  r.get(
    '/companies/:id/assessments/:assessmentId/deliveries/:eventId/users',
    route(viewer, {
      params: EventParams,
      querystring: DeliveryUsersQuery,
      response: { 200: DeliveryUsersPage },
    }),
    async (request) =>
      deliveryUsers(
        db,
        tenantOf(request),
        request.params.assessmentId,
        request.params.eventId,
        request.query,
      ),
  );

  r.post(
    '/companies/:id/assessments/:assessmentId/reminders/count',
    reminders(AssessmentReminderCount),
    async (request) => reminderCount(db, tenantOf(request), request.params.assessmentId, request.body),
  );

  r.post(
    '/companies/:id/assessments/:assessmentId/reminders',
    reminders(AssessmentReminderSendResponse),
    async (request) => {
      const result = await sendReminders(db, tenantOf(request), request.params.assessmentId, request.body);
      if (result.success) await kickCampaign(ctx, 'assessment');
      return result;
    },
  );

  r.post(
    '/companies/:id/assessments/:assessmentId/users/:email/link',
    route(admin, { params: EmployeeParams, response: { 200: SigninLinkResponse } }),
    async (request) => signinLink(ctx, tenantOf(request), request.params.assessmentId, request.params.email),
  );
}
