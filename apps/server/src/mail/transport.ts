import nodemailer from 'nodemailer';
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
    async send(mail) {
      const info = await transporter.sendMail({ from: config.mailFrom, ...mail });
      return { messageId: info.messageId ?? null };
    },
    close: () => transporter.close(),
  };
}
