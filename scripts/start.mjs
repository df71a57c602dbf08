// npm start: build the web apps if their build is missing or stale, then run the server, which
// applies migrations, loads the demo data on first run and prints how to sign in.
import { checkNode, isBuildStale, run, viteBin, webApps } from './apps.mjs';

checkNode();
for (const app of webApps) {
  if (!isBuildStale(app)) continue;
  console.log(`Building the ${app.name} app…`);
  // Always a production build: a NODE_ENV inherited from a test runner (the journeys start this script
  // with NODE_ENV=test) would make Vite bundle React's development build, which a later start reuses.
  await run(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: app.dir,
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
