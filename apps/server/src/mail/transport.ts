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
  /**
   * The From the recipient sees, when it is not the app's own (a simulated phishing mail's sender
   * profile). The envelope sender stays the app's, so bounces and SPF stay with the sending service.
   */
  from?: { name: string; address: string };
  replyTo?: string;
  /** Extra headers, e.g. X-Vigil-Simulation. */
  headers?: Record<string, string>;
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

/** The address inside a From such as `Vigil <no-reply@vigil.example>`. */
export const envelopeAddress = (from: string): string => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

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
      const envelope = mail.from ? { from: envelopeAddress(config.mailFrom), to: mail.to } : undefined;
      const info = await transporter.sendMail({
        ...mail,
        from: mail.from ?? config.mailFrom,
        ...(envelope && { envelope }),
      });
      return { messageId: info.messageId ?? null };
    },
    close: () => transporter.close(),
  };
}
