import type { AppContext } from '../context.ts';
import { mails } from '../db/schema/index.ts';
import type { OutgoingMail } from './transport.ts';

export interface MailToSend extends OutgoingMail {
  kind: string;
  companyId: string | null;
  /** Values (such as a sign-in token) that must not be kept at rest once the mail has left. */
  secrets?: string[];
}

const REDACTED = '[removed]';

function redact(value: string, secrets: string[]): string {
  return secrets.reduce((acc, s) => (s ? acc.split(s).join(REDACTED) : acc), value);
}

/** The row that records a sent mail; secrets are removed unless the mail only went to the outbox. */
export function mailLogRow(ctx: AppContext, mail: MailToSend, messageId: string | null) {
  const keep = ctx.mailer.kind === 'outbox' ? [] : (mail.secrets ?? []);
  return {
    companyId: mail.companyId,
    kind: mail.kind,
    toAddress: mail.to,
    fromAddress: mail.from ? `${mail.from.name} <${mail.from.address}>` : ctx.mailer.from,
    subject: mail.subject,
    html: redact(mail.html, keep),
    text: redact(mail.text, keep),
    transport: ctx.mailer.kind,
    status: 'sent' as const,
    messageId,
  };
}

/**
 * Sends one mail and records it. Called only from job handlers: a failure throws so that the job is
 * retried with back-off. In outbox mode the mail is stored whole, links included, for /dev/mailbox.
 */
export async function deliverMail(ctx: AppContext, mail: MailToSend): Promise<string> {
  const { messageId } = await ctx.mailer.send({
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.from && { from: mail.from }),
    ...(mail.replyTo && { replyTo: mail.replyTo }),
    ...(mail.headers && { headers: mail.headers }),
  });
  const [row] = await ctx.db
    .insert(mails)
    .values(mailLogRow(ctx, mail, messageId))
    .returning({ id: mails.id });
  return row!.id;
}
