// npm run dev: the server restarting on change, beside Vite with hot reload for both web apps.
// Open http://localhost:5173 (manager app); mailed links point there too.
import { spawn } from 'node:child_process';
import { checkNode, root, tsxCli, viteBin, webApps } from './apps.mjs';

checkNode();
const env = {
  ...process.env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  LEARNER_URL: process.env.LEARNER_URL ?? 'http://localhost:5174/learn',
};
const children = [
  spawn(process.execPath, [tsxCli, 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  ...webApps.map((app) => spawn(process.execPath, [viteBin], { cwd: app.dir, stdio: 'inherit', env })),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
