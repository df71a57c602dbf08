import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SinkMail {
  to: string;
  messageId: string;
  /** When its data had arrived (epoch milliseconds). */
  at: number;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: SinkMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP peer on loopback for delivery tests. `refuse` answers a recipient with an SMTP error code
 * (550 bounces for good, 451 fails for now); `delayMs` holds each message before the 250, like a slow
 * server. A message counts as received once its data has fully arrived.
 */
export async function startSmtpSink(
  opts: { refuse?: (to: string, attempt: number) => number | null; delayMs?: number } = {},
): Promise<SmtpSink> {
  const received: SinkMail[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const n = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, n);
      const code = opts.refuse?.(address.address, n);
      if (!code) return callback();
      const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
        responseCode: code,
      });
      return callback(err);
    },
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const messageId = head.match(/^Message-ID:\s*(\S+)/im)?.[1] ?? '';
        for (const r of session.envelope.rcptTo) received.push({ to: r.address, messageId, at: Date.now() });
        setTimeout(callback, opts.delayMs ?? 0);
      });
    },
  });
  // A sender killed mid-session (the crash tests SIGKILL a worker) resets its connection; the server
  // reports that as an 'error' event, which unheard would end the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
