// Learner event throughput: employees watching a lesson, as POST /api/learner/events over real HTTP.
// Usage: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//          node --import tsx bench/learner-events.ts --db postgres [--employees 2000] [--seconds 20] [--concurrency 32]
// A "send now" program is delivered to every employee through the outbox; each employee's token comes
// from their mail's link. The server listens on loopback in this process; the clients run in a child
// process (with keep-alive connections), so that their work does not share the server's event loop.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { dispatch, sendDue } from '../apps/server/src/modules/trainings/trainings.delivery.ts';
import { sendNowProgram } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany, seedEmployees } from './seed.ts';
import { cpuMs, machineTicks, percentile, postgresCpuMs } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    employees: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '32' },
    client: { type: 'boolean', default: false },
  },
});

/** What a person watching a video lesson sends: open, the video marks, close. */
const SEQUENCE = [3, 7, 8, 9, 10, 11, 12, 4];
const SUBJECT = 'spot-the-phish';

interface LoadPlan {
  url: string;
  trainingId: string;
  tokens: string[];
  seconds: number;
  concurrency: number;
}

interface LoadResult {
  events: number;
  errors: string[];
  elapsedMs: number;
  clientMs: number[];
  serverMs: number[];
  /** CPU the clients used while counted. */
  cpuMs: number;
}

/**
 * The child process: `concurrency` clients, each taking the next employee and sending their whole
 * sequence one event after the other, until the time is up. A short warm-up is not counted.
 */
async function runClients(plan: LoadPlan): Promise<LoadResult> {
  let next = 0;
  // node:http on keep-alive sockets: fetch costs the clients about twice the CPU, taken from the server.
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency });
  const target = new URL(plan.url);
  const post = (token: string, code: number) =>
    new Promise<{ ok: boolean; status: number; clientMs: number; serverMs: number }>((resolve, reject) => {
      const started = performance.now();
      const body = JSON.stringify({ trainingId: plan.trainingId, subjectId: SUBJECT, code });
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const timing = String(res.headers['server-timing'] ?? '');
            resolve({
              ok: status >= 200 && status < 300,
              status,
              clientMs: performance.now() - started,
              serverMs: Number(timing.match(/dur=([\d.]+)/)?.[1] ?? NaN),
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const load = async (until: number, result?: LoadResult) => {
    const client = async () => {
      while (performance.now() < until) {
        const token = plan.tokens[next++ % plan.tokens.length]!;
        for (const code of SEQUENCE) {
          const r = await post(token, code);
          if (!result) continue;
          result.events++;
          result.clientMs.push(r.clientMs);
          result.serverMs.push(r.serverMs);
          if (!r.ok && result.errors.length < 10) result.errors.push(`code ${code}: HTTP ${r.status}`);
        }
      }
    };
    await Promise.all(Array.from({ length: plan.concurrency }, client));
  };
  await load(performance.now() + 2000);
  const result: LoadResult = { events: 0, errors: [], elapsedMs: 0, clientMs: [], serverMs: [], cpuMs: 0 };
  process.send!('counting');
  const cpuBefore = cpuMs();
  const started = performance.now();
  await load(started + plan.seconds * 1000, result);
  result.elapsedMs = performance.now() - started;
  result.cpuMs = cpuMs() - cpuBefore;
  return result;
}

/** The learner token in a training mail's link (the outbox keeps the link whole). */
const learnerTokenFrom = (text: string) => decodeURIComponent(text.match(/#t=([A-Za-z0-9_%-]+)/)![1]!);

async function main() {
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const count = Number(values.employees);
  const loadAverage = Math.round(loadavg()[0]! * 10) / 10;
  const t = await createTestApp(kind, { JOBS: '0' }, { onDisk: true });
  try {
    const db = t.ctx.db;
    const { company, token } = await benchCompany(t, count);
    const api = async (url: string, body: unknown) => {
      const res = await t.inject({
        method: 'POST',
        url: `/api/companies/${company.id}${url}`,
        headers: { authorization: `Bearer ${token}` },
        payload: body as object,
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };

    // Setup, not timed: employees in one list, a program sent to all of them through the outbox.
    const list = await api('/lists', { name: 'Everyone' });
    await seedEmployees(db, company.id, list.id, count);
    const { automation } = await api('/automations', sendNowProgram('Learner events', [SUBJECT], [list.id]));
    await dispatch(t.ctx.db, new Date());
    if ((await sendDue(t.ctx)) !== count) throw new Error('not every employee got the program');
    const mails = await queryRows<{ text: string }>(db, sql`select text from mails where kind = 'training'`);
    const tokens = mails.map((m) => learnerTokenFrom(m.text));

    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.server.address() as AddressInfo).port;
    const plan: LoadPlan = {
      url: `http://127.0.0.1:${port}/api/learner/events`,
      trainingId: automation.id,
      tokens,
      seconds: Number(values.seconds),
      concurrency: Number(values.concurrency),
    };
    const child = fork(import.meta.filename, ['--client'], { stdio: 'inherit' });
    let before = { server: 0, db: null as number | null, machine: machineTicks() };
    const result = await new Promise<LoadResult>((resolve, reject) => {
      child.on('message', (m) => {
        // The clients say when the counted part starts (after their warm-up).
        if (m === 'counting')
          void postgresCpuMs(db).then(
            (dbMs) => (before = { server: cpuMs(), db: dbMs, machine: machineTicks() }),
          );
        else resolve(m as LoadResult);
      });
      child.once('error', reject);
      child.send(plan);
    });
    const after = { server: cpuMs(), db: await postgresCpuMs(db), machine: machineTicks() };
    child.disconnect();
    const perEvent = (ms: number) => Math.round((ms / result.events) * 100) / 100;
    if (result.errors.length > 0) throw new Error(`refused events: ${result.errors.join(', ')}`);
    const [stored] = await queryRows<{ events: number; progress: number }>(
      db,
      sql`select (select count(*)::int from learner_events) as events,
                 (select count(*)::int from training_progress) as progress`,
    );

    console.log(
      JSON.stringify(
        {
          bench: 'learner-events',
          db: kind,
          employees: count,
          cores: cpus().length,
          loadAverageAtStart: loadAverage,
          concurrency: plan.concurrency,
          seconds: Math.round(result.elapsedMs / 100) / 10,
          events: result.events,
          eventsPerSecond: Math.round(result.events / (result.elapsedMs / 1000)),
          clientP50Ms: percentile(result.clientMs, 50),
          clientP95Ms: percentile(result.clientMs, 95),
          clientP99Ms: percentile(result.clientMs, 99),
          serverP50Ms: percentile(result.serverMs, 50),
          serverP95Ms: percentile(result.serverMs, 95),
          serverP99Ms: percentile(result.serverMs, 99),
          cpuMsPerEvent: {
            server: perEvent(after.server - before.server),
            postgres: after.db === null || before.db === null ? null : perEvent(after.db - before.db),
            clients: perEvent(result.cpuMs),
          },
          machineBusyPercent: Math.round(
            ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100,
          ),
          storedEvents: stored?.events,
          progressRows: stored?.progress,
        },
        null,
        2,
      ),
    );
  } finally {
    await t.close();
  }
}

if (values.client) {
  process.once('message', async (plan) => {
    const result = await runClients(plan as LoadPlan);
    process.send!(result, () => process.exit(0));
  });
} else await main();
