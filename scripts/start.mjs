// npm start: build the web apps if their build is missing or stale, then run the server, which
// applies migrations, loads the demo data on first run and prints how to sign in.
import { buildStaleApps, checkNode } from './apps.mjs';

checkNode();
await buildStaleApps();

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
