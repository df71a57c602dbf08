// Pay-per-view player calls under load: N viewers at once, each as the /embed player does it: the
// document (its ticket), POST /api/embed/grant (type 1, Signature), POST /api/embed/views (type 2, View).
// Usage: [TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test] \
//          node --import tsx bench/ppv.ts --db postgres|pglite [--viewers 500] [--rounds 3]
// The server listens on loopback in this process; every viewer starts at once (one keep-alive socket
// each). Figures are the server's own time per call (its Server-Timing header) and the time a client
// waited (which includes queueing behind the other viewers on this machine), as p50/p95 in ms.
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { SUBJECT_TYPES, type EmbedCategoriesResponse } from '@vigil/shared';
import { companyPpv } from '../apps/server/src/db/schema/index.ts';
import { systemScope } from '../apps/server/src/lib/scope.ts';
import { createCompany } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { loadPpvHistory } from '../apps/server/src/modules/ppv/ppv.service.ts';
import { percentile } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    viewers: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '3' },
  },
});
const VIEWERS = Number(values.viewers);
const ROUNDS = Number(values.rounds);
const DOMAIN = 'intranet.bench.example';
const EMBED_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src/test/fixtures/embed-dist',
);

type Answer = { status: number; body: string; server: number; wall: number };

function call(
  agent: Agent,
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: object,
): Promise<Answer> {
  const started = performance.now();
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${url}`,
      { method, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const timing = /app;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            server: Number(timing?.[1] ?? NaN),
            wall: performance.now() - started,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const t = await createTestApp(values.db === 'postgres' ? 'postgres' : 'pglite', {
  EMBED_DIR,
  EMBED_GRANT_RATE_LIMIT: String(VIEWERS * ROUNDS * 10),
});
try {
  const company = await createCompany(t.ctx.db, { name: 'PPV bench' });
  await loadPpvHistory(t.ctx.db, systemScope(company.id, 'bench'), {
    allowedDomains: [DOMAIN],
    viewsPurchased: 10_000_000,
    snippets: 4,
    days: 0,
    now: new Date(),
  });
  const status = await t.inject({ method: 'GET', url: `/api/embed/categories` });
  // The first video (the demo history's snippets are videos; interactive subjects are embeddable too).
  const subject = (status.json() as EmbedCategoriesResponse).categories
    .flatMap((c) => c.subjects)
    .find((s) => s.type === SUBJECT_TYPES.video)!.subject_id;
  const [{ apiKey }] = (await t.ctx.db
    .select({ apiKey: companyPpv.apiKey })
    .from(companyPpv)
    .where(eq(companyPpv.companyId, company.id))) as [{ apiKey: string }];
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: VIEWERS });
  const grants: Answer[] = [];
  const views: Answer[] = [];
  const load = loadavg();
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: VIEWERS }, async (_, i) => {
        const referer = `https://${DOMAIN}/page-${i}`;
        const doc = await call(agent, base, 'GET', `/embed?key=${apiKey}&s=${subject}`, { referer });
        const ticket = /name="vigil-embed-ticket" content="([^"]+)"/.exec(doc.body)?.[1];
        const g = await call(
          agent,
          base,
          'POST',
          '/api/embed/grant',
          {},
          { key: apiKey, s: subject, ticket, viewer: `bench-${round}-${i}` },
        );
        grants.push(g);
        if (g.status !== 200) throw new Error(`grant ${g.status}: ${g.body}`);
        const grant = (JSON.parse(g.body) as { grant: string }).grant;
        const v = await call(agent, base, 'POST', '/api/embed/views', {}, { grant, event: 'view' });
        if (v.status !== 200) throw new Error(`view ${v.status}: ${v.body}`);
        views.push(v);
      }),
    );
  }
  const figures = (list: Answer[]) => ({
    calls: list.length,
    serverP50: percentile(
      list.map((a) => a.server),
      50,
    ),
    serverP95: percentile(
      list.map((a) => a.server),
      95,
    ),
    waitedP50: percentile(
      list.map((a) => a.wall),
      50,
    ),
    waitedP95: percentile(
      list.map((a) => a.wall),
      95,
    ),
  });
  console.log(
    JSON.stringify(
      {
        bench: 'ppv',
        db: values.db,
        viewers: VIEWERS,
        rounds: ROUNDS,
        grant: figures(grants),
        view: figures(views),
        cpus: cpus().length,
        loadAverageBefore: load.map((l) => Math.round(l * 100) / 100),
        loadAverageAfter: loadavg().map((l) => Math.round(l * 100) / 100),
      },
      null,
      2,
    ),
  );
  agent.destroy();
} finally {
  await t.close();
}
