import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CalendarEvents,
  CalendarQuery,
  CompanyStatistics,
  DashboardAssessments,
  DashboardRowsQuery,
  DashboardTrainings,
  LatestSubjects,
  PhishingSummary,
  ROLES,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  calendarEvents,
  companyStatistics,
  dashboardAssessments,
  dashboardPhishing,
  dashboardTrainings,
  latestSubjects,
} from './dashboard.service.ts';

/** The dashboard's calls (spec 1 §2 Dashboard, §7): any manager of the company may read them. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['dashboard'];
  const viewer = requireCompany(ROLES.viewer);

  r.get(
    '/companies/:id/statistics/status',
    { preHandler: viewer, schema: { tags, params: CompanyParams, response: { 200: CompanyStatistics } } },
    async (request) => companyStatistics(db, tenantOf(request)),
  );

  r.get(
    '/companies/:id/dashboard/trainings',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: DashboardRowsQuery,
        response: { 200: DashboardTrainings },
      },
    },
    async (request) => dashboardTrainings(db, tenantOf(request), request.query.limit),
  );

  r.get(
    '/companies/:id/dashboard/assessments',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: DashboardRowsQuery,
        response: { 200: DashboardAssessments },
      },
    },
    async (request) => dashboardAssessments(db, tenantOf(request), request.query.limit),
  );

  r.get(
    '/companies/:id/dashboard/phishing',
    { preHandler: viewer, schema: { tags, params: CompanyParams, response: { 200: PhishingSummary } } },
    async (request) => dashboardPhishing(db, tenantOf(request)),
  );

  r.get(
    '/companies/:id/events',
    {
      preHandler: viewer,
      schema: { tags, params: CompanyParams, querystring: CalendarQuery, response: { 200: CalendarEvents } },
    },
    async (request) => calendarEvents(db, tenantOf(request), request.query.m, request.query.tz),
  );

  r.get(
    '/companies/:id/subjects/latest',
    { preHandler: viewer, schema: { tags, params: CompanyParams, response: { 200: LatestSubjects } } },
    async (request) => latestSubjects(db, tenantOf(request)),
  );
}
