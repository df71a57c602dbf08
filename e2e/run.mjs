// npm run test:e2e [-- files]: the browser journeys (all, or the given ones) against a real server
// started as `npm start` does. All of them run in E2E_RUNNERS runners side by side (default 2), each with
// its own server on its own port (E2E_PORT, E2E_PORT + 1, …) and a share of the journeys; the journeys
// mostly wait on the browser and the server, so two runners take about half the time on two cores.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildStaleApps, root } from '../scripts/apps.mjs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(
    `Chromium not found at ${chrome}. Install it (apt-get install -y chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}

const files = process.argv.slice(2).map((file) => path.basename(file));
const runners = files.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_RUNNERS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3917);

// Built once here, so that the runners' servers do not build the same apps at the same time.
await buildStaleApps();

/** One vitest run of a share of the journeys; its lines are prefixed with the runner's number. */
function runner(index) {
  const args = [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'e2e/vitest.config.ts'];
  if (runners > 1) args.push(`--shard=${index}/${runners}`);
  const child = spawn(process.execPath, [...args, ...files], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(basePort + index - 1) },
    stdio: runners > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (runners > 1) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop();
        for (const line of lines) to.write(`[${index}/${runners}] ${line}\n`);
      });
      from.on('end', () => rest && to.write(`[${index}/${runners}] ${rest}\n`));
    }
  }
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: runners }, (_, i) => runner(i + 1)));
if (codes.some((code) => code !== 0)) {
  console.error(`Journeys failed in runner ${codes.flatMap((c, i) => (c ? [i + 1] : [])).join(', ')}.`);
  process.exit(1);
}
