import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * A fixed Message-ID: a mail re-sent after a crash carries the same one, so that receiving servers
   * and mail clients treat it as the same message.
   */
  messageId?: string;
}

/** A refusal the receiving server made for good (5xx): the address bounces, retrying will not help. */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Pooled connections unless the URL says otherwise: bulk deliveries reuse a few open sessions. */
function pooledUrl(url: string): string {
  if (/[?&]pool=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=8&maxMessages=1000`;
}

/** SMTP when SMTP_URL is set; otherwise the outbox, where mails are only stored (see mail.service). */
export interface Mailer {
  kind: 'smtp' | 'outbox';
  from: string;
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>;
  close(): void;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer {
  if (!config.smtpUrl) {
    return {
      kind: 'outbox',
      from: config.mailFrom,
      send: async () => ({ messageId: null }),
      close: () => undefined,
    };
  }
  const transporter = nodemailer.createTransport(pooledUrl(config.smtpUrl));
  return {
    kind: 'smtp',
    from: config.mailFrom,
    // The message is built whole (as nodemailer would build it) and handed over as one buffer, so it
    // leaves in one socket write instead of one per MIME piece: 14 writes a mail became 6 (the rest are
    // the SMTP commands), about a fifth of the send loop's CPU (docs/BENCHMARKS.md, delivery engine).
    async send(mail) {
      const message = new MailComposer({ from: config.mailFrom, ...mail }).compile();
      const raw = await message.build();
      await transporter.sendMail({ envelope: message.getEnvelope(), raw });
      return { messageId: message.messageId() };
    },
    close: () => transporter.close(),
  };
}
