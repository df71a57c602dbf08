import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { AppContext } from '../../context.ts';
import { inboundMail } from './phishing-tracking.reporting.ts';

/** The largest reported mail the listener takes (a forward with its attachment). */
const MAX_SIZE = 10_000_000;

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

/**
 * A small SMTP listener for the report addresses, for a dev machine and the journeys (production
 * takes reported mails through the signed inbound webhook of its mail provider). It accepts mail for
 * report+{token}@{INBOUND_MAIL_DOMAIN} only, and hands each message to the same code as the webhook.
 */
export async function startInboundSmtp(
  ctx: AppContext,
  port: number,
  host = '127.0.0.1',
): Promise<InboundSmtp> {
  const domain = ctx.config.inbound.domain.toLowerCase();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: MAX_SIZE,
    banner: 'Vigil report address',
    onRcptTo(address, _session, callback) {
      const ok =
        /^report\+[0-9a-f]{16}@/.test(address.address.toLowerCase()) &&
        address.address.toLowerCase().endsWith(`@${domain}`);
      if (ok) return callback();
      return callback(Object.assign(new Error('No such report address'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        inboundMail(ctx, raw, recipients).then(
          (result) => {
            ctx.log.info({ result: result.result }, 'reported mail received over SMTP');
            callback();
          },
          (err: unknown) => {
            ctx.log.error({ err }, 'reported mail could not be taken');
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
