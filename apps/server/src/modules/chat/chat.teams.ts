/**
 * Microsoft Teams as a delivery channel, through the Bot Framework REST API (the JS botbuilder SDK is
 * archived): the server's one bot (TEAMS_APP_ID, a multi-tenant Entra app) gets a token for
 * https://api.botframework.com/.default, finds the employee's Entra object id in the company's tenant
 * through Microsoft Graph (GET /v1.0/users/{email}, with a Graph token for the same app in that
 * tenant), creates the one-to-one conversation (POST {serviceUrl}/v3/conversations with the member's
 * object id and the tenant) and posts an Adaptive Card with the lesson and a button
 * (POST /v3/conversations/{id}/activities). The app must be installed for the user (personal scope);
 * otherwise the connector refuses with 403 and the delivery is reported as not found on Teams.
 * A 429's Retry-After goes to the send loop, as for Slack, and the sender holds back that tenant's
 * calls of the same kind (Graph, new conversations, messages) in this process until it has passed.
 */
import { CHANNELS, CHAT_MESSAGES } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { ChatContent } from '../../mail/templates/chat-content.ts';
import { ChannelRefusal, RateLimited, type ChannelSender } from '../delivery/delivery.channels.ts';
import { welcomeLine } from './chat.slack.ts';

export interface TeamsWorkspace {
  tenant: string;
  /** The welcome line on a program's or assessment's first message (on by default). */
  welcome: boolean;
  companyName: string;
}

const BOT_SCOPE = 'https://api.botframework.com/.default';
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';

/** A 429 as the send loop reads it: back to the queue for Retry-After (at least a second). */
function rateLimited(res: Response): RateLimited {
  const seconds = Number(res.headers.get('retry-after'));
  return new RateLimited((Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000);
}

/** An HTTP answer as the send loop reads it: wait on 429, else an error to retry. */
async function failure(res: Response, what: string): Promise<Error> {
  if (res.status === 429) return rateLimited(res);
  const body = await res.text().catch(() => '');
  return new Error(`${what} answered ${res.status}: ${body.slice(0, 200)}`);
}

/** Client-credential tokens, kept until a minute before they expire. */
const tokens = new Map<string, { token: string; until: number }>();

async function clientToken(url: string, app: { appId: string; appPassword: string }, scope: string) {
  const key = `${url} ${scope}`;
  const hit = tokens.get(key);
  if (hit && hit.until > Date.now()) return hit.token;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: app.appId,
      client_secret: app.appPassword,
      scope,
    }),
  });
  if (!res.ok) {
    if (res.status === 400 || res.status === 401)
      throw new ChannelRefusal(`Microsoft refused the Teams bot's sign-in (${res.status})`);
    throw await failure(res, 'The Microsoft token endpoint');
  }
  const body = (await res.json()) as { access_token: string; expires_in?: number };
  tokens.set(key, { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 });
  return body.access_token;
}

/** The Adaptive Card (schema 1.4) of a message: the same parts and button as Slack's blocks. */
export function adaptiveCard(content: ChatContent, welcome: string | null) {
  const text = (value: string, extra: Record<string, unknown> = {}) => ({
    type: 'TextBlock',
    text: value,
    wrap: true,
    ...extra,
  });
  const body = [
    ...(welcome ? [text(welcome, { isSubtle: true, size: 'Small' })] : []),
    text(content.heading, { size: 'Large', weight: 'Bolder' }),
    ...content.paragraphs.map((p) => text(p)),
    ...(content.header ? [text(content.header)] : []),
    ...(content.itemsTitle && content.items.length > 0
      ? [text(content.itemsTitle, { weight: 'Bolder' })]
      : []),
    ...(content.items.length > 0 ? [text(content.items.map((i) => `- ${i}`).join('\n'))] : []),
    ...(content.footer ? [text(content.footer, { isSubtle: true, size: 'Small' })] : []),
  ];
  return {
    contentType: 'application/vnd.microsoft.card.adaptive',
    content: {
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
      body,
      actions: [{ type: 'Action.OpenUrl', title: content.button.label, url: content.button.url }],
    },
  };
}

/** Teams as a delivery channel; `workspaceOf` finds the company's tenant (null: not connected). */
export function teamsSender(
  workspaceOf: (ctx: AppContext, companyId: string) => Promise<TeamsWorkspace | null>,
): ChannelSender {
  const conversations = new Map<string, string>();
  // A 429 spends the tenant's allowance of that call until Retry-After: the sends waiting in this
  // process go back to the queue for that long without asking Microsoft again.
  const blockedUntil = new Map<string, number>();
  const call = async (key: string, run: () => Promise<Response>): Promise<Response> => {
    const wait = (blockedUntil.get(key) ?? 0) - Date.now();
    if (wait > 0) throw new RateLimited(wait);
    const res = await run();
    if (res.status !== 429) return res;
    const limited = rateLimited(res);
    blockedUntil.set(key, Date.now() + limited.retryAfterMs);
    if (blockedUntil.size > 10_000) blockedUntil.clear();
    throw limited;
  };
  return {
    channel: CHANNELS.teams,
    async send(ctx, message) {
      const workspace = message.companyId ? await workspaceOf(ctx, message.companyId) : null;
      const app = ctx.config.chat.teams;
      if (!workspace) throw new ChannelRefusal(CHAT_MESSAGES.notConnected);
      if (!app) throw new ChannelRefusal(CHAT_MESSAGES.teamsNotConfigured);
      const { chat, directory } = ctx.config;
      const key = `${workspace.tenant}/${message.to.toLowerCase()}`;
      const botToken = await clientToken(chat.teamsTokenUrl, app, BOT_SCOPE);
      let conversation = conversations.get(key);
      if (!conversation) {
        const tenantUrl = `${directory.microsoftLoginUrl}/${encodeURIComponent(workspace.tenant)}/oauth2/v2.0/token`;
        const graphToken = await clientToken(tenantUrl, app, GRAPH_SCOPE);
        const user = await call(`${workspace.tenant}/graph`, () =>
          fetch(`${directory.microsoftGraphUrl}/v1.0/users/${encodeURIComponent(message.to)}?$select=id`, {
            headers: { authorization: `Bearer ${graphToken}` },
          }),
        );
        if (user.status === 404) throw new ChannelRefusal(CHAT_MESSAGES.notFoundOnTeams);
        if (!user.ok) throw await failure(user, 'Microsoft Graph');
        const { id: objectId } = (await user.json()) as { id: string };
        const created = await call(`${workspace.tenant}/conversations`, () =>
          fetch(`${chat.teamsServiceUrl}v3/conversations`, {
            method: 'POST',
            headers: { authorization: `Bearer ${botToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              bot: { id: `28:${app.appId}` },
              isGroup: false,
              members: [{ id: objectId }],
              tenantId: workspace.tenant,
              channelData: { tenant: { id: workspace.tenant } },
            }),
          }),
        );
        // 403/404: the app is not installed for this user (or they blocked it).
        if (created.status === 403 || created.status === 404)
          throw new ChannelRefusal(CHAT_MESSAGES.notFoundOnTeams);
        if (!created.ok) throw await failure(created, 'The Bot Connector');
        conversation = ((await created.json()) as { id: string }).id;
        if (conversations.size > 50_000) conversations.clear();
        conversations.set(key, conversation);
      }
      const content = message.chat;
      const posted = await call(`${workspace.tenant}/activities`, () =>
        fetch(`${chat.teamsServiceUrl}v3/conversations/${encodeURIComponent(conversation)}/activities`, {
          method: 'POST',
          headers: { authorization: `Bearer ${botToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            type: 'message',
            text: content ? undefined : message.subject,
            summary: message.subject,
            ...(content && { attachments: [adaptiveCard(content, welcomeLine(workspace, content))] }),
          }),
        }),
      );
      if (posted.status === 403) throw new ChannelRefusal(CHAT_MESSAGES.notFoundOnTeams);
      if (!posted.ok) throw await failure(posted, 'The Bot Connector');
      return {};
    },
    isPermanent: () => false,
  };
}
