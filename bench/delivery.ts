// Delivery engine figures: one "send now" program to N employees, fanned out and sent over SMTP.
// Usage: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//          node --expose-gc --import tsx bench/delivery.ts --db postgres [--employees 100000] [--senders 1]
//          [--requests 50] [--stale]
// Each entry of --senders (e.g. 1,2) is one round: a fresh program to the same list, sent by that many
// send loops running at once in this process (as that many workers would); a later round inherits the
// planner statistics the earlier one left. The engine is driven directly (JOBS=0).
// The SMTP sink runs in a child process, as a mail server is another machine: it counts messages and
// recipients and drains each message without keeping it. The detail page is timed after ANALYZE (as
// autovacuum leaves the tables), or with --stale as the sending left them.
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { queryRows } from '../apps/server/src/db/client.ts';
import { dispatch, sendDue } from '../apps/server/src/modules/trainings/trainings.delivery.ts';
import { sendNowProgram } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany, seedEmployees } from './seed.ts';
import { cpuMs, machineTicks, percentile, postgresCpuMs, rssMb } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    employees: { type: 'string', default: '100000' },
    senders: { type: 'string', default: '1' },
    requests: { type: 'string', default: '50' },
    stale: { type: 'boolean', default: false },
    sink: { type: 'boolean', default: false },
  },
});

interface SinkStats {
  total: number;
  /** Bytes of message data received. */
  bytes: number;
  distinct: number;
  /** Date.now() in the sink when it accepted the last message. */
  lastAt: number;
  /** CPU the sink has used so far. */
  cpuMs: number;
}

/** The child process: an SMTP server on loopback that accepts everything and remembers only counts. */
function runSink() {
  let total = 0;
  let bytes = 0;
  let lastAt = 0;
  const recipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
      stream.on('end', () => {
        total++;
        for (const r of session.envelope.rcptTo) recipients.add(r.address);
        lastAt = Date.now();
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.server.address() as AddressInfo).port }));
  process.on('message', (message) => {
    if (message === 'stats') {
      const cpu = process.cpuUsage();
      process.send!({
        total,
        bytes,
        distinct: recipients.size,
        lastAt,
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
    }
    if (message === 'reset') {
      total = 0;
      bytes = 0;
      lastAt = 0;
      recipients.clear();
      process.send!({ reset: true });
    }
    if (message === 'stop') server.close(() => process.exit(0));
  });
}

/** Starts the sink and returns its port and a way to ask it things. */
async function startSink() {
  const child = fork(import.meta.filename, ['--sink'], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve((m as { port: number }).port)),
  );
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (m) => resolve(m as T));
      child.send(message);
    });
  return { child, port, stats: () => ask<SinkStats>('stats'), reset: () => ask<unknown>('reset') };
}

const heapMb = () => Math.round(process.memoryUsage().heapUsed / 1_048_576);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const count = Number(values.employees);
  const senderRounds = values.senders.split(',').map(Number);
  const requests = Number(values.requests);
  const loadAverage = Math.round(loadavg()[0]! * 10) / 10;
  const sink = await startSink();
  const t = await createTestApp(
    kind,
    { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: 'Vigil <no-reply@bench.example>', JOBS: '0' },
    { onDisk: true },
  );
  try {
    const db = t.ctx.db;
    const { company, token } = await benchCompany(t, count);
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}/api/companies/${company.id}`;
    let lastServerMs = 0;
    const api = async <T = unknown>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      lastServerMs = Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1] ?? NaN);
      return (await res.json()) as T;
    };

    // Setup, not timed: the employees and their list written directly, set-based.
    const list = await api<{ id: string }>('POST', '/lists', { name: 'Everyone' });
    const units = ['Finance', 'Sales', 'Operations', 'IT', 'People', 'Legal', 'Warehouse', 'Support'];
    await seedEmployees(db, company.id, list.id, count, units);

    const rounds = [];
    for (const senders of senderRounds) {
      await sink.reset();
      const { automation } = await api<{ automation: { id: string } }>(
        'POST',
        '/automations',
        sendNowProgram(`Send now, ${senders} sender${senders > 1 ? 's' : ''}`, ['spot-the-phish'], [list.id]),
      );

      global.gc?.();
      const rssBefore = rssMb();
      const heapBefore = heapMb();
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb())), 500);
      const machineBefore = machineTicks();
      const cpuBefore = { server: cpuMs(), sink: (await sink.stats()).cpuMs, db: await postgresCpuMs(db) };
      const startedAt = Date.now();
      await dispatch(db, new Date());
      const fanOutMs = Date.now() - startedAt;
      const sent = (await Promise.all(Array.from({ length: senders }, () => sendDue(t.ctx)))).reduce(
        (a, b) => a + b,
        0,
      );
      const sendersDoneAt = Date.now();
      let stats = await sink.stats();
      for (let i = 0; i < 100 && stats.total < count; i++) {
        await sleep(100);
        stats = await sink.stats();
      }
      clearInterval(sampler);
      const machineAfter = machineTicks();
      const dbCpuAfter = await postgresCpuMs(db);
      const cpuPerMail = (before: number | null, after: number | null) =>
        before === null || after === null ? null : Math.round(((after - before) / count) * 100) / 100;
      const cpuMsPerMail = {
        server: cpuPerMail(cpuBefore.server, cpuMs()),
        postgres: cpuPerMail(cpuBefore.db, dbCpuAfter),
        sink: cpuPerMail(cpuBefore.sink, stats.cpuMs),
      };
      const machineBusyPercent = Math.round(
        ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100,
      );
      // The engine's own bookkeeping: the event closes once nothing is left to send.
      await dispatch(db, new Date());
      global.gc?.();
      const rssAfter = rssMb();
      const heapAfter = heapMb();
      const seconds = (stats.lastAt - startedAt) / 1000;
      const [stored] = await queryRows<{ sent: number; mails: number }>(
        db,
        sql`select count(*) filter (where status = 'sent')::int as sent, count(distinct mail_id)::int as mails
            from training_deliveries where training_id = ${automation.id}`,
      );
      const oneEach = [sent, stats.total, stats.distinct, stored?.sent, stored?.mails].every(
        (n) => n === count,
      );
      if (!oneEach)
        throw new Error(
          `expected ${count} mails, one each: engine ${sent}, sink ${stats.total} to ${stats.distinct}, ` +
            `stored ${stored?.sent} with ${stored?.mails} mails`,
        );

      // The program's detail page and its tabs, after sending, with fresh planner statistics as
      // autovacuum leaves them on a default PostgreSQL (--stale: as the sending left them).
      if (!values.stale) await db.execute(sql`analyze`);
      const serverTimes: Record<string, number[]> = { detail: [], lessons: [], lists: [], employees: [] };
      const paths = {
        detail: '',
        lessons: '/lessons',
        lists: '/lists',
        employees: '/employees?p=1',
      };
      for (let i = 0; i < requests; i++) {
        for (const [name, path] of Object.entries(paths)) {
          await api('GET', `/automations/${automation.id}${path}`);
          serverTimes[name]!.push(lastServerMs);
        }
      }
      rounds.push({
        senders,
        mailsPerSecond: Math.round(count / seconds),
        seconds: Math.round(seconds * 10) / 10,
        fanOutSeconds: Math.round(fanOutMs / 100) / 10,
        sendersReturnedAfterSeconds: Math.round((sendersDoneAt - startedAt) / 100) / 10,
        sink: {
          total: stats.total,
          distinctRecipients: stats.distinct,
          bytesPerMail: Math.round(stats.bytes / stats.total),
        },
        cpuMsPerMail,
        machineBusyPercent,
        rssBeforeMb: rssBefore,
        rssPeakMb: rssPeak,
        rssAfterMb: rssAfter,
        heapUsedBeforeMb: heapBefore,
        heapUsedAfterMb: heapAfter,
        serverP50Ms: Object.fromEntries(Object.entries(serverTimes).map(([k, v]) => [k, percentile(v, 50)])),
        serverP95Ms: Object.fromEntries(Object.entries(serverTimes).map(([k, v]) => [k, percentile(v, 95)])),
      });
    }
    console.log(
      JSON.stringify(
        {
          bench: 'delivery',
          db: kind,
          employees: count,
          cores: cpus().length,
          loadAverageAtStart: loadAverage,
          detailRequests: requests,
          rounds,
        },
        null,
        2,
      ),
    );
  } finally {
    await t.close();
    sink.child.send('stop');
  }
}

if (values.sink) runSink();
else await main();
