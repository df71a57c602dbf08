import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmbedVideo,
  EmbedVideosPage,
  EmbedVideosQuery,
  PpvExportQuery,
  PpvLogPage,
  PpvLogQuery,
  PpvPreviewRequest,
  PpvPreviewToken,
  PpvPurchaseRequest,
  PpvPurchaseResult,
  PpvSettingsUpdate,
  PpvSnippetToggle,
  PpvStatus,
  PpvTransactionsResponse,
  ROLES,
  VideoPlayerUrl,
  VideoTokenRequest,
} from '@vigil/shared';
import { NotFound } from '../../http/errors.ts';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams, LangQuery } from '../../http/route-params.ts';
import { mediaSigner } from '../../lib/signed-media.ts';
import { subjectById } from '../content/content.service.ts';
import {
  buyViews,
  embedVideo,
  embedVideos,
  ppvStatus,
  previewToken,
  regenerateKey,
  saveSettings,
  startTrial,
  toggleSnippet,
  transactions,
  viewsLog,
  viewsLogCsv,
} from './ppv.service.ts';
import { CSV_TYPE, sendAttachment } from '../../http/download.ts';

const SubjectParams = CompanyParams.extend({ subjectId: z.string().min(1).max(100) });
const lang = LangQuery.shape.lang;

/** Spec 1 §7 PPV calls, the manager side (paths in packages/shared/src/ppv.ts). */
export async function ppvRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['ppv'];
  const viewer = requireCompany(ROLES.viewer);
  const admin = requireCompany(ROLES.admin);
  const config = {
    auditBefore: (request: Parameters<typeof tenantOf>[0]) => ppvStatus(ctx, tenantOf(request)),
  };
  const signer = mediaSigner(ctx.config.secretKey);

  r.get(
    '/companies/:id/ppv',
    { preHandler: viewer, schema: { tags, params: CompanyParams, response: { 200: PpvStatus } } },
    async (request) => ppvStatus(ctx, tenantOf(request)),
  );

  r.post(
    '/companies/:id/ppv/trial',
    { preHandler: admin, config, schema: { tags, params: CompanyParams, response: { 200: PpvStatus } } },
    async (request) => startTrial(ctx, tenantOf(request)),
  );

  r.put(
    '/companies/:id/ppvkey',
    { preHandler: admin, config, schema: { tags, params: CompanyParams, response: { 200: PpvStatus } } },
    async (request) => regenerateKey(ctx, tenantOf(request)),
  );

  r.put(
    '/companies/:id/ppv/settings',
    {
      preHandler: admin,
      config,
      schema: { tags, params: CompanyParams, body: PpvSettingsUpdate, response: { 200: PpvStatus } },
    },
    async (request) => saveSettings(ctx, tenantOf(request), request.body.allowedDomains),
  );

  r.get(
    '/companies/:id/ppv/videos',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: EmbedVideosQuery.extend({ lang }),
        response: { 200: EmbedVideosPage },
      },
    },
    async (request) => embedVideos(ctx, tenantOf(request), request.query, request.query.lang),
  );

  r.get(
    '/companies/:id/ppv/videos/:subjectId',
    {
      preHandler: viewer,
      schema: { tags, params: SubjectParams, querystring: LangQuery, response: { 200: EmbedVideo } },
    },
    async (request) => embedVideo(ctx, tenantOf(request), request.params.subjectId, request.query.lang),
  );

  r.put(
    '/companies/:id/ppv/videos/:subjectId/status',
    {
      preHandler: admin,
      schema: {
        tags,
        params: SubjectParams,
        querystring: LangQuery,
        body: PpvSnippetToggle,
        response: { 200: EmbedVideo },
      },
    },
    async (request) =>
      toggleSnippet(
        ctx,
        tenantOf(request),
        request.params.subjectId,
        request.body.enabled,
        request.query.lang,
      ),
  );

  r.post(
    '/companies/:id/ppv/preview',
    {
      preHandler: viewer,
      schema: { tags, params: CompanyParams, body: PpvPreviewRequest, response: { 200: PpvPreviewToken } },
    },
    async (request) => previewToken(ctx, tenantOf(request), request.body.subjectId),
  );

  r.get(
    '/companies/:id/ppv_log',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: PpvLogQuery.extend({ lang }),
        response: { 200: PpvLogPage },
      },
    },
    async (request) => viewsLog(ctx, tenantOf(request), request.query, request.query.lang),
  );

  // A direct download: the session token may come in the query (see session-hook).
  r.get(
    '/companies/:id/ppv/export/',
    {
      preHandler: viewer,
      config: { queryToken: true },
      schema: { tags, params: CompanyParams, querystring: PpvExportQuery.extend({ lang }) },
    },
    async (request, reply) => {
      const csv = await viewsLogCsv(ctx, tenantOf(request), request.query, request.query.lang);
      return sendAttachment(reply, CSV_TYPE, 'views-log.csv', csv);
    },
  );

  r.get(
    '/companies/:id/ppv_transactions',
    {
      preHandler: viewer,
      schema: { tags, params: CompanyParams, response: { 200: PpvTransactionsResponse } },
    },
    async (request) => transactions(ctx, tenantOf(request)),
  );

  r.post(
    '/companies/:id/ppv_transactions',
    {
      preHandler: viewer,
      config,
      schema: { tags, params: CompanyParams, body: PpvPurchaseRequest, response: { 200: PpvPurchaseResult } },
    },
    // Who may pay is billing's rule (admins and the billing manager), checked by the charge.
    async (request) => buyViews(ctx, tenantOf(request), request.body),
  );

  // Spec 3 §7 video token: a subject's media in one language as signed URLs, for the manager's preview.
  r.post(
    '/companies/:id/video/token',
    {
      preHandler: viewer,
      schema: {
        tags: ['content'],
        params: CompanyParams,
        body: VideoTokenRequest,
        response: { 200: VideoPlayerUrl },
      },
    },
    async (request) => {
      const row = await subjectById(ctx.db, request.body.videoId);
      const media = row?.subject.media[request.body.lang];
      if (!media) throw NotFound('Video not found.');
      return {
        url: signer.sign(media.video),
        captions: media.captions ? signer.sign(media.captions) : null,
        exp: signer.expiry(),
      };
    },
  );
}
