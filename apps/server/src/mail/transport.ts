import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
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
  const transporter = nodemailer.createTransport(config.smtpUrl);
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
