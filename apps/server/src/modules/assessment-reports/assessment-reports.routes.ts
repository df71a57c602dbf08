import type { FastifyInstance } from 'fastify';

/** Assessment reports: overview, threat areas, key behaviours, employees, CSVs, infosec summary. */
export async function assessmentReportsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
