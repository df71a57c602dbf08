import { packageRuntimeRoutes, packagesRoutes } from '../modules/packages/packages.routes.ts';
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { outboxRoutes } from '../mail/outbox.routes.ts';
import { apiKeysRoutes } from '../modules/api-keys/api-keys.routes.ts';
import { auditRoutes } from '../modules/audit/audit.routes.ts';
import { billingRoutes } from '../modules/billing/billing.routes.ts';
import { publicApiRoutes } from '../modules/public-api/public-api.routes.ts';
import { scimTokensRoutes } from '../modules/scim/scim-tokens.routes.ts';
import { scimRoutes } from '../modules/scim/scim.routes.ts';
import { webhooksRoutes } from '../modules/webhooks/webhooks.routes.ts';
import { directoryRoutes } from '../modules/directory/directory.routes.ts';
import { ssoRoutes } from '../modules/sso/sso.routes.ts';
import { ssoRedirectFor } from '../modules/sso/sso.service.ts';
import { chatRoutes } from '../modules/chat/chat.routes.ts';
import { assessmentReportsRoutes } from '../modules/assessment-reports/assessment-reports.routes.ts';
import { assessmentLearnerRoutes } from '../modules/assessments/assessments.learner.routes.ts';
import { assessmentLinkRoutes } from '../modules/assessments/assessments.links.routes.ts';
import { phishingPublicRoutes } from '../modules/phishing-tracking/phishing-tracking.public.routes.ts';
import {
  phishingReportRoutes,
  phishingTrackingRoutes,
} from '../modules/phishing-tracking/phishing-tracking.routes.ts';
import { assessmentsRoutes } from '../modules/assessments/assessments.routes.ts';
import { phishingRoutes } from '../modules/phishing/phishing.routes.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { blogRoutes } from '../modules/blog/blog.routes.ts';
import { companiesRoutes } from '../modules/companies/companies.routes.ts';
import { featuresRoutes } from '../modules/companies/features.routes.ts';
import { partnersRoutes } from '../modules/partners/partners.routes.ts';
import { contentRoutes } from '../modules/content/content.routes.ts';
import { ppvEmbedRoutes } from '../modules/ppv/ppv.embed.routes.ts';
import { ppvRoutes } from '../modules/ppv/ppv.routes.ts';
import { dashboardRoutes } from '../modules/dashboard/dashboard.routes.ts';
import { emailSettingsRoutes } from '../modules/email-settings/email-settings.routes.ts';
import { employeesRoutes } from '../modules/employees/employees.routes.ts';
import { deliveryRoutes } from '../modules/trainings/trainings.deliveries.routes.ts';
import { learnerRoutes } from '../modules/learner/learner.routes.ts';
import { managersRoutes } from '../modules/managers/managers.routes.ts';
import { notificationRoutes } from '../modules/notification/notification.routes.ts';
import { overviewReportRoutes } from '../modules/reports/overview-report.routes.ts';
import { trainingReportRoutes } from '../modules/reports/training-report.routes.ts';
import { trainingsRoutes } from '../modules/trainings/trainings.routes.ts';
import { trialRoutes } from '../modules/trial/trial.routes.ts';
import { registerApiKeyDecorator } from './api-key.ts';
import { registerAuditLog } from './audit.ts';
import { registerCsp } from './csp.ts';
import { registerErrorHandling } from './errors.ts';
import { registerScimTokenDecorator } from './scim-token.ts';
import { registerSessionHook } from './session-hook.ts';
import { registerPartnerScope } from './partner.ts';
import { registerStaticApps } from './static.ts';
import { systemRoutes } from './system.routes.ts';
import { registerTextGuard } from './text-guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export type ServerDeps = Omit<AppContext, 'log'>;

/** The HTTP server with every route, not yet listening. The context's logger is Fastify's. */
export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { logLevel, env } = deps.config;
  // A person at a terminal gets readable lines; machines (production, CI, pipes) get JSON.
  const pretty = process.stdout.isTTY && env !== 'production';
  const app = Fastify({
    logger:
      logLevel === 'silent'
        ? false
        : {
            level: logLevel,
            redact: ['req.headers.authorization'],
            // Download links carry a session token in the query: never write it to a log.
            serializers: {
              req: (req: { method: string; url: string }) => ({
                method: req.method,
                url: req.url.replace(/([?&]token=)[^&]*/g, '$1[removed]'),
              }),
            },
            ...(pretty
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
          },
    // Each request is logged only at debug level; errors are always logged.
    logController: new LogController({ disableRequestLogging: logLevel !== 'debug' && logLevel !== 'trace' }),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    // Impersonation links carry a JWT in the path.
    routerOptions: { maxParamLength: 2048 },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  app.decorate('ctx', { ...deps, log: app.log });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const started = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    started.set(request, performance.now());
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Time spent in the server, shown by browsers' developer tools and read by the benchmarks.
    const since = started.get(request);
    if (since !== undefined)
      reply.header('server-timing', `app;dur=${(performance.now() - since).toFixed(1)}`);
  });
  registerErrorHandling(app);

  // The security headers and the Content-Security-Policy (csp.ts; routes' rules change the policy).
  registerCsp(app, deps.config);
  await app.register(rateLimit, { global: false });
  // Brotli or gzip for every text answer above 1 kB: API JSON, locale files and the apps' scripts.
  await app.register(compress, { global: true });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vigil API',
        version: '0.1.0',
        description:
          'Security-awareness training and human-risk assessment. The public API (/api/v1) takes an API key ' +
          '(Settings › API Keys) as a bearer token and acts for its company; lists are paged with `limit` and ' +
          'the `next` cursor of the page before; each key may make API_RATE_LIMIT calls a minute (429 with ' +
          'Retry-After beyond).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerSessionHook(app);
  registerPartnerScope(app);
  registerApiKeyDecorator(app);
  registerScimTokenDecorator(app);
  registerAuditLog(app);
  registerTextGuard(app);
  await app.register(systemRoutes);
  await app.register(authRoutes, {
    prefix: '/api',
    ssoRedirect: (email: string, redirect: string | undefined) =>
      ssoRedirectFor(app.ctx, { audience: 'manager', email, redirect }),
  });
  await app.register(ssoRoutes, { prefix: '/api' });
  await app.register(trialRoutes, { prefix: '/api' });
  await app.register(companiesRoutes, { prefix: '/api' });
  await app.register(featuresRoutes, { prefix: '/api' });
  await app.register(partnersRoutes, { prefix: '/api' });
  await app.register(managersRoutes, { prefix: '/api' });
  await app.register(emailSettingsRoutes, { prefix: '/api' });
  await app.register(employeesRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(trainingsRoutes, { prefix: '/api' });
  await app.register(learnerRoutes, { prefix: '/api' });
  await app.register(deliveryRoutes, { prefix: '/api' });
  await app.register(trainingReportRoutes, { prefix: '/api' });
  await app.register(overviewReportRoutes, { prefix: '/api' });
  await app.register(blogRoutes, { prefix: '/api' });
  await app.register(assessmentsRoutes, { prefix: '/api' });
  await app.register(phishingRoutes, { prefix: '/api' });
  await app.register(packagesRoutes, { prefix: '/api' });
  await app.register(packageRuntimeRoutes, { prefix: '/api' });
  await app.register(assessmentLearnerRoutes, { prefix: '/api' });
  await app.register(assessmentReportsRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(apiKeysRoutes, { prefix: '/api' });
  await app.register(webhooksRoutes, { prefix: '/api' });
  await app.register(chatRoutes, { prefix: '/api' });
  await app.register(directoryRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(ppvRoutes, { prefix: '/api' });
  await app.register(ppvEmbedRoutes, { prefix: '/api' });
  await app.register(publicApiRoutes, { prefix: '/api/v1' });
  await app.register(scimTokensRoutes, { prefix: '/api' });
  await app.register(scimRoutes, { prefix: '/scim/v2' });
  if (deps.config.devMailbox) await app.register(outboxRoutes);
  await app.register(assessmentLinkRoutes);
  await app.register(phishingPublicRoutes);
  await app.register(phishingReportRoutes, { prefix: '/api' });
  await app.register(phishingTrackingRoutes, { prefix: '/api' });
  await app.register(notificationRoutes);
  await registerStaticApps(app);
  return app;
}
