// npm start: build the web apps if their build is missing or stale, then run the server, which
// applies migrations, loads the demo data on first run and prints how to sign in.
import { checkNode, isBuildStale, run, viteBin, webApps } from './apps.mjs';

checkNode();
for (const app of webApps) {
  if (!isBuildStale(app)) continue;
  console.log(`Building the ${app.name} app…`);
  await run(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], { cwd: app.dir });
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
