import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Asks the server to shut down, and ends it when it has not within ten seconds. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the server as `npm start` does and returns what it printed until it was ready. */
async function startupOutput(env: Record<string, string>): Promise<string> {
  const inherited = { ...process.env };
  for (const name of ['DEMO_DATA', 'DATABASE_URL', 'SMTP_URL', 'DEV_MAILBOX']) delete inherited[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    return await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Vigil is running at')) resolve(output);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) =>
        reject(new Error(`server exited (${code}) before it was ready:\n${output}`)),
      );
    });
  } finally {
    await stop(child);
  }
}

describe('start-up in production', () => {
  it('loads no demo data and prints no sign-in link unless asked', { timeout: 120_000 }, async () => {
    const output = await startupOutput({
      NODE_ENV: 'production',
      SECRET_KEY: randomBytes(32).toString('hex'),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-main-')),
    });
    expect(output).not.toContain('Demo data loaded');
    expect(output).not.toContain('/auth/email/signin/');
    expect(output).not.toContain('/dev/mailbox');
  });
});
