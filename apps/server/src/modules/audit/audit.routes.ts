import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPage, AuditQuery, ROLES } from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { auditCsv, auditPage } from './audit.service.ts';
import { CSV_TYPE, sendAttachment } from '../../http/download.ts';

/** The company's audit log under settings: admins read it, filter it and export it as CSV. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['audit log'];
  const admin = requireCompany(ROLES.admin);

  r.get(
    '/companies/:id/audit',
    {
      preHandler: admin,
      schema: { tags, params: CompanyParams, querystring: AuditQuery, response: { 200: AuditPage } },
    },
    async (request) => auditPage(db, tenantOf(request), request.query),
  );

  r.get(
    '/companies/:id/audit/csv',
    {
      preHandler: admin,
      // A direct download: the session token may come in the query (see session-hook).
      config: { queryToken: true },
      schema: { tags, params: CompanyParams, querystring: AuditQuery },
    },
    async (request, reply) =>
      sendAttachment(reply, CSV_TYPE, 'audit-log.csv', auditCsv(db, tenantOf(request), request.query)),
  );
}
