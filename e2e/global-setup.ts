import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { fakeDirectoryEnv, startFakeDirectory } from '../apps/server/src/test/fake-directory.ts';
import { startFakeSamlIdp } from '../apps/server/src/test/fake-saml-idp.ts';
import { startFakeSlack } from '../apps/server/src/test/fake-slack.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3917);
/** How long the first start (build, content import, demo data) may take; longer on a busy machine. */
const startupMs = Number(process.env.E2E_STARTUP_MS ?? 170_000);

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    startupOutput: string;
    /** The local fake of Microsoft Graph and Google Directory the server talks to, and its remote control. */
    fakeDirectory: { url: string; control: string };
    /** The offline SAML identity provider the single sign-on journey signs in with: its metadata XML. */
    samlIdp: { url: string; metadata: string };
    /** The local fake of Slack's Web API and OAuth page, and its remote control. */
    fakeSlack: { url: string; control: string };
    /** The port of the server's SMTP listener for report addresses (INBOUND_SMTP_PORT) on 127.0.0.1. */
    inboundSmtpPort: number;
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('Server did not become healthy in time');
}

/**
 * The journeys run in other processes than this one: they change the fake directory by POSTing
 * { call: 'name', args: [...] } here, which calls that function of the fake (or reads that value) and
 * answers the result.
 */
async function startFakeControl(fake: object): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        try {
          const { call, args = [] } = JSON.parse(body) as { call: string; args?: unknown[] };
          const names = call.split('.');
          let owner: unknown = fake;
          for (const name of names.slice(0, -1)) owner = (owner as Record<string, unknown>)[name];
          const member = (owner as Record<string, unknown> | undefined)?.[names.at(-1)!];
          if (member === undefined) throw new Error(`the fake has no ${call}`);
          // A function is called; a value (the Azure app's credentials) is read.
          const result: unknown =
            typeof member === 'function'
              ? await (member as (...a: unknown[]) => unknown).apply(owner, args)
              : member;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(result ?? null));
        } catch (error) {
          res.statusCode = 400;
          res.end((error as Error).message);
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A port nothing listens on now, for a listener the server starts itself. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}

/** Starts the product the way a new user does (`npm start`), on a fresh data directory. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-e2e-'));
  // The directory sync journey connects Azure AD to this fake; the other journeys never call it.
  const fake = await startFakeDirectory();
  const control = await startFakeControl(fake);
  // The single sign-on journey's identity provider (its sign-in page and the signed answer).
  const idp = await startFakeSamlIdp();
  // The Slack journey adds Slack to this fake and reads what it received.
  const slack = await startFakeSlack();
  const slackControl = await startFakeControl(slack);
  const baseUrl = `http://localhost:${port}`;
  const inboundSmtpPort = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...fakeDirectoryEnv(fake),
      SLACK_API_URL: slack.apiUrl,
      SLACK_CLIENT_ID: slack.clientId,
      SLACK_CLIENT_SECRET: slack.clientSecret,
      // The phishing journey forwards mails to the report address over SMTP (the listener) and through
      // the signed inbound webhook.
      INBOUND_MAIL_SECRET: 'e2e-inbound-mail-secret-0123456789',
      INBOUND_SMTP_PORT: String(inboundSmtpPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitForHealth(baseUrl, child, startupMs);
  } catch (err) {
    child.kill('SIGKILL');
    control.server.close();
    slackControl.server.close();
    await fake.close();
    await idp.close();
    await slack.close();
    throw new Error(`${(err as Error).message}\n${output}`, { cause: err });
  }
  // The sign-in link is printed right after listening.
  const deadline = Date.now() + 10_000;
  while (!output.includes('/auth/email/signin/') && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  project.provide('baseUrl', baseUrl);
  project.provide('startupOutput', output);
  project.provide('fakeDirectory', { url: fake.url, control: control.url });
  project.provide('samlIdp', { url: idp.url, metadata: idp.metadata() });
  project.provide('fakeSlack', { url: slack.url, control: slackControl.url });
  project.provide('inboundSmtpPort', inboundSmtpPort);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    control.server.close();
    slackControl.server.close();
    await fake.close();
    await idp.close();
    await slack.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
