import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3917);
/** How long the first start (build, content import, demo data) may take; longer on a busy machine. */
const startupMs = Number(process.env.E2E_STARTUP_MS ?? 170_000);

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    startupOutput: string;
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

/** Starts the product the way a new user does (`npm start`), on a fresh data directory. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitForHealth(baseUrl, child, startupMs);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${output}`, { cause: err });
  }
  // The sign-in link is printed right after listening.
  const deadline = Date.now() + 10_000;
  while (!output.includes('/auth/email/signin/') && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  project.provide('baseUrl', baseUrl);
  project.provide('startupOutput', output);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
