import type { FastifyInstance } from 'fastify';

/** The employees' side of assessments under /api/learner/assessments (built in this module). */
export async function assessmentLearnerRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
