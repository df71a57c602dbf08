/**
 * Slack through its official Web API client (@slack/web-api): the OAuth v2 code exchange ('Add to
 * Slack') and the delivery channel — each employee found by email (users.lookupByEmail), a direct
 * message opened (conversations.open) and the lesson posted (chat.postMessage) as blocks with a button
 * to the learner app. The client neither retries nor waits on its own: a 429's Retry-After goes to the
 * send loop (RateLimited), which puts the delivery back to pending for that long, so nothing is lost or
 * sent twice by a retry behind its back.
 */
import { ErrorCode, LogLevel, WebClient, type KnownBlock } from '@slack/web-api';
import { CHANNELS, CHAT_MESSAGES, SLACK_SCOPES } from '@vigil/shared';
import type { ChatConfig } from '../../config.ts';
import type { ChatContent } from '../../mail/templates/chat-content.ts';
import { ChannelRefusal, RateLimited, type ChannelSender } from '../delivery/delivery.channels.ts';

/** A client of Slack's Web API at the configured address (a local fake in tests). */
export function slackClient(config: ChatConfig, token?: string): WebClient {
  return new WebClient(token, {
    slackApiUrl: config.slackApiUrl,
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 0 },
    logLevel: LogLevel.ERROR,
    timeout: 20_000,
  });
}

/** Slack's authorize page: the Web API's sibling (…/api/ → …/oauth/v2/authorize). */
export function slackAuthorizeUrl(config: ChatConfig, clientId: string, redirectUri: string, state: string) {
  const url = new URL('../oauth/v2/authorize', config.slackApiUrl);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('scope', SLACK_SCOPES.join(','));
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** Errors that mean the workspace's token no longer works: the company must connect again. */
const AUTH_ERRORS = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'no_permission',
  'missing_scope',
  'team_access_not_granted',
]);

/** Slack's error as the send loop reads it: wait (429), refuse for good, or retry later. */
export function slackFailure(err: unknown): Error {
  const e = err as { code?: string; retryAfter?: number; data?: { error?: string } };
  if (e.code === ErrorCode.RateLimitedError) return new RateLimited(Math.max(1, e.retryAfter ?? 1) * 1000);
  if (e.code === ErrorCode.PlatformError) {
    const code = e.data?.error ?? 'unknown_error';
    if (code === 'users_not_found') return new ChannelRefusal(CHAT_MESSAGES.notFoundOnSlack);
    if (AUTH_ERRORS.has(code)) return new ChannelRefusal(`Slack refused the workspace's token: ${code}`);
    return new Error(`Slack answered ${code}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** The result of 'Add to Slack': the workspace and its bot token. */
export async function exchangeSlackCode(
  config: ChatConfig,
  app: { clientId: string; clientSecret: string },
  code: string,
  redirectUri: string,
) {
  const answer = await slackClient(config).oauth.v2.access({
    client_id: app.clientId,
    client_secret: app.clientSecret,
    code,
    redirect_uri: redirectUri,
  });
  if (!answer.access_token || answer.token_type !== 'bot') throw new Error('Slack gave no bot token');
  return {
    token: answer.access_token,
    teamId: answer.team?.id ?? '',
    teamName: answer.team?.name ?? '',
    botUserId: answer.bot_user_id ?? '',
    appId: answer.app_id ?? '',
  };
}

/** Slack caps a section's text at 3,000 characters and a button's at 75. */
const cap = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The message's blocks: heading, lines, the company's header, the lessons, the button, the footer. */
export function slackBlocks(content: ChatContent, welcome: string | null): KnownBlock[] {
  const blocks: KnownBlock[] = [];
  if (welcome) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: cap(welcome, 3000) }] });
  blocks.push({ type: 'header', text: { type: 'plain_text', text: cap(content.heading, 150) } });
  const section = (text: string): KnownBlock => ({
    type: 'section',
    text: { type: 'mrkdwn', text: cap(text, 3000) },
  });
  blocks.push(section(content.paragraphs.join('\n\n')));
  if (content.header) blocks.push(section(content.header));
  if (content.items.length > 0)
    blocks.push(
      section(
        [content.itemsTitle ? `*${content.itemsTitle}*` : '', ...content.items.map((i) => `• ${i}`)]
          .filter(Boolean)
          .join('\n'),
      ),
    );
  blocks.push({
    type: 'actions',
    elements: [
      {
        type: 'button',
        action_id: 'open_learner',
        style: 'primary',
        text: { type: 'plain_text', text: cap(content.button.label, 75) },
        url: content.button.url,
      },
    ],
  });
  if (content.footer)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: cap(content.footer, 3000) }] });
  return blocks;
}

/**
 * The line at the top of a program's or assessment's first message when the company's welcome toggle
 * is on (Slack and Teams alike).
 */
export const welcomeLine = (
  workspace: { welcome: boolean; companyName: string },
  content: ChatContent | undefined,
): string | null =>
  workspace.welcome && content?.opening
    ? `${workspace.companyName} sends your security-awareness lessons and assessments here.`
    : null;

/** A workspace the sender posts to: its bot token and whether the welcome line is on. */
export interface SlackWorkspace {
  token: string;
  welcome: boolean;
  companyName: string;
}

/**
 * Slack as a delivery channel. `workspaceOf` finds the company's connected workspace (null: the
 * delivery fails as not connected). Direct-message channels found are remembered per workspace, so a
 * reminder needs one call.
 */
export function slackSender(
  workspaceOf: (
    ctx: Parameters<ChannelSender['send']>[0],
    companyId: string,
  ) => Promise<SlackWorkspace | null>,
): ChannelSender {
  const dms = new Map<string, string>();
  // A 429 says the workspace's allowance of that method is spent until Retry-After: the sends waiting
  // in this process go back to the queue for that long without asking Slack again.
  const blockedUntil = new Map<string, number>();
  const call = async <T>(token: string, method: string, run: () => Promise<T>): Promise<T> => {
    const key = `${token}/${method}`;
    const wait = (blockedUntil.get(key) ?? 0) - Date.now();
    if (wait > 0) throw new RateLimited(wait);
    try {
      return await run();
    } catch (err) {
      const failure = slackFailure(err);
      if (failure instanceof RateLimited) blockedUntil.set(key, Date.now() + failure.retryAfterMs);
      throw failure;
    }
  };
  return {
    channel: CHANNELS.slack,
    async send(ctx, message) {
      const workspace = message.companyId ? await workspaceOf(ctx, message.companyId) : null;
      if (!workspace) throw new ChannelRefusal(CHAT_MESSAGES.notConnected);
      const client = slackClient(ctx.config.chat, workspace.token);
      const key = `${message.companyId}/${message.to.toLowerCase()}`;
      try {
        let channel = dms.get(key);
        if (!channel) {
          const found = await call(workspace.token, 'users.lookupByEmail', () =>
            client.users.lookupByEmail({ email: message.to }),
          );
          const userId = found.user?.id;
          if (!userId) throw new ChannelRefusal(CHAT_MESSAGES.notFoundOnSlack);
          const opened = await call(workspace.token, 'conversations.open', () =>
            client.conversations.open({ users: userId }),
          );
          channel = opened.channel?.id;
          if (!channel) throw new Error('Slack opened no conversation');
          if (dms.size > 50_000) dms.clear();
          dms.set(key, channel);
        }
        const content = message.chat;
        const welcome = welcomeLine(workspace, content);
        await call(workspace.token, `chat.postMessage/${channel}`, () =>
          client.chat.postMessage({
            channel,
            text: message.subject,
            unfurl_links: false,
            unfurl_media: false,
            // The delivery's fixed id: a message resent after a crash is recognisably the same one.
            metadata: { event_type: 'vigil_delivery', event_payload: { message_id: message.messageId } },
            ...(content && { blocks: slackBlocks(content, welcome) }),
          }),
        );
      } catch (err) {
        if (err instanceof ChannelRefusal || err instanceof RateLimited) throw err;
        throw slackFailure(err);
      }
      return {};
    },
    isPermanent: () => false,
  };
}
