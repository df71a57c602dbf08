// First render of the catalogue page with the full pack, in headless Chromium against a real server.
// Usage: node --import tsx bench/catalog-page.ts   (needs the built web app: npm run build)
import type { AddressInfo } from 'node:net';
import { launchBrowser } from '../e2e/browser.ts';
import { addMember, createCompany, createManager, signIn } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';

const runs = 5;
const t = await createTestApp('pglite', {}, { onDisk: true });
const browser = await launchBrowser();
try {
  const company = await createCompany(t.ctx.db, { name: 'Render Co' });
  const admin = await createManager(t.ctx.db);
  await addMember(t.ctx.db, company.id, admin.id, 1);
  const token = await signIn(t, admin.id);
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    // A new context each time: nothing cached, as on a first visit.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addInitScript(
      ([tok, id]) => {
        localStorage.setItem('token', tok);
        localStorage.setItem('companyId', id);
      },
      [token, company.id] as const,
    );
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${base}/catalog/`);
    await page.getByTestId('subject-card').nth(29).waitFor({ timeout: 30_000 });
    times.push(Date.now() - started);
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      { bench: 'catalog-page', runs, firstRenderMs: times, medianMs: sorted[Math.floor(runs / 2)] },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await t.close();
}
