import { randomUUID } from 'node:crypto';
import { CHANNELS } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { mailLogRow, type MailToSend } from '../../mail/mail.service.ts';
import { isPermanentFailure } from '../../mail/transport.ts';
import type { ChatContent } from '../../mail/templates/chat-content.ts';
import type { MailLog } from './delivery.send.queries.ts';

export type { ChatContent };

/**
 * A rendered message (a mail; a chat channel's sender takes its `chat` content, else its subject, text
 * and link); its fixed Message-ID makes a resend after a crash the same message.
 */
export type DeliveryMail = MailToSend & { messageId: string; chat?: ChatContent };

/**
 * A chat service's final refusal for this employee or company (not connected, no such person): the
 * delivery fails with this message, and the employee's email is not marked as bounced.
 */
export class ChannelRefusal extends Error {}

/**
 * The service asks to slow down (HTTP 429 Retry-After): the delivery goes back to pending, due after
 * `retryAfterMs`, and this try does not count against its attempts.
 */
export class RateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`Rate limited: retry after ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

/**
 * A channel the send loop can deliver a campaign's message over: email now; Slack and Teams plug in
 * the same way (integrations). A sender sends one rendered message to one employee; the send loop
 * claims, retries and records, so that each (event, employee, channel) is sent exactly once whatever
 * crashes (a message in flight when its sender died may leave twice, with the same `messageId`).
 */
export interface ChannelSender {
  /** Its bit in CHANNELS (the campaigns' channel masks). */
  channel: number;
  /**
   * Sends `message` (addressed by the employee's email; a chat channel looks the person up by it).
   * Throws when it could not: a permanent refusal (see `isPermanent`) bounces, anything else is
   * retried with back-off. Returns the mail log row to keep, if the channel keeps one.
   */
  send(ctx: AppContext, message: DeliveryMail): Promise<{ log?: MailLog }>;
  /** Is this failure final for the address (e.g. SMTP 5xx)? */
  isPermanent(err: unknown): boolean;
}

/** Email, over the app's mailer; each mail sent is logged (its secrets removed). */
export const emailSender: ChannelSender = {
  channel: CHANNELS.email,
  async send(ctx, mail) {
    const { messageId } = await ctx.mailer.send(mail);
    return { log: { id: randomUUID(), ...mailLogRow(ctx, mail, messageId ?? mail.messageId) } };
  },
  isPermanent: isPermanentFailure,
};

const senders = new Map<number, ChannelSender>([[emailSender.channel, emailSender]]);

/** Adds (or replaces) the sender of a channel; the integrations register Slack and Teams. */
export function registerChannelSender(sender: ChannelSender): () => void {
  const before = senders.get(sender.channel);
  senders.set(sender.channel, sender);
  return () => {
    if (before) senders.set(sender.channel, before);
    else senders.delete(sender.channel);
  };
}

/** The sender of a channel, or undefined when it is not connected (its deliveries fail). */
export const channelSender = (channel: number): ChannelSender | undefined => senders.get(channel);
