// Measures what a new user waits for: `npm start` on a fresh data directory until /api/health
// answers, once with the web builds removed (first start) and once with them in place.
// Prints JSON figures. Usage: node bench/startup.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, webApps } from '../scripts/apps.mjs';

const port = 3950;

async function timeStart({ clean }) {
  if (clean) for (const app of webApps) rmSync(path.join(app.dir, 'dist'), { recursive: true, force: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 180_000) throw new Error('no health within 180 s');
      const ok = await fetch(`http://localhost:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return Math.round(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const firstStartMs = await timeStart({ clean: true });
const warmStartMs = await timeStart({ clean: false });
console.log(JSON.stringify({ bench: 'startup', node: process.version, firstStartMs, warmStartMs }, null, 2));
