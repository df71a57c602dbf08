import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OverviewReportQuery, ROLES } from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { overviewReportCsv, overviewReportPdf } from './overview-report.service.ts';
import { CSV_TYPE, sendAttachment } from '../../http/download.ts';

const Params = z.object({ companyId: z.uuid() });
/** A direct download: the session token may come in the query (see session-hook). */
const download = { queryToken: true };

/** GET /companies/{companyId}/overview/report?token=…[&csv=1]: the 'General overview' report. */
export async function overviewReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    '/companies/:companyId/overview/report',
    {
      preHandler: requireCompany(ROLES.viewer),
      config: download,
      schema: { tags: ['reports'], params: Params, querystring: OverviewReportQuery },
    },
    async (request, reply) => {
      const csv = request.query.csv === '1';
      const body = csv
        ? await overviewReportCsv(ctx, tenantOf(request))
        : await overviewReportPdf(ctx, tenantOf(request));
      return sendAttachment(
        reply,
        csv ? CSV_TYPE : 'application/pdf',
        `general-overview.${csv ? 'csv' : 'pdf'}`,
        body,
      );
    },
  );
}
