import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManager } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP peer on loopback: what nodemailer sends arrives here as raw MIME. */
async function startSmtpPeer(): Promise<{ server: SMTPServer; port: number; inbox: Received[] }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, inbox };
}

describe('mail over SMTP', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp('pglite', {
      SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
      MAIL_FROM: 'Vigil <no-reply@test.example>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => peer.server.close(() => resolve()));
  });

  it('sends the sign-in mail with HTML and text parts and keeps no live link in the log', async () => {
    await createManager(t.ctx.db, { email: 'grace@test.example', name: 'Grace <b>Hopper</b>' });
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/email/manager_signin',
      payload: { email: 'grace@test.example' },
    });
    expect(res.statusCode).toBe(200);

    const logged = await t.waitForMail('grace@test.example');
    expect(peer.inbox).toHaveLength(1);
    const parsed = await simpleParser(peer.inbox[0]!.raw);
    expect(peer.inbox[0]!.to).toEqual(['grace@test.example']);
    expect(parsed.subject).toBe('Your Vigil sign-in link');
    expect(parsed.from?.text).toContain('no-reply@test.example');
    expect(parsed.text).toMatch(/\/auth\/email\/signin\/[A-Za-z0-9_-]{43}/);
    expect(parsed.html).toMatch(/href="http:\/\/localhost:3000\/auth\/email\/signin\/[A-Za-z0-9_-]{43}"/);
    // The recipient's name is escaped, never markup.
    expect(parsed.html).toContain('Grace &lt;b&gt;Hopper&lt;/b&gt;');

    expect(logged.text).not.toMatch(/signin\/[A-Za-z0-9_-]{43}/);
    expect(logged.text).toContain('[removed]');
  });
});
