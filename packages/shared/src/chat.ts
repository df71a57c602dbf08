import { z } from 'zod';
import { CHANNELS } from './constants.ts';
import { hasNoControlCharacters, MESSAGES } from './validation.ts';

/**
 * Slack and Microsoft Teams as delivery channels (spec 3 §3, §4, §5; spec 2 §5 Channels): a company
 * connects its Slack workspace ('Add to Slack', OAuth v2) or names its Microsoft tenant for the Teams
 * bot; the wizards then offer the channel. The server (modules/chat) and the manager app
 * (/settings/integrations/slack, /teams) share these.
 */

export const CHAT_PRODUCTS = ['slack', 'teams'] as const;
export type ChatProduct = (typeof CHAT_PRODUCTS)[number];

/** Each chat product's bit in CHANNELS. */
export const CHAT_CHANNEL_BITS: Record<ChatProduct, number> = {
  slack: CHANNELS.slack,
  teams: CHANNELS.teams,
};

/**
 * The bot scopes 'Add to Slack' asks for: write messages, open direct messages, find people by email.
 */
export const SLACK_SCOPES = ['chat:write', 'im:write', 'users:read', 'users:read.email'] as const;

const flag = z.enum(['0', '1']);

/** Spec 3 §3 Slack: connected, connectUrl, welcomeMessage '0'/'1' (and the workspace's name, ours). */
export const SlackSettings = z.object({
  connected: z.boolean(),
  /** Where 'Add to Slack' goes (its state tied to this session); null when the server has no Slack app. */
  connectUrl: z.string().nullable(),
  welcomeMessage: flag,
  /** The connected workspace's name. */
  team: z.string().nullable(),
});
export type SlackSettings = z.infer<typeof SlackSettings>;

/** Spec 3 §4: the welcome message toggles. */
export const SlackSettingsSave = z.object({ welcomeMessage: flag }).strict();
export type SlackSettingsSave = z.infer<typeof SlackSettingsSave>;

/** What Slack gives back on the redirect after 'Add to Slack'; the manager app passes it on. */
export const SlackCallback = z
  .object({
    code: z.string().trim().min(1).max(500),
    state: z.string().trim().min(1).max(500),
  })
  .strict();
export type SlackCallback = z.infer<typeof SlackCallback>;

/** Spec 3 §3 Teams: tenant, enabled '0'/'1' (connected when both are set, ours), the welcome line as Slack's. */
export const TeamsSettings = z.object({
  tenant: z.string(),
  enabled: flag,
  welcomeMessage: flag,
  connected: z.boolean(),
  /** Does this server have a Teams bot (TEAMS_APP_ID)? Without one Teams cannot send. */
  botConfigured: z.boolean(),
  /** The bot's app id, which the company admin installs in their tenant. */
  botAppId: z.string().nullable(),
});
export type TeamsSettings = z.infer<typeof TeamsSettings>;

/** Spec 3 §5 Teams: tenant required (its id, a GUID, or its domain). */
export const TeamsSettingsSave = z
  .object({
    tenant: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(200, 'At most 200 characters')
      .refine(hasNoControlCharacters, MESSAGES.controlCharacters)
      .refine((v) => /^[A-Za-z0-9.-]+$/.test(v), 'Enter the tenant ID or domain'),
    enabled: flag,
    /** Left out: as it was (on by default). */
    welcomeMessage: flag.optional(),
  })
  .strict();
export type TeamsSettingsSave = z.input<typeof TeamsSettingsSave>;

/** Which chat channels a company's wizards may offer (spec 2 §5): the plan's and the connection's say. */
export const ChatChannelState = z.object({ available: z.boolean(), connected: z.boolean() });
export const ChatChannels = z.object({ slack: ChatChannelState, teams: ChatChannelState });
export type ChatChannels = z.infer<typeof ChatChannels>;

export const CHAT_ROUTES = {
  channels: '/companies/:id/integrations/chat/channels',
  slack: '/companies/:id/integrations/slack',
  slackCallback: '/companies/:id/integrations/slack/callback',
  slackUnlink: '/companies/:id/integrations/slack/unlink',
  teams: '/companies/:id/integrations/teams',
  teamsUnlink: '/companies/:id/integrations/teams/unlink',
} as const;

/** A chat route with its company filled in. */
export const chatPath = (route: keyof typeof CHAT_ROUTES, companyId: string): string =>
  CHAT_ROUTES[route].replace(':id', encodeURIComponent(companyId));

export const CHAT_MESSAGES = {
  notConnected: 'This channel is not connected',
  /** A waiting delivery of a channel the company disconnected (Slack unlinked, Teams turned off). */
  disconnected: (name: string) => `Not sent: ${name} was disconnected`,
  notFoundOnSlack: 'Not found on Slack: no Slack account uses this email',
  notFoundOnTeams:
    'Not found on Teams: no account in the tenant uses this email, or the app is not installed',
  stateInvalid:
    "The Slack authorisation was not started from this session or has expired. Click 'Add to Slack' again.",
  slackNotConfigured: 'Slack is not set up on this server (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET).',
  slackRefused: (error: string) => `Slack refused the connection: ${error}`,
  teamsNotConfigured: 'Teams is not set up on this server (TEAMS_APP_ID and TEAMS_APP_PASSWORD).',
  notLinked: 'Nothing is connected.',
} as const;

/** The channels' names as the delivery status and reports show them. */
export const CHANNEL_NAMES: Record<number, string> = {
  [CHANNELS.email]: 'Email',
  [CHANNELS.slack]: 'Slack',
  [CHANNELS.teams]: 'Teams',
};
