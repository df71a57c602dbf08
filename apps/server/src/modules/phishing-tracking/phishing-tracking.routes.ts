import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHISHING_TRACKING_MESSAGES,
  PhishingButtonReport,
  PhishingButtonResult,
  PhishingDeliverability,
  PhishingInboundResult,
  PhishingReportSettings,
  PhishingReportSettingsSave,
  ReportedMailDetail,
  ReportedMailsPage,
  ROLES,
} from '@vigil/shared';
import { useCsp } from '../../http/csp.ts';
import { Unauthorized } from '../../http/errors.ts';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { productBrand } from '../companies/companies.service.ts';
import {
  gmailAddon,
  ICON_SIZES,
  outlookManifest,
  outlookTaskpane,
  reportIcon,
  taskpaneCsp,
} from './phishing-tracking.addin.ts';
import {
  buttonReport,
  companyOfAddinKey,
  deliverability,
  inboundMail,
  reportedMail,
  reportedMailRaw,
  reportedMails,
  reportSettings,
  rotateReportSettings,
  saveReportSettings,
  verifyInbound,
} from './phishing-tracking.reporting.ts';
import { startInboundSmtp, type InboundSmtp } from './phishing-tracking.smtp.ts';

const KeyParams = z.object({ key: z.string().min(1).max(100) });
const CompanyParams = z.object({ id: z.string() });
const MailParams = CompanyParams.extend({ mailId: z.string() });
const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().max(200).optional(),
});

/** Reporting a phish: the inbound mail webhook, the report button's files and API (no session). */
export async function phishingReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['phishing reporting'];
  const productName = productBrand(ctx.config).accountName;

  // The raw message is signed as it arrived, so it is read as a string whatever its type says.
  app.addContentTypeParser(
    ['message/rfc822', 'text/plain'],
    { parseAs: 'string', bodyLimit: 12_000_000 },
    (_req, body, done) => done(null, body),
  );
  r.post(
    '/inbound/mail',
    { bodyLimit: 12_000_000, schema: { tags, response: { 202: PhishingInboundResult } } },
    async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['x-vigil-signature'];
      if (
        !verifyInbound(ctx.config.inbound.secret, typeof signature === 'string' ? signature : undefined, body)
      ) {
        throw Unauthorized(PHISHING_TRACKING_MESSAGES.invalidSignature);
      }
      return reply.status(202).send(await inboundMail(ctx, body));
    },
  );

  r.post(
    '/phishing/report',
    {
      bodyLimit: 12_000_000,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, body: PhishingButtonReport, response: { 200: PhishingButtonResult } },
    },
    async (request) => {
      const auth = request.headers.authorization ?? '';
      const key = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? '';
      return buttonReport(ctx, key, request.body);
    },
  );

  r.get(
    '/phishing/addin/:key/manifest.xml',
    { schema: { tags, params: KeyParams } },
    async (request, reply) => {
      await companyOfAddinKey(ctx, request.params.key);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="report-phishing-outlook.xml"')
        .send(outlookManifest({ publicUrl: ctx.config.publicUrl, key: request.params.key, productName }));
    },
  );

  r.get(
    '/phishing/addin/:key/taskpane.html',
    { schema: { tags, params: KeyParams } },
    async (request, reply) => {
      await companyOfAddinKey(ctx, request.params.key);
      const nonce = randomBytes(16).toString('base64');
      return useCsp(reply, taskpaneCsp(nonce))
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(outlookTaskpane({ key: request.params.key, nonce }));
    },
  );

  r.get(
    '/phishing/addin/:key/gmail-addon.zip',
    { schema: { tags, params: KeyParams } },
    async (request, reply) => {
      await companyOfAddinKey(ctx, request.params.key);
      const zip = await gmailAddon({ publicUrl: ctx.config.publicUrl, key: request.params.key, productName });
      return reply
        .type('application/zip')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="report-phishing-gmail-addon.zip"')
        .send(zip);
    },
  );

  r.get(
    '/phishing/addin/:key/icon-:size.png',
    { schema: { tags, params: KeyParams.extend({ size: z.coerce.number().int() }) } },
    async (request, reply) => {
      const size = ICON_SIZES.find((s) => s === request.params.size);
      if (!size) return reply.status(404).send();
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(reportIcon(size));
    },
  );

  let smtp: InboundSmtp | undefined;
  const port = ctx.config.inbound.smtpPort;
  if (port !== undefined) {
    app.addHook('onReady', async () => {
      smtp = await startInboundSmtp(ctx, port);
      ctx.log.info(`Report address SMTP listener on 127.0.0.1:${smtp.port}`);
    });
    app.addHook('onClose', async () => smtp?.close());
  }
}

/** The manager's side: the report address and button, the reported real mails, deliverability help. */
export async function phishingTrackingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['phishing reporting'];
  const viewer = { preHandler: requireCompany(ROLES.viewer) };
  const admin = { preHandler: requireCompany(ROLES.admin) };
  const base = '/companies/:id/phishing';

  r.get(
    `${base}/reporting`,
    { ...viewer, schema: { tags, params: CompanyParams, response: { 200: PhishingReportSettings } } },
    async (request) => reportSettings(ctx, tenantOf(request)),
  );
  r.put(
    `${base}/reporting`,
    {
      ...admin,
      config: { auditBefore: (request) => reportSettings(ctx, tenantOf(request)) },
      schema: {
        tags,
        params: CompanyParams,
        body: PhishingReportSettingsSave,
        response: { 200: PhishingReportSettings },
      },
    },
    async (request) => saveReportSettings(ctx, tenantOf(request), request.body.securityEmail),
  );
  r.post(
    `${base}/reporting/rotate`,
    {
      ...admin,
      config: { auditBefore: (request) => reportSettings(ctx, tenantOf(request)) },
      schema: { tags, params: CompanyParams, response: { 200: PhishingReportSettings } },
    },
    async (request) => rotateReportSettings(ctx, tenantOf(request)),
  );
  r.get(
    `${base}/reported-mails`,
    {
      ...viewer,
      schema: { tags, params: CompanyParams, querystring: PageQuery, response: { 200: ReportedMailsPage } },
    },
    async (request) => reportedMails(ctx, tenantOf(request), request.query),
  );
  r.get(
    `${base}/reported-mails/:mailId`,
    { ...viewer, schema: { tags, params: MailParams, response: { 200: ReportedMailDetail } } },
    async (request) => reportedMail(ctx, tenantOf(request), request.params.mailId),
  );
  r.get(
    `${base}/reported-mails/:mailId/raw`,
    { ...viewer, schema: { tags, params: MailParams } },
    async (request, reply) =>
      reply
        .type('message/rfc822')
        .header('content-disposition', 'attachment; filename="reported-mail.eml"')
        .send(await reportedMailRaw(ctx, tenantOf(request), request.params.mailId)),
  );
  r.get(
    `${base}/deliverability`,
    { ...viewer, schema: { tags, params: CompanyParams, response: { 200: PhishingDeliverability } } },
    async () => deliverability(ctx),
  );
}
