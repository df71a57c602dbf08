import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CHAT_CHANNEL_BITS,
  CHAT_MESSAGES,
  type ChatChannels,
  type ChatProduct,
  type SlackCallback,
  type SlackSettings,
  type SlackSettingsSave,
  type TeamsSettings,
  type TeamsSettingsSave,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { chatChannelStates, isChatConnected } from '../../lib/chat-channels.ts';
import { loadEntitlementInput } from '../../lib/entitlements.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { seal, unseal } from '../../lib/secret-box.ts';
import { companyById } from '../companies/companies.service.ts';
import { failPendingDeliveriesOn } from '../campaigns/campaigns.deliveries.ts';
import { registerChannelSender } from '../delivery/delivery.channels.ts';
import {
  connectionOf,
  connectionsAcrossCompanies,
  deleteConnection,
  saveConnection,
  type ChatConnectionRow,
} from './chat.queries.ts';
import {
  exchangeSlackCode,
  slackAuthorizeUrl,
  slackFailure,
  slackSender,
  type SlackWorkspace,
} from './chat.slack.ts';
import { teamsSender, type TeamsWorkspace } from './chat.teams.ts';

/** The purpose the bot tokens are sealed under (lib/secret-box.ts). */
const SEAL = 'chat';
/** How long an 'Add to Slack' link stays good. */
const STATE_TTL_MS = 10 * 60_000;

/** Where Slack sends the admin back: the Slack page of the manager app, which hands the code to us. */
export const slackRedirectUri = (ctx: AppContext) => `${ctx.config.publicUrl}/settings/integrations/slack`;

/**
 * The `state` of 'Add to Slack': a nonce and an expiry, signed with SECRET_KEY together with the
 * session and company that asked, so that only the same signed-in session can finish the connection
 * (a link sent to another admin, or forged by a third party, is refused).
 */
function stateMac(ctx: AppContext, sessionId: string, companyId: string, nonce: string, expires: string) {
  return createHmac('sha256', ctx.config.secretKey)
    .update(['slack-oauth-state', sessionId, companyId, nonce, expires].join('\0'))
    .digest('base64url');
}

export function slackState(ctx: AppContext, sessionId: string, companyId: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  const expires = String(now + STATE_TTL_MS);
  return `${nonce}.${expires}.${stateMac(ctx, sessionId, companyId, nonce, expires)}`;
}

export function stateValid(
  ctx: AppContext,
  sessionId: string,
  companyId: string,
  state: string,
  now = Date.now(),
) {
  const [nonce, expires, mac] = state.split('.');
  if (!nonce || !expires || !mac || !/^\d+$/.test(expires) || Number(expires) < now) return false;
  const expected = Buffer.from(stateMac(ctx, sessionId, companyId, nonce, expires));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Spec 3 §3 Slack, with a fresh 'Add to Slack' link for this session. */
export async function slackSettings(
  ctx: AppContext,
  scope: CompanyScope,
  sessionId: string | null,
): Promise<SlackSettings> {
  const row = await connectionOf(ctx.db, scope, 'slack');
  const app = ctx.config.chat.slack;
  return {
    connected: isChatConnected(row),
    connectUrl:
      app && sessionId
        ? slackAuthorizeUrl(
            ctx.config.chat,
            app.clientId,
            slackRedirectUri(ctx),
            slackState(ctx, sessionId, scope.companyId),
          )
        : null,
    welcomeMessage: row?.fields.welcomeMessage === '1' ? '1' : '0',
    team: row?.credentials ? row.fields.teamName || null : null,
  };
}

/** Finishes 'Add to Slack': checks the state, trades the code for the bot token and keeps it sealed. */
export async function connectSlack(
  ctx: AppContext,
  scope: CompanyScope,
  sessionId: string,
  input: SlackCallback,
): Promise<SlackSettings> {
  const app = ctx.config.chat.slack;
  if (!app) throw Conflict(CHAT_MESSAGES.slackNotConfigured);
  if (!stateValid(ctx, sessionId, scope.companyId, input.state)) throw Invalid([CHAT_MESSAGES.stateInvalid]);
  let workspace: Awaited<ReturnType<typeof exchangeSlackCode>>;
  try {
    workspace = await exchangeSlackCode(ctx.config.chat, app, input.code, slackRedirectUri(ctx));
  } catch (err) {
    const e = err as { data?: { error?: string } };
    throw Conflict(CHAT_MESSAGES.slackRefused(e.data?.error ?? slackFailure(err).message));
  }
  const before = await connectionOf(ctx.db, scope, 'slack');
  await saveConnection(ctx.db, scope, 'slack', {
    fields: {
      welcomeMessage: before?.fields.welcomeMessage ?? '1',
      teamId: workspace.teamId,
      teamName: workspace.teamName,
      botUserId: workspace.botUserId,
      appId: workspace.appId,
    },
    credentials: seal(ctx.config.secretKey, SEAL, workspace.token),
    enabled: true,
  });
  forget(scope.companyId);
  return slackSettings(ctx, scope, sessionId);
}

/** Spec 3 §4: the welcome message toggle. */
export async function saveSlackSettings(
  ctx: AppContext,
  scope: CompanyScope,
  sessionId: string | null,
  input: SlackSettingsSave,
): Promise<SlackSettings> {
  const row = await connectionOf(ctx.db, scope, 'slack');
  await saveConnection(ctx.db, scope, 'slack', {
    fields: { ...row?.fields, welcomeMessage: input.welcomeMessage },
  });
  forget(scope.companyId);
  return slackSettings(ctx, scope, sessionId);
}

/** Unlinks Slack or Teams: the token is deleted; deliveries on the channel fail as not connected. */
export async function unlinkChat(db: Db, scope: CompanyScope, product: ChatProduct): Promise<void> {
  if (!(await deleteConnection(db, scope, product))) throw NotFound(CHAT_MESSAGES.notLinked);
  forget(scope.companyId);
  await disconnected(db, scope, product);
}

/** A channel no longer connected: its waiting deliveries fail now, saying so; mail goes on. */
const disconnected = (db: Db, scope: CompanyScope, product: ChatProduct) =>
  failPendingDeliveriesOn(
    db,
    scope,
    CHAT_CHANNEL_BITS[product],
    CHAT_MESSAGES.disconnected(product === 'slack' ? 'Slack' : 'Teams'),
  );

/** Spec 3 §3 Teams: tenant and enabled, and the server's bot the admin installs. */
export async function teamsSettings(ctx: AppContext, scope: CompanyScope): Promise<TeamsSettings> {
  const row = await connectionOf(ctx.db, scope, 'teams');
  return presentTeams(ctx, row);
}

const presentTeams = (ctx: AppContext, row: ChatConnectionRow | undefined): TeamsSettings => ({
  tenant: row?.fields.tenant ?? '',
  enabled: row?.enabled ? '1' : '0',
  welcomeMessage: row?.fields.welcomeMessage === '0' ? '0' : '1',
  connected: isChatConnected(row),
  botConfigured: ctx.config.chat.teams !== null,
  botAppId: ctx.config.chat.teams?.appId ?? null,
});

/** Spec 3 §4, §5: the tenant (required) and the toggle. */
export async function saveTeamsSettings(
  ctx: AppContext,
  scope: CompanyScope,
  input: TeamsSettingsSave,
): Promise<TeamsSettings> {
  const before = await connectionOf(ctx.db, scope, 'teams');
  const row = await saveConnection(ctx.db, scope, 'teams', {
    fields: {
      tenant: input.tenant.trim(),
      welcomeMessage: input.welcomeMessage ?? before?.fields.welcomeMessage ?? '1',
    },
    enabled: input.enabled === '1',
  });
  if (isChatConnected(before) && !isChatConnected(row)) await disconnected(ctx.db, scope, 'teams');
  forget(scope.companyId);
  return presentTeams(ctx, row);
}

/** Which chat channels the company's wizards may offer. */
export async function chatChannels(db: Db, scope: CompanyScope): Promise<ChatChannels> {
  return chatChannelStates(db, scope, await loadEntitlementInput(db, scope));
}

/**
 * The senders' view of the companies' connections, cached for a short while per process (a change
 * made here is seen at once; one made by another process within CACHE_MS).
 */
const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; slack: SlackWorkspace | null; teams: TeamsWorkspace | null }>();
const forget = (companyId: string) => cache.delete(companyId);

async function workspacesOf(ctx: AppContext, companyId: string) {
  const hit = cache.get(companyId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit;
  const [slack] = await connectionsAcrossCompanies(ctx.db, [companyId], 'slack');
  const [teams] = await connectionsAcrossCompanies(ctx.db, [companyId], 'teams');
  const record = await companyById(ctx.db, companyId);
  const companyName = record?.company.name ?? '';
  const entry = {
    at: Date.now(),
    slack:
      isChatConnected(slack) && slack?.credentials
        ? {
            token: unseal(ctx.config.secretKey, SEAL, slack.credentials),
            welcome: slack.fields.welcomeMessage === '1',
            companyName,
          }
        : null,
    teams: isChatConnected(teams)
      ? { tenant: teams!.fields.tenant!, welcome: teams!.fields.welcomeMessage !== '0', companyName }
      : null,
  };
  if (cache.size > 10_000) cache.clear();
  cache.set(companyId, entry);
  return entry;
}

/**
 * Plugs Slack and Teams into the send loop (composition calls it once): each delivery goes through its
 * own company's workspace; a company without one fails it as not connected.
 */
export function registerChatChannels(): () => void {
  const undo = [
    registerChannelSender(slackSender(async (ctx, companyId) => (await workspacesOf(ctx, companyId)).slack)),
    registerChannelSender(teamsSender(async (ctx, companyId) => (await workspacesOf(ctx, companyId)).teams)),
  ];
  return () => undo.reverse().forEach((u) => u());
}
