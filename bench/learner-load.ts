// Open-loop load of employees using the learner app at once, measured from outside the server.
// Usage: [TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test] \
//          node --import tsx bench/learner-load.ts --db postgres|pglite [--employees 500] [--seconds 30] [--together]
// Setup (not timed): a program of two video lessons is delivered to every employee through the outbox;
// each employee's token comes from their mail's link. Then the server runs as its own process
// (apps/server/src/main.ts, jobs on, as `npm start` runs it) on that database, listening on loopback.
// Each employee acts about once a second (intervals drawn around 1 s, first action at a random moment
// of the first second), going through what the learner app asks for: the home page, a lesson, its
// open / video marks / close events, the quiz answers, then the next lesson. Each is somewhere in that
// round when the measurement starts (employees already active); with --together every one starts at
// the home page in the same second, as when the mail has just gone out. Requests go out at their
// planned moment whether or not earlier ones have been answered (open loop), and a request's latency
// is measured from its planned moment to the end of its answer, so a stall in the server shows as the
// full time the requests planned during it waited (no coordinated omission).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { dispatch, sendDue } from '../apps/server/src/modules/trainings/trainings.delivery.ts';
import { sendNowProgram } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany, seedEmployees } from './seed.ts';
import { machineTicks, percentile, postgresCpuMs } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    employees: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '30' },
    together: { type: 'boolean', default: false },
  },
});

const SUBJECTS = ['spot-the-phish', 'clean-desk'];
const QUESTIONS = 4;
/** A request not answered within this time counts as an error (and the run stays bounded). */
const TIMEOUT_MS = 10_000;

type Action = {
  kind: 'home' | 'subject' | 'event' | 'answer';
  method: 'GET' | 'POST';
  path: string;
  body?: object;
};

/** One employee's way through the program, one action at a time, round and round. */
function script(trainingId: string): Action[] {
  return SUBJECTS.flatMap((subjectId): Action[] => [
    { kind: 'home', method: 'GET', path: '/api/learner/me' },
    { kind: 'subject', method: 'GET', path: `/api/learner/trainings/${trainingId}/subjects/${subjectId}` },
    ...[3, 7, 8, 9, 10, 11, 12, 4].map((code): Action => ({
      kind: 'event',
      method: 'POST',
      path: '/api/learner/events',
      body: { trainingId, subjectId, code },
    })),
    ...Array.from({ length: QUESTIONS }, (_, question): Action => ({
      kind: 'answer',
      method: 'POST',
      path: '/api/learner/answers',
      body: { trainingId, subjectId, question, answer: question % 2 },
    })),
  ]);
}

interface Sample {
  kind: Action['kind'];
  /** Planned moment, ms since the start. */
  at: number;
  latencyMs: number;
  status: number;
}

/** Sends every planned request at its moment over keep-alive connections; resolves with all samples. */
async function runLoad(
  baseUrl: string,
  tokens: string[],
  trainingId: string,
  seconds: number,
  together: boolean,
) {
  const steps = script(trainingId);
  // Each employee has a browser of their own: keep-alive connections, at most six at once.
  const agents = tokens.map(() => new Agent({ keepAlive: true, maxSockets: 6 }));
  const target = new URL(baseUrl);
  // Every employee's planned moments: a random start in the first second, then 0.5–1.5 s apart.
  const plan: { at: number; employee: number; step: number }[] = [];
  tokens.forEach((_, employee) => {
    let at = Math.random() * 1000;
    const first = together ? 0 : Math.floor(Math.random() * steps.length);
    for (let step = first; at < seconds * 1000; step++, at += 500 + Math.random() * 1000)
      plan.push({ at, employee, step: step % steps.length });
  });
  plan.sort((a, b) => a.at - b.at);

  const samples: Sample[] = [];
  const errors: string[] = [];
  const send = (planned: number, employee: number, action: Action, start: number) =>
    new Promise<void>((resolve) => {
      const body = action.body ? JSON.stringify(action.body) : undefined;
      const done = (status: number, error?: string) => {
        samples.push({
          kind: action.kind,
          at: planned,
          latencyMs: performance.now() - start - planned,
          status,
        });
        if (error && errors.length < 20) errors.push(`${action.method} ${action.path}: ${error}`);
        resolve();
      };
      const req = request(
        {
          agent: agents[employee],
          host: target.hostname,
          port: target.port,
          path: action.path,
          method: action.method,
          timeout: TIMEOUT_MS,
          headers: {
            authorization: `Bearer ${tokens[employee]}`,
            // As a browser asks: the server compresses answers above 1 kB.
            'accept-encoding': 'gzip, deflate, br',
            ...(body
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
              : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            done(status, status >= 200 && status < 300 ? undefined : `HTTP ${status}`);
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (err) => done(0, err.message));
      req.end(body);
    });

  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  let next = 0;
  while (next < plan.length) {
    const now = performance.now() - start;
    while (next < plan.length && plan[next]!.at <= now) {
      const p = plan[next++]!;
      inFlight.push(send(p.at, p.employee, steps[p.step]!, start));
    }
    if (next < plan.length) await new Promise((r) => setTimeout(r, Math.max(0, plan[next]!.at - now)));
  }
  await Promise.all(inFlight);
  for (const agent of agents) agent.destroy();
  return { samples, errors, planned: plan.length };
}

/** CPU time a process of this machine has used so far (ms). */
function processCpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function waitForHealth(url: string, deadline: number) {
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become ready');
}

/** The learner token in a training mail's link (the outbox keeps the link whole). */
const learnerTokenFrom = (text: string) => decodeURIComponent(text.match(/#t=([A-Za-z0-9_%-]+)/)![1]!);

const figures = (list: Sample[]) => {
  const ms = list.map((s) => s.latencyMs);
  return {
    requests: list.length,
    p50Ms: percentile(ms, 50),
    p95Ms: percentile(ms, 95),
    p99Ms: percentile(ms, 99),
    maxMs: Math.round(Math.max(...ms) * 10) / 10,
  };
};

async function main() {
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const count = Number(values.employees);
  const seconds = Number(values.seconds);
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
    const list = await api('/lists', { name: 'Everyone' });
    await seedEmployees(db, company.id, list.id, count);
    const { automation } = await api('/automations', sendNowProgram('Learner load', SUBJECTS, [list.id]));
    await dispatch(db, new Date());
    if ((await sendDue(t.ctx)) !== count) throw new Error('not every employee got the program');
    const mails = await queryRows<{ text: string }>(db, sql`select text from mails where kind = 'training'`);
    const tokens = mails.map((m) => learnerTokenFrom(m.text));
    await t.release();

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../apps/server/src/main.ts')],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: t.dataDir,
          DEMO_DATA: '0',
          LOG_LEVEL: 'warn',
          ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    // On PostgreSQL, a connection of our own reads the server's backends' CPU time.
    const watcher = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : undefined;
    try {
      await waitForHealth(baseUrl, Date.now() + 120_000);
      const loadAverage = Math.round(loadavg()[0]! * 100) / 100;
      const machineBefore = machineTicks();
      const serverBefore = processCpuMs(server.pid!);
      const dbBefore = watcher ? await postgresCpuMs(watcher.db) : null;
      const run = await runLoad(baseUrl, tokens, automation.id, seconds, values.together);
      const dbAfter = watcher ? await postgresCpuMs(watcher.db) : null;
      const serverAfter = processCpuMs(server.pid!);
      const machineAfter = machineTicks();
      const perRequest = (ms: number) => Math.round((ms / run.samples.length) * 100) / 100;
      const byKind = (k: Sample['kind']) => figures(run.samples.filter((s) => s.kind === k));
      const failed = run.samples.filter((s) => s.status < 200 || s.status >= 300).length;
      console.log(
        JSON.stringify(
          {
            bench: 'learner-load',
            db: kind,
            employees: count,
            seconds,
            together: values.together,
            cores: cpus().length,
            loadAverageAtStart: loadAverage,
            machineBusyPercent: Math.round(
              ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100,
            ),
            requestsPerSecond: Math.round(run.planned / seconds),
            cpuMsPerRequest: {
              server: perRequest(serverAfter - serverBefore),
              postgres: dbBefore === null || dbAfter === null ? null : perRequest(dbAfter - dbBefore),
            },
            ...figures(run.samples),
            firstFiveSeconds: figures(run.samples.filter((s) => s.at < 5000)),
            afterFiveSeconds: figures(run.samples.filter((s) => s.at >= 5000)),
            // Where the tail sits in time: each second's p99 (planned moment's second).
            p99BySecondMs: Array.from({ length: seconds }, (_, i) =>
              percentile(
                run.samples.filter((x) => x.at >= i * 1000 && x.at < (i + 1) * 1000).map((x) => x.latencyMs),
                99,
              ),
            ),
            home: byKind('home'),
            subject: byKind('subject'),
            event: byKind('event'),
            answer: byKind('answer'),
            errors: failed,
            firstErrors: run.errors,
          },
          null,
          2,
        ),
      );
    } finally {
      await watcher?.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  } finally {
    await t.close();
  }
}

await main();
