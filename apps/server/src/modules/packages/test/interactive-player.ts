/**
 * Tests only: makes sure the interactive subjects' player of self-contained packages is built
 * (apps/embed, vite.package.config.ts), building it when it is missing or older than its sources, as
 * `npm start` and the journeys' runner do through scripts/apps.mjs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const embed = path.join(root, 'apps/embed');
export const INTERACTIVE_PLAYER_JS = path.join(embed, 'dist/package/interactive.js');

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, e) => Math.max(max, newest(path.join(target, e))), stat.mtimeMs);
}

export function ensureInteractivePlayer(): void {
  const sources = [
    path.join(embed, 'src/package'),
    path.join(embed, 'vite.package.config.ts'),
    path.join(root, 'packages/player/src'),
    path.join(root, 'packages/shared/src'),
  ];
  if (
    existsSync(INTERACTIVE_PLAYER_JS) &&
    statSync(INTERACTIVE_PLAYER_JS).mtimeMs >= Math.max(...sources.map(newest))
  )
    return;
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--config',
      'vite.package.config.ts',
    ],
    { cwd: embed, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
  );
}
