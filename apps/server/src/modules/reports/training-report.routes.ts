import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteTrainingUsersRequest,
  DeleteTrainingUsersResponse,
  ROLES,
  TrainingReport,
  TrainingReportQuery,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  certificatePreview,
  deleteTrainingUsers,
  trainingCsv,
  trainingReport,
  trainingReportPdf,
  type CsvKind,
} from './training-report.service.ts';
import { CSV_TYPE, sendAttachment } from '../../http/download.ts';

const ReportParams = z.object({ companyId: z.uuid(), trainingId: z.uuid() });
const TokenQuery = z.object({ token: z.string().max(200).optional() });
const PdfQuery = TokenQuery.extend({ users_details: z.enum(['0', '1']).optional() });
/** Direct downloads accept the session token in the query (see session-hook). */
const download = { queryToken: true };

/** Training reports: the report pages' data, the PDF and CSV downloads, the certificate preview. */
export async function trainingReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['reports'];
  const viewer = requireCompany(ROLES.viewer);

  r.get(
    '/companies/:id/automations/:trainingId/report',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams.extend({ trainingId: z.uuid() }),
        querystring: TrainingReportQuery,
        response: { 200: TrainingReport },
      },
    },
    async (request) => trainingReport(db, tenantOf(request), request.params.trainingId, request.query),
  );

  r.post(
    '/companies/:id/automations/:trainingId/users/delete',
    {
      preHandler: requireCompany(ROLES.admin),
      schema: {
        tags,
        params: CompanyParams.extend({ trainingId: z.uuid() }),
        body: DeleteTrainingUsersRequest,
        response: { 200: DeleteTrainingUsersResponse },
      },
    },
    async (request) =>
      deleteTrainingUsers(db, tenantOf(request), request.params.trainingId, request.body.emails),
  );

  r.get(
    '/companies/:companyId/trainings/:trainingId/report',
    { preHandler: viewer, config: download, schema: { tags, params: ReportParams, querystring: PdfQuery } },
    async (request, reply) => {
      const details = request.query.users_details === '1';
      const pdf = await trainingReportPdf(ctx, tenantOf(request), request.params.trainingId, details);
      return sendAttachment(
        reply,
        'application/pdf',
        details ? 'training-report-details.pdf' : 'training-report.pdf',
        pdf,
      );
    },
  );

  for (const kind of ['users_report', 'users_detailed_report', 'users'] as CsvKind[]) {
    r.get(
      `/companies/:companyId/trainings/:trainingId/${kind}/csv`,
      {
        preHandler: viewer,
        config: download,
        schema: { tags, params: ReportParams, querystring: TokenQuery },
      },
      async (request, reply) => {
        const csv = await trainingCsv(db, tenantOf(request), request.params.trainingId, kind);
        return sendAttachment(reply, CSV_TYPE, `${kind}.csv`, csv);
      },
    );
  }

  // The spec's path takes the company from the x-company-id header; a direct link (which cannot send
  // a header) names it in the path instead.
  for (const url of ['/download/certificate/preview', '/companies/:companyId/download/certificate/preview']) {
    r.get(
      url,
      { preHandler: viewer, config: download, schema: { tags, querystring: TokenQuery } },
      async (request, reply) => {
        const pdf = await certificatePreview(ctx, tenantOf(request));
        return sendAttachment(reply, 'application/pdf', 'certificate-preview.pdf', pdf);
      },
    );
  }
}
