import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AzureConnect,
  AzureGroupsQuery,
  AzureSettings,
  ConnectionTest,
  DIRECTORY_PRODUCTS,
  DIRECTORY_ROUTES,
  DirectoryGroupsPage,
  GoogleConnect,
  GoogleLogsQuery,
  GoogleSettings,
  GoogleSettingsSave,
  IntegrationsOverview,
  ROLES,
  RulesSave,
  SyncAnswer,
  SyncHistory,
  SyncLog,
  SyncRequest,
  SyncRun,
} from '@vigil/shared';
import { Invalid } from '../../http/errors.ts';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  azureSettings,
  connectDirectory,
  directoryGroups,
  googleLog,
  googleSettings,
  integrationsOverview,
  saveGoogleSettings,
  saveRules,
  startSync,
  syncHistory,
  syncRun,
  testDirectory,
  unlinkDirectory,
} from './directory.service.ts';

const ProductParams = CompanyParams.extend({ product: z.enum(DIRECTORY_PRODUCTS) });
const SyncParams = ProductParams.extend({ syncId: z.uuid() });
const GoogleParams = CompanyParams;

/** Fastify's path syntax is the constants' own (`:id`, `:product`). */
const path = (route: keyof typeof DIRECTORY_ROUTES) => DIRECTORY_ROUTES[route];

/**
 * Directory sync: Azure AD and Google Workspace (spec 3 §7 Integrations). Company admins only; the
 * credentials go in and never come out (the settings say only that they are set). Every change is in
 * the audit log: the settings routes with the connection before and after (without secrets), the
 * sync's own changes by the engine.
 */
export async function directoryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['integrations'];
  const admin = requireCompany(ROLES.admin);
  const settingsOf = (request: FastifyRequest) => {
    const { product } = request.params as { product?: string };
    const tenant = tenantOf(request);
    return product === 'google' ? googleSettings(ctx.db, tenant) : azureSettings(ctx.db, tenant);
  };
  // The audit log keeps the settings (never the secrets) before and after each change.
  const config = {
    auditBefore: async (request: FastifyRequest) => {
      const { syncStatuses: _runs, ...rest } = await settingsOf(request);
      return rest;
    },
  };

  r.get(
    path('overview'),
    { preHandler: admin, schema: { tags, params: CompanyParams, response: { 200: IntegrationsOverview } } },
    async (request) => integrationsOverview(ctx.db, tenantOf(request)),
  );

  r.get(
    path('data'),
    {
      preHandler: admin,
      schema: { tags, params: ProductParams, response: { 200: z.union([AzureSettings, GoogleSettings]) } },
    },
    async (request) => settingsOf(request),
  );

  // Google's toggles (test mode, enabled); Azure's settings are its connect form.
  r.put(
    path('data'),
    {
      preHandler: admin,
      config,
      schema: { tags, params: ProductParams, body: GoogleSettingsSave, response: { 200: GoogleSettings } },
    },
    async (request) => {
      if (request.params.product !== 'google') throw Invalid(['Only Google Workspace has these settings.']);
      return saveGoogleSettings(ctx.db, tenantOf(request), request.body);
    },
  );

  r.post(
    path('connect'),
    {
      preHandler: admin,
      config,
      schema: {
        tags,
        params: ProductParams,
        body: z.union([AzureConnect, GoogleConnect]),
        response: { 200: ConnectionTest },
      },
    },
    async (request) => {
      const { product } = request.params;
      // Parsed again by the product's own form, so a field of the other one cannot pass.
      const parsed = (product === 'azure' ? AzureConnect : GoogleConnect).safeParse(request.body);
      if (!parsed.success) throw Invalid(parsed.error.issues.map((i) => i.message));
      return connectDirectory(
        ctx,
        tenantOf(request),
        product,
        parsed.data as Parameters<typeof connectDirectory>[3],
      );
    },
  );

  r.post(
    path('test'),
    { preHandler: admin, schema: { tags, params: ProductParams, response: { 200: ConnectionTest } } },
    async (request) => testDirectory(ctx, tenantOf(request), request.params.product),
  );

  r.post(
    path('unlink'),
    { preHandler: admin, config, schema: { tags, params: ProductParams } },
    async (request, reply) => {
      await unlinkDirectory(ctx.db, tenantOf(request), request.params.product);
      return reply.status(204).send();
    },
  );

  r.get(
    path('groups'),
    {
      preHandler: admin,
      schema: {
        tags,
        params: ProductParams,
        querystring: AzureGroupsQuery,
        response: { 200: DirectoryGroupsPage },
      },
    },
    async (request) => directoryGroups(ctx, tenantOf(request), request.params.product, request.query),
  );

  r.put(
    path('rules'),
    {
      preHandler: admin,
      config,
      schema: { tags, params: ProductParams, body: RulesSave, response: { 200: RulesSave } },
    },
    async (request) => saveRules(ctx.db, tenantOf(request), request.params.product, request.body),
  );

  r.post(
    path('sync'),
    {
      preHandler: admin,
      schema: { tags, params: ProductParams, body: SyncRequest.optional(), response: { 200: SyncAnswer } },
    },
    async (request) => {
      const tenant = tenantOf(request);
      return startSync(ctx, tenant, request.params.product, {
        preview: request.body?.preview ?? false,
        userId: tenant.userId,
      });
    },
  );

  r.get(
    path('syncs'),
    { preHandler: admin, schema: { tags, params: ProductParams, response: { 200: SyncHistory } } },
    async (request) => syncHistory(ctx.db, tenantOf(request), request.params.product),
  );

  r.get(
    path('syncRun'),
    { preHandler: admin, schema: { tags, params: SyncParams, response: { 200: SyncRun } } },
    async (request) => syncRun(ctx.db, tenantOf(request), request.params.product, request.params.syncId),
  );

  r.get(
    path('googleLogs'),
    {
      preHandler: admin,
      schema: { tags, params: GoogleParams, querystring: GoogleLogsQuery, response: { 200: SyncLog } },
    },
    async (request) => googleLog(ctx.db, tenantOf(request), request.query),
  );
}
