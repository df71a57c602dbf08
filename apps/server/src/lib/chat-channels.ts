/**
 * Which chat channels a company may deliver over (spec 2 §5 Channels, spec 3 §5): Slack or Teams is
 * usable when the plan has it (isIntegrationAvailable) and the company has connected it (a
 * `chat_connections` row: Slack with its sealed bot token, Teams with a tenant, both enabled). The
 * wizards' offer, the campaigns' save checks and the integrations overview read it here.
 */
import { and, eq } from 'drizzle-orm';
import {
  CHAT_CHANNEL_BITS,
  CHAT_PRODUCTS,
  isIntegrationAvailable,
  type ChatChannels,
  type EntitlementInput,
} from '@vigil/shared';
import type { Db } from '../db/client.ts';
import { chatConnections } from '../db/schema/index.ts';
import type { CompanyScope } from './scope.ts';

type ChatConnectionRow = typeof chatConnections.$inferSelect;

/** Is this stored connection one that can send? */
export const isChatConnected = (row: ChatConnectionRow | undefined): boolean =>
  Boolean(
    row?.enabled && (row.product === 'slack' ? row.credentials : (row.fields.tenant ?? '').trim() !== ''),
  );

/** The company's chat connections. */
export const chatConnectionsOf = (db: Db, scope: CompanyScope): Promise<ChatConnectionRow[]> =>
  db
    .select()
    .from(chatConnections)
    .where(and(eq(chatConnections.companyId, scope.companyId)));

/** Slack's and Teams' availability (plan) and connection for a company. */
export async function chatChannelStates(
  db: Db,
  scope: CompanyScope,
  input: Pick<EntitlementInput, 'subscription'> | null,
): Promise<ChatChannels> {
  const rows = new Map((await chatConnectionsOf(db, scope)).map((r) => [r.product, r]));
  const state = (product: (typeof CHAT_PRODUCTS)[number]) => ({
    available: input ? isIntegrationAvailable(input, product) : false,
    connected: isChatConnected(rows.get(product)),
  });
  return { slack: state('slack'), teams: state('teams') };
}

/** The chat channels' bits a company can use now (available and connected). */
export const usableChatMask = (states: ChatChannels): number =>
  CHAT_PRODUCTS.reduce(
    (mask, p) => (states[p].available && states[p].connected ? mask | CHAT_CHANNEL_BITS[p] : mask),
    0,
  );
