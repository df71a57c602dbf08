import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PpvGrant,
  PpvGrantRequest,
  PpvViewReport,
  PpvViewResult,
  EmbedCategoriesResponse,
} from '@vigil/shared';
import { LangQuery } from '../../http/route-params.ts';
import { embedCategories, grant, hostOf, reportView } from './ppv.service.ts';

/** The public calls of the /embed player (no session; the key, the ticket and the grant decide). */
export async function ppvEmbedRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['embed'];
  // Per client address and key: one page with many players stays far below it, a scraper does not.
  const grantLimit = {
    rateLimit: {
      max: ctx.config.embedGrantRateLimit,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) =>
        `${request.ip}|${String((request.body as { key?: unknown } | undefined)?.key ?? '')}`,
    },
  };

  r.post(
    '/embed/grant',
    { config: grantLimit, schema: { tags, body: PpvGrantRequest, response: { 200: PpvGrant } } },
    async (request) =>
      grant(ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        originHost: hostOf(request.headers.origin) ?? hostOf(request.headers.referer),
        ownHost: request.host.toLowerCase(),
      }),
  );

  r.post(
    '/embed/views',
    {
      config: { rateLimit: { max: ctx.config.embedGrantRateLimit * 2, timeWindow: '1 minute' } },
      schema: { tags, body: PpvViewReport, response: { 200: PpvViewResult } },
    },
    async (request) => reportView(ctx, request.body),
  );

  r.get(
    '/embed/categories',
    { schema: { tags, querystring: LangQuery, response: { 200: EmbedCategoriesResponse } } },
    async (request) => embedCategories(ctx.db, request.query.lang),
  );
}
