import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHAT_ROUTES,
  ChatChannels,
  ROLES,
  SlackCallback,
  SlackSettings,
  SlackSettingsSave,
  TeamsSettings,
  TeamsSettingsSave,
} from '@vigil/shared';
import { requireCompany, signedIn, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import {
  chatChannels,
  connectSlack,
  saveSlackSettings,
  saveTeamsSettings,
  slackSettings,
  teamsSettings,
  unlinkChat,
} from './chat.service.ts';

/**
 * Slack and Teams settings (spec 3 §3, §4, §5, §7 Integrations). Company admins change them; every
 * change is in the audit log with the settings before and after (never the token, nor the one-time
 * 'Add to Slack' link). Any member may ask which chat channels the wizards can offer.
 */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['integrations'];
  const admin = requireCompany(ROLES.admin);
  const slackAudit = {
    auditBefore: async (request: FastifyRequest) => {
      const { connectUrl: _link, ...rest } = await slackSettings(ctx, tenantOf(request), null);
      return rest;
    },
  };
  const teamsAudit = { auditBefore: (request: FastifyRequest) => teamsSettings(ctx, tenantOf(request)) };
  const session = (request: FastifyRequest) => signedIn(request).sessionId;

  r.get(
    CHAT_ROUTES.channels,
    {
      preHandler: requireCompany(ROLES.viewer),
      schema: { tags, params: CompanyParams, response: { 200: ChatChannels } },
    },
    async (request) => chatChannels(ctx.db, tenantOf(request)),
  );

  r.get(
    CHAT_ROUTES.slack,
    { preHandler: admin, schema: { tags, params: CompanyParams, response: { 200: SlackSettings } } },
    async (request) => slackSettings(ctx, tenantOf(request), session(request)),
  );

  r.put(
    CHAT_ROUTES.slack,
    {
      preHandler: admin,
      config: slackAudit,
      schema: { tags, params: CompanyParams, body: SlackSettingsSave, response: { 200: SlackSettings } },
    },
    async (request) => saveSlackSettings(ctx, tenantOf(request), session(request), request.body),
  );

  // The manager app's Slack page hands over what Slack's redirect brought (code and state).
  r.post(
    CHAT_ROUTES.slackCallback,
    {
      preHandler: admin,
      config: slackAudit,
      schema: { tags, params: CompanyParams, body: SlackCallback, response: { 200: SlackSettings } },
    },
    async (request) => connectSlack(ctx, tenantOf(request), session(request), request.body),
  );

  r.post(
    CHAT_ROUTES.slackUnlink,
    { preHandler: admin, config: slackAudit, schema: { tags, params: CompanyParams } },
    async (request, reply) => {
      await unlinkChat(ctx.db, tenantOf(request), 'slack');
      return reply.status(204).send();
    },
  );

  r.get(
    CHAT_ROUTES.teams,
    { preHandler: admin, schema: { tags, params: CompanyParams, response: { 200: TeamsSettings } } },
    async (request) => teamsSettings(ctx, tenantOf(request)),
  );

  r.put(
    CHAT_ROUTES.teams,
    {
      preHandler: admin,
      config: teamsAudit,
      schema: { tags, params: CompanyParams, body: TeamsSettingsSave, response: { 200: TeamsSettings } },
    },
    async (request) => saveTeamsSettings(ctx, tenantOf(request), request.body),
  );

  r.post(
    CHAT_ROUTES.teamsUnlink,
    { preHandler: admin, config: teamsAudit, schema: { tags, params: CompanyParams } },
    async (request, reply) => {
      await unlinkChat(ctx.db, tenantOf(request), 'teams');
      return reply.status(204).send();
    },
  );
}
