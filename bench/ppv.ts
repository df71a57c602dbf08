// Pay-per-view player calls as the /embed player makes them: the document (its ticket), POST
// /api/embed/grant (type 1, Signature) and, once the video starts playing, POST /api/embed/views
// (type 2, View). Target (issue 22): grant and view ≤ 20 ms p95 at 500 concurrent viewers.
// Usage: [TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db>] \
//          node --import tsx bench/ppv.ts --db postgres|pglite [--viewers 500] [--minutes 3]
//            [--alone 200] [--burst 500] [--rounds 1]
// The server listens on loopback in this process; the viewers are played by a child process (one
// keep-alive socket each), so their work does not run on the server's event loop. Three phases:
// - alone: one viewer after another (documents, then grants, then views): the server's CPU and the
//   database statements per call, with nothing queued;
// - watching (the target): viewers arrive at random (Poisson) at the rate that keeps `--viewers`
//   watching: each takes one of the company's videos at random, presses play 1-5 s after the grant
//   (the view is reported then: the player counts at its first mark), watches it to its end (its real
//   length, as the content pack's files give it) and leaves. Arrivals are planned in advance (an
//   open loop: a slow answer does not slow them). Calls are measured once the first viewers could have
//   finished the longest video (the concurrency has reached its level), for `--minutes` (0: skipped);
// - burst: `--burst` viewers who all start in the same instant, `--rounds` times (not the target: no
//   audience arrives like that; it shows how the calls queue).
// Figures: the time a client waited (wall, from the call's planned start) and the server's own time
// (its Server-Timing header), as p50/p95/p99 in ms; CPU of this process per call; on PostgreSQL, the
// statements sent per call (each a round trip) and the database backends' CPU. Prints JSON.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../apps/server/src/db/client.ts';
import { systemScope } from '../apps/server/src/lib/scope.ts';
import { createCompany } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { loadPpvHistory } from '../apps/server/src/modules/ppv/ppv.service.ts';
import { cpuMs, percentile, postgresCpuMs } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    viewers: { type: 'string', default: '500' },
    minutes: { type: 'string', default: '3' },
    alone: { type: 'string', default: '200' },
    burst: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '1' },
    load: { type: 'boolean', default: false },
  },
});
const DOMAIN = 'intranet.bench.example';
const EMBED_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src/test/fixtures/embed-dist',
);
/** When a viewer presses play after the player got its grant: 1 to 5 seconds. */
const PLAY_DELAY_MS = [1_000, 5_000] as const;
/** A viewer's mean time from the grant to the end of a video of this mean length (ms). */
const meanSessionMs = (meanSeconds: number) => meanSeconds * 1000 + (PLAY_DELAY_MS[0] + PLAY_DELAY_MS[1]) / 2;

type Video = { id: string; seconds: number };
type Plan = {
  port: number;
  key: string;
  videos: Video[];
  viewers: number;
  minutes: number;
  alone: number;
  burst: number;
  rounds: number;
};
type Call = { wall: number; server: number; status: number };
type Calls = { doc: Call[]; grant: Call[]; view: Call[] };
/** Child → parent: a phase mark (the parent answers once it has read its counters), or the results. */
type Message =
  { mark: string } | { done: true; phases: Record<string, Calls>; concurrency: number[]; lateStarts: number };

// ---------------------------------------------------------------------------------------------------
// The child: the viewers

function runViewers() {
  process.once('message', async (plan: Plan) => {
    const agent = new Agent({ keepAlive: true, maxSockets: Math.max(plan.viewers, plan.burst) * 2 });
    const base = `http://127.0.0.1:${plan.port}`;
    const mark = (name: string) =>
      new Promise<void>((resolve) => {
        process.once('message', () => resolve());
        process.send!({ mark: name } satisfies Message);
      });
    const send = (method: string, url: string, headers: Record<string, string>, body?: object) => {
      const started = performance.now();
      const payload = body ? JSON.stringify(body) : undefined;
      return new Promise<Call & { body: string }>((resolve, reject) => {
        const req = request(
          `${base}${url}`,
          {
            method,
            agent,
            headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
          },
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
    };
    const fresh = (): Calls => ({ doc: [], grant: [], view: [] });
    const check = (what: string, answer: { status: number; body: string }) => {
      if (answer.status !== 200) throw new Error(`${what} ${answer.status}: ${answer.body.slice(0, 200)}`);
    };
    let viewerNo = 0;
    const pick = () => plan.videos[Math.floor(Math.random() * plan.videos.length)]!;
    /** The /embed document as an allowed page frames it: its ticket. */
    const open = async (into: Calls | null, video: Video) => {
      const doc = await send('GET', `/embed?key=${plan.key}&s=${video.id}`, {
        referer: `https://${DOMAIN}/page-${viewerNo % 50}`,
      });
      check('document', doc);
      into?.doc.push(doc);
      return /name="vigil-embed-ticket" content="([^"]+)"/.exec(doc.body)![1]!;
    };
    const grant = async (into: Calls | null, video: Video, ticket: string) => {
      const g = await send(
        'POST',
        '/api/embed/grant',
        { origin: `https://${DOMAIN}` },
        {
          key: plan.key,
          s: video.id,
          ticket,
          viewer: `bench-viewer-${viewerNo++}`,
          location: `https://${DOMAIN}/`,
        },
      );
      check('grant', g);
      into?.grant.push(g);
      return (JSON.parse(g.body) as { grant: string }).grant;
    };
    const view = async (into: Calls | null, grantToken: string) => {
      const v = await send('POST', '/api/embed/views', {}, { grant: grantToken, event: 'view' });
      check('view', v);
      if ((JSON.parse(v.body) as { counted: boolean }).counted !== true) throw new Error('view not counted');
      into?.view.push(v);
    };
    const phases: Record<string, Calls> = {};

    // Warm-up: prepared statements, the process's caches, the JIT.
    for (let i = 0; i < 20; i++) {
      const video = pick();
      await view(null, await grant(null, video, await open(null, video)));
    }

    // Alone: one call at a time, each kind on its own so its CPU and statements can be told apart.
    const alone = (phases.alone = fresh());
    const videos = Array.from({ length: plan.alone }, pick);
    const tickets: string[] = [];
    const grants: string[] = [];
    await mark('alone:doc');
    for (const v of videos) tickets.push(await open(alone, v));
    await mark('alone:grant');
    for (const [i, v] of videos.entries()) grants.push(await grant(alone, v, tickets[i]!));
    await mark('alone:view');
    for (const g of grants) await view(alone, g);
    await mark('alone:end');

    const concurrency: number[] = [];
    let lateStarts = 0;
    if (plan.minutes > 0) {
      // Watching: Poisson arrivals at the rate that keeps `viewers` watching (Little's law).
      const rate =
        plan.viewers / meanSessionMs(plan.videos.reduce((sum, v) => sum + v.seconds, 0) / plan.videos.length);
      const rampMs = (Math.max(...plan.videos.map((v) => v.seconds)) + PLAY_DELAY_MS[1] / 1000) * 1000;
      const windowMs = plan.minutes * 60_000;
      const watching = (phases.watching = fresh());
      const started = performance.now();
      let watchingNow = 0;
      const arrivals: number[] = [];
      for (let at = 0; at < rampMs + windowMs; at += -Math.log(1 - Math.random()) / rate) arrivals.push(at);
      const sessions: Promise<void>[] = [];
      const sampler = setInterval(() => {
        if (performance.now() - started >= rampMs) concurrency.push(watchingNow);
      }, 250);
      let measuring = false;
      const session = async () => {
        const into = performance.now() - started >= rampMs ? watching : null;
        const video = pick();
        const token = await grant(into, video, await open(into, video));
        watchingNow++;
        const playAfter = PLAY_DELAY_MS[0] + Math.random() * (PLAY_DELAY_MS[1] - PLAY_DELAY_MS[0]);
        await new Promise((r) => setTimeout(r, playAfter));
        await view(performance.now() - started >= rampMs ? watching : null, token);
        await new Promise((r) => setTimeout(r, video.seconds * 1000));
        watchingNow--;
      };
      await new Promise<void>((resolve) => {
        let next = 0;
        const tick = () => {
          const now = performance.now() - started;
          if (!measuring && now >= rampMs) {
            measuring = true;
            void mark('watching:start');
          }
          while (next < arrivals.length && arrivals[next]! <= now) {
            if (now - arrivals[next]! > 5) lateStarts++;
            sessions.push(session());
            next++;
          }
          if (next < arrivals.length) setTimeout(tick, 2);
          else resolve();
        };
        tick();
      });
      // The last viewers press play; then the window ends.
      await new Promise((r) => setTimeout(r, PLAY_DELAY_MS[1] + 1_000));
      clearInterval(sampler);
      await mark('watching:end');
      // The last viewers' sessions run on; their views were measured already (or are after the window).
      void Promise.all(sessions).catch((err: unknown) => console.error(err));
    }

    // Burst: everyone at once.
    const burst = (phases.burst = fresh());
    if (plan.burst > 0) {
      await mark('burst:start');
      for (let round = 0; round < plan.rounds; round++)
        await Promise.all(
          Array.from({ length: plan.burst }, async () => {
            const video = pick();
            await view(burst, await grant(burst, video, await open(burst, video)));
          }),
        );
      await mark('burst:end');
    }
    process.send!({ done: true, phases, concurrency, lateStarts } satisfies Message, () => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------------
// The parent: the server and its counters

async function main() {
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const plan = {
    viewers: Number(values.viewers),
    minutes: Number(values.minutes),
    alone: Number(values.alone),
    burst: Number(values.burst),
    rounds: Number(values.rounds),
  };
  // Every statement a client of the app's pool sends is one round trip (pool.query and transactions
  // alike); the realtime adapter's own pool (its notifications) is not counted.
  let statements = 0;
  const appClients = new WeakSet<object>();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (appClients.has(this)) statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;

  const t = await createTestApp(
    kind,
    { EMBED_DIR, EMBED_GRANT_RATE_LIMIT: '1000000', JOBS: '0', LOG_LEVEL: 'warn' },
    { onDisk: true },
  );
  if (t.app.database.kind === 'postgres') t.app.database.pool.on('acquire', (c) => appClients.add(c));
  try {
    const db = t.ctx.db;
    const company = await createCompany(db, { name: 'PPV bench' });
    // Every video of the catalogue has its snippet on.
    await loadPpvHistory(db, systemScope(company.id, 'bench'), {
      allowedDomains: [DOMAIN],
      viewsPurchased: 10_000_000,
      snippets: 10_000,
      days: 0,
      now: new Date(),
    });
    const [{ key }] = (await queryRows<{ key: string }>(
      db,
      sql`select api_key as key from company_ppv where company_id = ${company.id}`,
    )) as [{ key: string }];
    // Each video's length as read from its file at import (the English one), else the subject's figure.
    const videos = (
      await queryRows<{ id: string; seconds: number }>(
        db,
        sql`select s.id, coalesce((s.media->'en'->>'duration')::numeric, s.duration)::float as seconds
            from ppv_snippets p join subjects s on s.id = p.subject_id
            where p.company_id = ${company.id} and p.active`,
      )
    ).map((v) => ({ id: v.id, seconds: Number(v.seconds) }));
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.server.address() as AddressInfo).port;

    const counters: Record<string, { cpu: number; statements: number; pgCpu: number | null }> = {};
    const loadAtStart = loadavg();
    const child = fork(import.meta.filename, ['--load'], { stdio: 'inherit' });
    const result = await new Promise<Extract<Message, { done: true }>>((resolve, reject) => {
      child.on('message', (m: Message) => {
        if ('done' in m) return resolve(m);
        void (async () => {
          counters[m.mark] = {
            cpu: cpuMs(),
            statements,
            pgCpu: kind === 'postgres' ? await postgresCpuMs(db) : null,
          };
          child.send('go');
        })();
      });
      child.on('exit', (code) => code !== 0 && reject(new Error(`viewers exited with ${code}`)));
      child.send({ port, key, videos, ...plan } satisfies Plan);
    });
    const loadAtEnd = loadavg();

    const round = (n: number) => Math.round(n * 100) / 100;
    const between = (from: string, to: string, calls: number) => {
      const a = counters[from]!;
      const b = counters[to]!;
      return {
        serverCpuMsPerCall: round((b.cpu - a.cpu) / calls),
        // Reading the backends' CPU is itself one statement.
        statementsPerCall: kind === 'postgres' ? round((b.statements - a.statements - 1) / calls) : null,
        postgresCpuMsPerCall:
          a.pgCpu !== null && b.pgCpu !== null ? round((b.pgCpu - a.pgCpu) / calls) : null,
      };
    };
    const figures = (list: Call[]) => {
      const wall = list.map((c) => c.wall);
      const server = list.map((c) => c.server);
      return {
        calls: list.length,
        wall: { p50: percentile(wall, 50), p95: percentile(wall, 95), p99: percentile(wall, 99) },
        server: { p50: percentile(server, 50), p95: percentile(server, 95), p99: percentile(server, 99) },
      };
    };
    const { alone, watching, burst } = result.phases as Record<'alone' | 'burst', Calls> & {
      watching?: Calls;
    };
    const meanSeconds = videos.reduce((s, v) => s + v.seconds, 0) / videos.length;
    const concurrency = result.concurrency;
    const wallP95 = (list: Call[]) =>
      percentile(
        list.map((c) => c.wall),
        95,
      );
    console.log(
      JSON.stringify(
        {
          bench: 'ppv',
          db: kind,
          cores: cpus().length,
          loadAverageAtStart: loadAtStart.map(round),
          loadAverageAtEnd: loadAtEnd.map(round),
          videos: {
            count: videos.length,
            meanSeconds: round(meanSeconds),
            shortestSeconds: Math.min(...videos.map((v) => v.seconds)),
            longestSeconds: Math.max(...videos.map((v) => v.seconds)),
          },
          alone: {
            doc: { ...figures(alone.doc), ...between('alone:doc', 'alone:grant', alone.doc.length) },
            grant: { ...figures(alone.grant), ...between('alone:grant', 'alone:view', alone.grant.length) },
            view: { ...figures(alone.view), ...between('alone:view', 'alone:end', alone.view.length) },
          },
          watching: watching
            ? {
                targetViewers: plan.viewers,
                arrivalsPerSecond: round((plan.viewers / meanSessionMs(meanSeconds)) * 1000),
                minutesMeasured: plan.minutes,
                concurrentViewers: {
                  mean: Math.round(concurrency.reduce((s, n) => s + n, 0) / Math.max(1, concurrency.length)),
                  min: Math.min(...concurrency),
                  max: Math.max(...concurrency),
                },
                lateStarts: result.lateStarts,
                doc: figures(watching.doc),
                grant: figures(watching.grant),
                view: figures(watching.view),
                perCall: between(
                  'watching:start',
                  'watching:end',
                  watching.doc.length + watching.grant.length + watching.view.length,
                ),
                target: { p95Ms: 20 },
                met: Math.max(wallP95(watching.grant), wallP95(watching.view)) <= 20,
              }
            : null,
          burst:
            plan.burst > 0
              ? {
                  viewersAtOnce: plan.burst,
                  rounds: plan.rounds,
                  doc: figures(burst.doc),
                  grant: figures(burst.grant),
                  view: figures(burst.view),
                  perCall: between(
                    'burst:start',
                    'burst:end',
                    burst.doc.length + burst.grant.length + burst.view.length,
                  ),
                }
              : null,
        },
        null,
        2,
      ),
    );
  } finally {
    await t.close();
  }
}

if (values.load) runViewers();
else await main();
