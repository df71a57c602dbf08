import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssessmentEmployeesPage,
  AssessmentOverview,
  AssessmentUsersQuery,
  EmployeeListRow,
  InfosecSummary,
  KeyBehaviourRow,
  ListScores,
  QuestionReportRow,
  RecommendedTraining,
  RiskInsight,
  ROLES,
  ThreatAreaDetail,
  ThreatAreaRow,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { answersCsv, employeesCsv, employeesPage, listsCsv } from './assessment-report-exports.ts';
import {
  assessmentOverview,
  assessmentRiskInsights,
  employeeListRows,
  infosecSummary,
  keyBehaviourRows,
  listScores,
  questionRows,
  recommendedTraining,
  threatAreaDetail,
  threatAreaRows,
} from './assessment-reports.service.ts';
import { CSV_TYPE, sendAttachment } from '../../http/download.ts';

const Params = CompanyParams.extend({ assessmentId: z.uuid() });
const AreaParams = Params.extend({ areaId: z.string().min(1).max(100) });
const Token = { token: z.string().max(200).optional() };
const Csv = { csv: z.enum(['0', '1']).optional(), ...Token };
const ListQuery = z.object({ listId: z.uuid().optional() });
const AreaListQuery = ListQuery.extend({ threatArea: z.string().min(1).max(100).optional() });
/** Downloads accept the session token in the query (see session-hook), like the training reports. */
const download = { queryToken: true };

const sendCsv = (reply: FastifyReply, name: string, body: string | NodeJS.ReadableStream) =>
  sendAttachment(reply, CSV_TYPE, name, body);

/** Assessment reports: overview, threat areas, key behaviours, employees, CSVs, infosec summary. */
export async function assessmentReportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['assessment reports'];
  const viewer = requireCompany(ROLES.viewer);
  const base = '/companies/:id/assessments/:assessmentId';

  r.get(
    `${base}/overview`,
    { preHandler: viewer, schema: { tags, params: Params, response: { 200: AssessmentOverview } } },
    async (request) => assessmentOverview(db, tenantOf(request), request.params.assessmentId),
  );

  r.get(
    `${base}/risk-insights`,
    { preHandler: viewer, schema: { tags, params: Params, response: { 200: z.array(RiskInsight) } } },
    async (request) => assessmentRiskInsights(db, tenantOf(request), request.params.assessmentId),
  );

  r.get(
    `${base}/recommended-training`,
    { preHandler: viewer, schema: { tags, params: Params, response: { 200: RecommendedTraining } } },
    async (request) => recommendedTraining(db, tenantOf(request), request.params.assessmentId),
  );

  r.get(
    `${base}/threat-areas`,
    {
      preHandler: viewer,
      schema: { tags, params: Params, querystring: ListQuery, response: { 200: z.array(ThreatAreaRow) } },
    },
    async (request) =>
      threatAreaRows(db, tenantOf(request), request.params.assessmentId, request.query.listId),
  );

  r.get(
    `${base}/threat-areas/:areaId`,
    {
      preHandler: viewer,
      schema: { tags, params: AreaParams, querystring: ListQuery, response: { 200: ThreatAreaDetail } },
    },
    async (request) =>
      threatAreaDetail(
        db,
        tenantOf(request),
        request.params.assessmentId,
        request.params.areaId,
        request.query.listId,
      ),
  );

  r.get(
    `${base}/key-behaviours`,
    {
      preHandler: viewer,
      schema: {
        tags,
        params: Params,
        querystring: AreaListQuery,
        response: { 200: z.array(KeyBehaviourRow) },
      },
    },
    async (request) => keyBehaviourRows(db, tenantOf(request), request.params.assessmentId, request.query),
  );

  r.get(
    `${base}/list-scores`,
    { preHandler: viewer, schema: { tags, params: Params, response: { 200: z.array(ListScores) } } },
    async (request) => listScores(db, tenantOf(request), request.params.assessmentId),
  );

  r.get(
    `${base}/lists`,
    {
      preHandler: viewer,
      config: download,
      schema: {
        tags,
        params: Params,
        querystring: z.object({ threatArea: z.string().min(1).max(100).optional(), ...Csv }),
      },
    },
    async (request, reply) => {
      const { assessmentId } = request.params;
      const { threatArea, csv } = request.query;
      if (csv === '1')
        return sendCsv(reply, 'lists.csv', await listsCsv(db, tenantOf(request), assessmentId, threatArea));
      const { rows } = await employeeListRows(db, tenantOf(request), assessmentId, threatArea);
      return z.array(EmployeeListRow).parse(rows);
    },
  );

  r.get(
    `${base}/questions`,
    {
      preHandler: viewer,
      schema: {
        tags,
        params: Params,
        querystring: AreaListQuery,
        response: { 200: z.array(QuestionReportRow) },
      },
    },
    async (request) => questionRows(db, tenantOf(request), request.params.assessmentId, request.query),
  );

  r.get(
    `${base}/users`,
    {
      preHandler: viewer,
      config: download,
      schema: { tags, params: Params, querystring: AssessmentUsersQuery.and(z.object(Csv)) },
    },
    async (request, reply) => {
      const { assessmentId } = request.params;
      const query = request.query;
      if (query.csv === '1')
        return sendCsv(reply, 'users.csv', await employeesCsv(db, tenantOf(request), assessmentId, query));
      return AssessmentEmployeesPage.parse(await employeesPage(db, tenantOf(request), assessmentId, query));
    },
  );

  r.get(
    `${base}/answers`,
    { preHandler: viewer, config: download, schema: { tags, params: Params, querystring: z.object(Csv) } },
    async (request, reply) =>
      sendCsv(reply, 'answers.csv', await answersCsv(db, tenantOf(request), request.params.assessmentId)),
  );

  r.get(
    '/infosec/assessment/summary',
    { preHandler: viewer, schema: { tags, response: { 200: InfosecSummary } } },
    async (request) => infosecSummary(db, tenantOf(request)),
  );
}
