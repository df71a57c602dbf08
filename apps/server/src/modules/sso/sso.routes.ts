import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AzureSsoSave,
  ROLES,
  SamlSsoSave,
  SSO_MESSAGES,
  SSO_ROUTES,
  SsoSettings,
  SsoStart,
  SsoStartResponse,
} from '@vigil/shared';
import { AppError } from '../../http/errors.ts';
import { requireCompany, signedIn, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { completeSso, metadataOf, saveAzureSso, saveSamlSso, ssoSettings, startSso } from './sso.service.ts';
import { sendAttachment } from '../../http/download.ts';

const SamlParams = z.object({ companyId: z.uuid() });
const AcsBody = z.object({
  SAMLResponse: z.string().min(1).max(1_000_000),
  RelayState: z.string().max(2000).optional(),
});

/** A form POST from the identity provider is at most this large (a response with its certificate is ~10 KB). */
const ACS_BODY_LIMIT = 1_000_000;

const failurePage = (message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(SSO_MESSAGES.failed)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<main><h1>${escapeHtml(SSO_MESSAGES.failed)}</h1><p>${escapeHtml(message)}</p>
<p><a href="/auth/signin">Sign in</a></p></main></body></html>`;

/**
 * Single sign-on (SAML 2.0): the settings of the company's identity provider (company admins, a plan
 * with single sign-on; every change in the audit log with the settings before and after), where a
 * sign-in starts, our metadata, and the ACS the provider POSTs its answer to.
 */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const admin = requireCompany(ROLES.admin);
  const tags = ['sso'];
  const limited = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };
  const config = {
    auditBefore: async (request: Parameters<typeof tenantOf>[0]) => ssoSettings(ctx, tenantOf(request)),
  };

  // The identity provider's answer is an HTML form POST (HTTP-POST binding).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  for (const product of ['azuresso', 'saml'] as const) {
    r.get(
      SSO_ROUTES[product],
      { preHandler: admin, schema: { tags, params: CompanyParams, response: { 200: SsoSettings } } },
      async (request) => ssoSettings(ctx, tenantOf(request)),
    );
  }

  r.put(
    SSO_ROUTES.azuresso,
    {
      preHandler: admin,
      config,
      schema: { tags, params: CompanyParams, body: AzureSsoSave, response: { 200: SsoSettings } },
    },
    async (request) => saveAzureSso(ctx, tenantOf(request), request.body, signedIn(request).user.email),
  );

  r.put(
    SSO_ROUTES.saml,
    {
      preHandler: admin,
      config,
      schema: { tags, params: CompanyParams, body: SamlSsoSave, response: { 200: SsoSettings } },
    },
    async (request) => saveSamlSso(ctx, tenantOf(request), request.body, signedIn(request).user.email),
  );

  r.post(
    SSO_ROUTES.start,
    { config: limited, schema: { tags, body: SsoStart, response: { 200: SsoStartResponse } } },
    async (request) => startSso(ctx, request.body),
  );

  r.get(SSO_ROUTES.metadata, { schema: { tags, params: SamlParams } }, async (request, reply) =>
    sendAttachment(
      reply,
      'application/samlmetadata+xml',
      'vigil-saml-metadata.xml',
      await metadataOf(ctx, request.params.companyId),
    ),
  );

  r.post(
    SSO_ROUTES.acs,
    { config: limited, schema: { tags, params: SamlParams, body: AcsBody } },
    async (request, reply) => {
      try {
        const next = await completeSso(ctx, request.params.companyId, request.body, request.ip);
        return await reply.redirect(next, 303);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.status(err.status).type('text/html').send(failurePage(err.message));
      }
    },
  );
}
