// npm run typecheck: every TypeScript project, two at a time, each incremental so a second run (CI's
// PostgreSQL pass) checks only what changed. The build info lives in node_modules/.cache/tsc.
import path from 'node:path';
import { root, run } from './apps.mjs';

const projects = [
  'packages/shared',
  'packages/player',
  'apps/server',
  'apps/web',
  'apps/learner',
  'apps/embed',
  'e2e',
];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const cache = path.join(root, 'node_modules/.cache/tsc');

async function check(project) {
  const info = path.join(cache, `${project.replaceAll('/', '-')}.tsbuildinfo`);
  await run(process.execPath, [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', info], {
    cwd: root,
  });
}

const queue = [...projects];
let failed = false;
await Promise.all(
  [0, 1].map(async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      await check(project).catch(() => {
        console.error(`typecheck failed: ${project}`);
        failed = true;
      });
    }
  }),
);
if (failed) process.exit(1);
