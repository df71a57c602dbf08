import type { FastifyInstance } from 'fastify';

/** Assessments: list, wizard saves, lifecycle, reminders, preview (built in this module). */
export async function assessmentsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
