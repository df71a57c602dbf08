import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmailPreview, EmailPreviewRequest, EmailSettings, EmailSettingsUpdate, ROLES } from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { emailPreview, emailSettings, saveEmailSettings } from './email-settings.service.ts';

/** Settings → Email settings: admins only (spec 3 §2.5). */
export async function emailSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['email settings'];
  const admin = requireCompany(ROLES.admin);

  r.get(
    '/companies/:id/email_settings',
    { preHandler: admin, schema: { tags, params: CompanyParams, response: { 200: EmailSettings } } },
    async (request) => emailSettings(ctx, tenantOf(request)),
  );

  r.put(
    '/companies/:id/email_settings',
    {
      preHandler: admin,
      // The audit log keeps the texts before and after (http/audit.ts).
      config: { auditBefore: (request) => emailSettings(ctx, tenantOf(request)) },
      schema: { tags, params: CompanyParams, body: EmailSettingsUpdate, response: { 200: EmailSettings } },
    },
    async (request) => saveEmailSettings(ctx, tenantOf(request), request.body),
  );

  r.post(
    '/companies/:id/email_settings/preview',
    {
      preHandler: admin,
      schema: { tags, params: CompanyParams, body: EmailPreviewRequest, response: { 200: EmailPreview } },
    },
    async (request) => emailPreview(ctx, tenantOf(request), request.body),
  );
}
