import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssessmentAccessRequest,
  LearnerAssessment,
  LearnerAssessmentAnswer,
  LearnerAssessmentProgress,
  LearnerAssessmentResult,
  LearnerDemoAssessment,
  LearnerSubject,
} from '@vigil/shared';
import { publicScope } from '../../http/guards.ts';
import { mediaSigner } from '../../lib/signed-media.ts';
import { learnerOf, requireLearner } from '../campaigns/campaigns.learner.ts';
import { demoAssessment, demoTraining } from './assessments.demo.ts';
import {
  answerAssessment,
  assessmentResult,
  finishAssessment,
  learnerAssessment,
  requestAccess,
} from './assessments.learner.service.ts';

const Params = z.object({ id: z.uuid() });
const DemoParams = z.object({ companyUid: z.string().max(100) });
/** Public calls (no token) are limited per address: they mail people and read the content. */
const PUBLIC_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The employees' side of assessments under /api/learner/assessments, and the public demo data. */
export async function assessmentLearnerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const signer = mediaSigner(ctx.config.secretKey);
  const tags = ['learner'];
  const learner = requireLearner(db);

  /** A signed-in employee's call on one of their assessments. */
  const asLearner = <S extends object>(schema: S) => ({
    preHandler: learner,
    schema: { tags, params: Params, ...schema },
  });
  /** A call without a token, limited per address. */
  const asPublic = <S extends object>(schema: S) => ({
    config: PUBLIC_LIMIT,
    schema: { tags, security: [], ...schema },
  });

  r.get('/learner/assessments/:id', asLearner({ response: { 200: LearnerAssessment } }), async (request) =>
    learnerAssessment(db, learnerOf(request), request.params.id),
  );

  r.post(
    '/learner/assessments/:id/answers',
    asLearner({ body: LearnerAssessmentAnswer, response: { 200: LearnerAssessmentProgress } }),
    async (request) => answerAssessment(db, learnerOf(request), request.params.id, request.body),
  );

  r.post(
    '/learner/assessments/:id/finish',
    asLearner({ response: { 200: LearnerAssessmentResult } }),
    async (request) => finishAssessment(ctx, learnerOf(request), request.params.id),
  );

  r.get(
    '/learner/assessments/:id/result',
    asLearner({ response: { 200: LearnerAssessmentResult } }),
    async (request) => assessmentResult(db, learnerOf(request), request.params.id),
  );

  r.post(
    '/learner/assessments/:id/access',
    asPublic({
      params: Params,
      body: AssessmentAccessRequest,
      response: { 200: z.object({ message: z.string() }) },
    }),
    async (request) =>
      requestAccess(
        ctx,
        publicScope(request.body.companyId, 'assessment-access'),
        request.params.id,
        request.body,
      ),
  );

  r.get(
    '/learner/demo/assessment/:companyUid',
    asPublic({ params: DemoParams, response: { 200: LearnerDemoAssessment } }),
    async (request) => demoAssessment(ctx, request.params.companyUid),
  );

  r.get(
    '/learner/demo/training/:companyUid',
    asPublic({ params: DemoParams, response: { 200: LearnerSubject } }),
    async (request) => demoTraining(db, request.params.companyUid, signer),
  );
}
