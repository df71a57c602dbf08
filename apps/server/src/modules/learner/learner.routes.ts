import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InteractiveResultInput,
  LearnerAnswerInput,
  LearnerAnswerResult,
  LearnerEventInput,
  LearnerHome,
  LearnerProgress,
  LearnerScormScoreInput,
  LearnerSubject,
} from '@vigil/shared';
import {
  answerQuestion,
  learnerCertificate,
  learnerHome,
  learnerSubject,
  recordInteractiveScene,
  recordLearnerEvent,
  recordScormScore,
} from './learner.service.ts';
import { mediaSigner } from '../../lib/signed-media.ts';
import { learnerOf, requireLearner } from '../campaigns/campaigns.learner.ts';
import { sendAttachment } from '../../http/download.ts';

const TrainingParams = z.object({ trainingId: z.uuid() });
const SubjectParams = TrainingParams.extend({ subjectId: z.string().min(1).max(100) });

/** The employees' API: everything an employee does in the learner app, signed in by their link. */
export async function learnerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const signer = mediaSigner(ctx.config.secretKey);
  const tags = ['learner'];
  app.decorateRequest('learner', null);
  const learner = requireLearner(db);

  r.get(
    '/learner/me',
    { preHandler: learner, schema: { tags, response: { 200: LearnerHome } } },
    async (request) => learnerHome(ctx, learnerOf(request)),
  );

  r.get(
    '/learner/trainings/:trainingId/subjects/:subjectId',
    { preHandler: learner, schema: { tags, params: SubjectParams, response: { 200: LearnerSubject } } },
    async (request) =>
      learnerSubject(db, learnerOf(request), request.params.trainingId, request.params.subjectId, signer),
  );

  r.post(
    '/learner/events',
    { preHandler: learner, schema: { tags, body: LearnerEventInput, response: { 200: LearnerProgress } } },
    async (request) => recordLearnerEvent(db, learnerOf(request), request.body),
  );

  r.post(
    '/learner/interactive',
    {
      preHandler: learner,
      schema: { tags, body: InteractiveResultInput, response: { 200: z.object({ correct: z.boolean() }) } },
    },
    async (request) => recordInteractiveScene(db, learnerOf(request), request.body),
  );

  r.post(
    '/learner/answers',
    {
      preHandler: learner,
      schema: { tags, body: LearnerAnswerInput, response: { 200: LearnerAnswerResult } },
    },
    async (request) => answerQuestion(db, learnerOf(request), request.body),
  );

  r.post(
    '/learner/scorm-score',
    {
      preHandler: learner,
      schema: { tags, body: LearnerScormScoreInput, response: { 200: LearnerProgress } },
    },
    async (request) => recordScormScore(db, learnerOf(request), request.body),
  );

  r.get(
    '/learner/trainings/:trainingId/certificate',
    { preHandler: learner, schema: { tags, params: TrainingParams } },
    async (request, reply) => {
      const pdf = await learnerCertificate(ctx, learnerOf(request), request.params.trainingId);
      return sendAttachment(reply, 'application/pdf', 'certificate.pdf', pdf);
    },
  );
}
