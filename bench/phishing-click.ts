// The click endpoint of a simulated mail under load: GET /p/{token} at a fixed rate (open loop, so a
// slow answer does not slow the arrivals), each request another employee's mail from another network,
// as the clicks of a campaign come. Target (issue 24): p95 ≤ 10 ms at 1,000 requests/s.
// Usage: [TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db>] \
//          node --import tsx bench/phishing-click.ts --db postgres|pglite [--rate 1000] [--seconds 10]
//          [--one-network]
// The server listens on loopback in this process; the load comes from a child process with keep-alive
// sockets, so its work does not run on the server's event loop. Every token is another mail's, so no
// request finds its delivery kept from an earlier one: each does the whole work of a first click (the
// token's MAC, the delivery's lookup, the burst count, the row and the landing page). With
// --one-network every request comes from 127.0.0.1 (the rate limit's per-network ceiling must let
// 1,000 a second through), else each from another network. Figures: the time a client waited from the
// request's planned start (wall) and the server's own time (Server-Timing), as p50/p95/p99 in ms; the
// rate achieved; CPU per request of the server process, of PostgreSQL's backends and of the load
// generator; the machine's load; on PostgreSQL the transactions per request (pg_stat_database, read
// once every backend has reported, 11 s after the run). Prints JSON.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { phishingToken } from '../apps/server/src/lib/phishing-token.ts';
import { createCompany } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { cpuMs, machineTicks, percentile, postgresCpuMs } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'one-network': { type: 'boolean', default: false },
    load: { type: 'boolean', default: false },
  },
});

interface LoadPlan {
  port: number;
  tokens: string[];
  rate: number;
  seconds: number;
  warmup: number;
  oneNetwork: boolean;
}
interface LoadResult {
  sent: number;
  /** From the first measured request's planned start to the last measured answer (ms). */
  measuredMs: number;
  cpuMs: number;
  wall: number[];
  server: number[];
  statuses: Record<string, number>;
  lateStarts: number;
}

/** The child: sends the requests on schedule and measures each from its planned start. */
function runLoad() {
  process.once('message', (plan: LoadPlan) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 256 });
    const total = plan.rate * (plan.seconds + plan.warmup);
    const warm = plan.rate * plan.warmup;
    const result: LoadResult = {
      sent: 0,
      measuredMs: 0,
      cpuMs: 0,
      wall: [],
      server: [],
      statuses: {},
      lateStarts: 0,
    };
    const cpuBefore = cpuMs();
    const started = performance.now();
    let lastAnswer = 0;
    const finish = () => {
      result.sent = total - warm;
      result.measuredMs = lastAnswer - (started + (warm * 1000) / plan.rate);
      result.cpuMs = cpuMs() - cpuBefore;
      process.send!(result, () => process.exit(0));
    };
    let next = 0;
    let done = 0;
    const fire = (i: number) => {
      const planned = started + (i * 1000) / plan.rate;
      if (performance.now() - planned > 5) result.lateStarts++;
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port: plan.port,
          path: `/p/${plan.tokens[i % plan.tokens.length]}`,
          headers: {
            'user-agent':
              'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
            // Each click from another network, as a campaign's clicks come (Fastify trusts it under TRUST_PROXY).
            ...(plan.oneNetwork
              ? {}
              : { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (i >= warm) {
              lastAnswer = performance.now();
              result.wall.push(lastAnswer - planned);
              const dur = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1];
              if (dur) result.server.push(Number(dur));
              result.statuses[res.statusCode ?? 0] = (result.statuses[res.statusCode ?? 0] ?? 0) + 1;
            }
            if (++done === total) finish();
          });
        },
      );
      req.on('error', () => {
        if (i >= warm) result.statuses.error = (result.statuses.error ?? 0) + 1;
        if (++done === total) finish();
      });
      req.end();
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * plan.rate) / 1000) + 1);
      while (next < due) fire(next++);
      if (next < total) setTimeout(tick, 1);
    };
    tick();
  });
}

/**
 * Transactions committed in this database so far (PostgreSQL; null on PGlite), once every backend has
 * reported: an idle backend flushes its counts within ten seconds. Each statement outside a transaction
 * is one, so this counts the statements of the click path.
 */
async function databaseTransactions(kind: string, db: Db): Promise<number | null> {
  if (kind !== 'postgres') return null;
  await new Promise((r) => setTimeout(r, 11_000));
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
  );
  return Number(row!.n);
}

async function main() {
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const rate = Number(values.rate);
  const secondsRun = Number(values.seconds);
  const warmup = Number(values.warmup);
  const mails = rate * (secondsRun + warmup);
  const load = () => Math.round(loadavg()[0]! * 10) / 10;
  const loadAtStart = load();
  const t = await createTestApp(kind, { JOBS: '0', TRUST_PROXY: '1', LOG_LEVEL: 'warn' }, { onDisk: true });
  try {
    const db = t.ctx.db;
    const company = await createCompany(db, { name: 'Click bench' });
    // One simulation sent an hour ago to one employee per request: every click is another mail's.
    await queryRows(
      db,
      sql`insert into employees (company_id, email, name)
          select ${company.id}, 'clicker' || g || '@bench.example', 'Clicker ' || g from generate_series(1, ${mails}) g`,
    );
    const [campaign] = await queryRows<{ id: string }>(
      db,
      sql`insert into phishing_campaigns (company_id, name, status) values (${company.id}, 'Bench', 'active') returning id`,
    );
    const [event] = await queryRows<{ id: string }>(
      db,
      sql`insert into phishing_events (company_id, campaign_id, type, position, send_at, status)
          values (${company.id}, ${campaign!.id}, 1, 0, now() - interval '1 hour', 'sent') returning id`,
    );
    const { phishingLibrary } = await import('../apps/server/src/modules/phishing/phishing.library.ts');
    const template = phishingLibrary().templates[0]!.id;
    const ids = await queryRows<{ id: number }>(
      db,
      sql`insert into phishing_deliveries (event_id, company_id, employee_id, channel, status, campaign_id, template_id, mail_language, sent_at)
          select ${event!.id}, ${company.id}, e.id, 1, 'sent', ${campaign!.id}, ${template}, 'en', now() - interval '1 hour'
          from employees e where e.company_id = ${company.id} returning id`,
    );
    const tokens = ids.map((r) => phishingToken(t.config.secretKey, Number(r.id)));
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.server.address() as AddressInfo).port;

    const child = fork(import.meta.filename, ['--load'], { stdio: 'inherit' });
    const transactions = () => databaseTransactions(kind, db);
    // The counters first (they wait for the backends to report), then the CPU just before the load.
    const transactionsBefore = await transactions();
    const before = { server: cpuMs(), postgres: await postgresCpuMs(db), machine: machineTicks() };
    child.send({
      port,
      tokens,
      rate,
      seconds: secondsRun,
      warmup,
      oneNetwork: values['one-network'],
    } satisfies LoadPlan);
    const result = await new Promise<LoadResult>((resolve) =>
      child.once('message', (m) => resolve(m as LoadResult)),
    );
    const after = { server: cpuMs(), postgres: await postgresCpuMs(db), machine: machineTicks() };
    const loadAtEnd = load();
    const transactionsAfter = await transactions();
    const perRequest = (from: number | null, to: number | null) =>
      from === null || to === null ? null : Math.round(((to - from) / mails) * 1000) / 1000;
    const [stored] = await queryRows<{ rows: number; clicks: number }>(
      db,
      sql`select count(*)::int as rows, count(*) filter (where kind = 'clicked')::int as clicks
          from phishing_interactions where company_id = ${company.id}`,
    );
    const p95 = percentile(result.wall, 95);
    console.log(
      JSON.stringify(
        {
          bench: 'phishing-click',
          db: kind,
          cores: cpus().length,
          loadAverage: { atStart: loadAtStart, atEnd: loadAtEnd },
          machineBusyPercent: Math.round(
            ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100,
          ),
          oneNetwork: values['one-network'],
          ratePerSecond: rate,
          measuredRequests: result.sent,
          achievedPerSecond: Math.round((result.sent * 1000) / result.measuredMs),
          statuses: result.statuses,
          lateStarts: result.lateStarts,
          wallMs: {
            p50: percentile(result.wall, 50),
            p95,
            p99: percentile(result.wall, 99),
            max: percentile(result.wall, 100),
          },
          serverMs: {
            p50: percentile(result.server, 50),
            p95: percentile(result.server, 95),
            p99: percentile(result.server, 99),
          },
          target: { p95Ms: 10, ratePerSecond: 1000 },
          met: p95 <= 10 && (result.statuses['200'] ?? 0) === result.sent,
          rowsStored: stored?.rows,
          // No click is counted without the landing page's script: the bench sends none.
          clicksCounted: stored?.clicks,
          // Every request, the warm-up's included.
          cpuMsPerRequest: {
            server: perRequest(before.server, after.server),
            postgres: perRequest(before.postgres, after.postgres),
            loadGenerator: perRequest(0, result.cpuMs),
          },
          transactionsPerRequest: perRequest(transactionsBefore, transactionsAfter),
        },
        null,
        2,
      ),
    );
  } finally {
    await t.close();
  }
}

if (values.load) runLoad();
else await main();
