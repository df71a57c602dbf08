// npm run test:e2e [-- files]: the browser journeys (all, or the given ones) against a real server
// started as `npm start` does.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root, run } from '../scripts/apps.mjs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(
    `Chromium not found at ${chrome}. Install it (apt-get install -y chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}
await run(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'e2e/vitest.config.ts',
    ...process.argv.slice(2).map((file) => path.basename(file)),
  ],
  {
    cwd: root,
  },
).catch(() => process.exit(1));
