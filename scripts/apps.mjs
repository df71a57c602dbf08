// Shared by start.mjs and dev.mjs: where the web apps live and how to tell whether a build is stale.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webApps = ['web', 'learner', 'embed'].map((name) => ({
  name,
  dir: path.join(root, 'apps', name),
  // Builds made after the app's own, each with its config and the file it writes: the embed app also
  // builds the interactive subjects' player of self-contained SCORM packages.
  extraBuilds:
    name === 'embed' ? [{ config: 'vite.package.config.ts', output: 'dist/package/interactive.js' }] : [],
}));
export const viteBin = path.join(root, 'node_modules/vite/bin/vite.js');
export const tsxCli = path.join(root, 'node_modules/tsx/dist/cli.mjs');

const MIN_NODE = [22, 12];

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    console.error(
      `Vigil needs Node.js ${MIN_NODE.join('.')} or newer (24 LTS recommended); this is ${process.version}.`,
    );
    process.exit(1);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (max, entry) => Math.max(max, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

/** A build is stale when any of its sources, or the shared package, changed after it was made. */
export function isBuildStale(app) {
  const built = path.join(app.dir, 'dist/index.html');
  if (!existsSync(built)) return true;
  if (app.extraBuilds.some((b) => !existsSync(path.join(app.dir, b.output)))) return true;
  const configs = ['vite.config.ts', ...app.extraBuilds.map((b) => b.config)];
  const sources = ['src', 'public', 'index.html', 'package.json', ...configs].map((p) =>
    path.join(app.dir, p),
  );
  sources.push(path.join(root, 'packages/shared/src'), path.join(root, 'packages/player/src'));
  const newest = Math.max(...sources.map(newestMtime));
  return newest > statSync(built).mtimeMs;
}

/**
 * Builds each web app whose build is missing or stale. Always a production build: a NODE_ENV inherited
 * from a test runner (the journeys start the server with NODE_ENV=test) would make Vite bundle React's
 * development build, which a later start reuses.
 */
export async function buildStaleApps() {
  for (const app of webApps) {
    if (!isBuildStale(app)) continue;
    console.log(`Building the ${app.name} app…`);
    for (const args of [[], ...app.extraBuilds.map((b) => ['--config', b.config])])
      await run(process.execPath, [viteBin, 'build', '--logLevel', 'warn', ...args], {
        cwd: app.dir,
        env: { ...process.env, NODE_ENV: 'production' },
      });
  }
}

export function run(command, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...opts });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
    child.on('error', reject);
  });
}
