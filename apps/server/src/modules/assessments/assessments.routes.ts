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
  ROLES,
  SigninLinkResponse,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams, LangQuery } from '../../http/route-params.ts';
import { kickAssessments } from './assessments.jobs.ts';
import {
  assessmentView,
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
    if (result.assessment.status !== 'draft') await kickAssessments(ctx);
    return result;
  };

  r.get(
    '/companies/:id/assessments',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: AssessmentListQuery.extend(LangQuery.shape),
        response: { 200: AssessmentListResponse },
      },
    },
    async (request) => listAssessments(db, tenantOf(request), request.query, request.query.lang),
  );

  r.get(
    '/companies/:id/assessments/latest',
    { preHandler: viewer, schema: { tags, params: CompanyParams, response: { 200: AssessmentLatest } } },
    async (request) => latest(db, tenantOf(request)),
  );

  r.post(
    '/companies/:id/assessments',
    {
      preHandler: admin,
      schema: {
        tags,
        params: CompanyParams,
        body: AssessmentSave,
        response: { 200: AssessmentSaveResponse },
      },
    },
    async (request) => started(await saveAssessment(db, tenantOf(request), null, request.body)),
  );

  r.post(
    '/companies/:id/assessments/preview',
    {
      preHandler: admin,
      schema: {
        tags,
        params: CompanyParams,
        body: AssessmentPreviewRequest,
        response: { 200: AssessmentDone },
      },
    },
    async (request) => sendPreview(ctx, tenantOf(request), request.body),
  );

  r.get(
    '/companies/:id/assessments/:assessmentId',
    {
      preHandler: viewer,
      schema: { tags, params: AssessmentParams, querystring: LangQuery, response: { 200: AssessmentView } },
    },
    async (request) =>
      assessmentView(ctx, tenantOf(request), request.params.assessmentId, request.query.lang),
  );

  r.put(
    '/companies/:id/assessments/:assessmentId',
    {
      preHandler: admin,
      schema: {
        tags,
        params: AssessmentParams,
        body: AssessmentSave,
        response: { 200: AssessmentSaveResponse },
      },
    },
    async (request) =>
      started(await saveAssessment(db, tenantOf(request), request.params.assessmentId, request.body)),
  );

  r.delete(
    '/companies/:id/assessments/:assessmentId',
    { preHandler: admin, schema: { tags, params: AssessmentParams, response: { 200: AssessmentDone } } },
    async (request) => removeAssessment(db, tenantOf(request), request.params.assessmentId),
  );

  r.post(
    '/companies/:id/assessments/:assessmentId/pause',
    { preHandler: admin, schema: { tags, params: AssessmentParams, response: { 200: AssessmentDone } } },
    async (request) => pauseAssessment(db, tenantOf(request), request.params.assessmentId),
  );

  r.post(
    '/companies/:id/assessments/:assessmentId/stop',
    { preHandler: admin, schema: { tags, params: AssessmentParams, response: { 200: AssessmentDone } } },
    async (request) => stopAssessment(db, tenantOf(request), request.params.assessmentId),
  );

  r.get(
    '/companies/:id/assessments/:assessmentId/reminders',
    {
      preHandler: viewer,
      schema: { tags, params: AssessmentParams, response: { 200: z.array(AssessmentReminderView) } },
    },
    async (request) => remindersOverview(db, tenantOf(request), request.params.assessmentId),
  );

  r.post(
    '/companies/:id/assessments/:assessmentId/reminders/count',
    {
      preHandler: admin,
      schema: {
        tags,
        params: AssessmentParams,
        body: AssessmentReminderRequest,
        response: { 200: AssessmentReminderCount },
      },
    },
    async (request) => reminderCount(db, tenantOf(request), request.params.assessmentId, request.body),
  );

  r.post(
    '/companies/:id/assessments/:assessmentId/reminders',
    {
      preHandler: admin,
      schema: {
        tags,
        params: AssessmentParams,
        body: AssessmentReminderRequest,
        response: { 200: AssessmentReminderSendResponse },
      },
    },
    async (request) => {
      const result = await sendReminders(db, tenantOf(request), request.params.assessmentId, request.body);
      if (result.success) await kickAssessments(ctx);
      return result;
    },
  );

  r.post(
    '/companies/:id/assessments/:assessmentId/users/:email/link',
    { preHandler: admin, schema: { tags, params: EmployeeParams, response: { 200: SigninLinkResponse } } },
    async (request) => signinLink(ctx, tenantOf(request), request.params.assessmentId, request.params.email),
  );
}
