// Phishing send figures: one simulation to N employees (a random mix of the library per employee),
// fanned out over its window and sent over SMTP, each mail rendered with its own token, link, pixel and
// X-Vigil-Simulation header. Target (issue 24): 100,000 mails at 500 mails/s or more on PostgreSQL.
// Usage: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> \
//          node --import tsx bench/phishing-send.ts --db postgres [--employees 100000] [--senders 2]
// The window opens now and lasts one day without business hours; the send loops are run as if the
// whole window had passed (their clock is set after its end), so every mail is due and the figure is
// the engine's throughput, not the window's spread. The SMTP sink runs in a child process and only
// counts. The engine is driven directly (JOBS=0). Prints JSON.
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { queryRows } from '../apps/server/src/db/client.ts';
import { dispatchPhishing, sendPhishingMails } from '../apps/server/src/modules/phishing/phishing.engine.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany, seedEmployees } from './seed.ts';
import { cpuMs, rssMb } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    employees: { type: 'string', default: '100000' },
    senders: { type: 'string', default: '2' },
    sink: { type: 'boolean', default: false },
  },
});

interface SinkStats {
  total: number;
  bytes: number;
  distinct: number;
  withHeader: number;
  lastAt: number;
}

/** The child process: an SMTP server on loopback that accepts everything and remembers only counts. */
function runSink() {
  let total = 0;
  let bytes = 0;
  let withHeader = 0;
  let lastAt = 0;
  const recipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        total++;
        if (/^X-Vigil-Simulation: [A-Za-z0-9_-]{27}\r?$/im.test(head)) withHeader++;
        for (const r of session.envelope.rcptTo) recipients.add(r.address);
        lastAt = Date.now();
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.server.address() as AddressInfo).port }));
  process.on('message', (message) => {
    if (message === 'stats') process.send!({ total, bytes, distinct: recipients.size, withHeader, lastAt });
    if (message === 'stop') server.close(() => process.exit(0));
  });
}

async function startSink() {
  const child = fork(import.meta.filename, ['--sink'], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve((m as { port: number }).port)),
  );
  const stats = () =>
    new Promise<SinkStats>((resolve) => {
      child.once('message', (m) => resolve(m as SinkStats));
      child.send('stats');
    });
  return { child, port, stats };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const count = Number(values.employees);
  const senders = Number(values.senders);
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
    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await t.inject({
        method: method as 'POST',
        url: `/api/companies/${company.id}${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(body ? { payload: body as object } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json<T>();
    };
    const list = await api<{ id: string }>('POST', '/lists', { name: 'Everyone' });
    await seedEmployees(db, company.id, list.id, count, ['Finance', 'Sales', 'Operations', 'IT']);
    await api('POST', '/phishing-senders', { name: 'Bench', domain: 'bench-portal.example' });
    const start = new Date();
    const { phishing } = await api<{ phishing: { id: string } }>('POST', '/phishing', {
      name: 'Bench simulation',
      status: 'scheduled',
      templateMode: 'random',
      templateIds: [],
      userLists: [list.id],
      sendWindow: {
        start: start.toISOString(),
        days: 1,
        businessHours: null,
        weekdaysOnly: false,
        timeZone: 'UTC',
      },
    });

    const rssBefore = rssMb();
    const cpuBefore = cpuMs();
    const startedAt = Date.now();
    await dispatchPhishing(db, start);
    const fanOutMs = Date.now() - startedAt;
    const afterWindow = () => new Date(start.getTime() + 2 * 86_400_000);
    const sendStartedAt = Date.now();
    const sent = (
      await Promise.all(Array.from({ length: senders }, () => sendPhishingMails(t.ctx, afterWindow)))
    ).reduce((a, b) => a + b, 0);
    let stats = await sink.stats();
    for (let i = 0; i < 100 && stats.total < count; i++) {
      await sleep(100);
      stats = await sink.stats();
    }
    const sendSeconds = (stats.lastAt - sendStartedAt) / 1000;
    const [stored] = await queryRows<{ sent: number; tokens: number }>(
      db,
      sql`select count(*) filter (where status = 'sent')::int as sent, count(distinct id)::int as tokens
          from phishing_deliveries where campaign_id = ${phishing.id}`,
    );
    const oneEach = [sent, stats.total, stats.distinct, stats.withHeader, stored?.sent].every(
      (n) => n === count,
    );
    console.log(
      JSON.stringify(
        {
          bench: 'phishing-send',
          db: kind,
          employees: count,
          senders,
          cores: cpus().length,
          loadAverageAtStart: loadAverage,
          fanOutSeconds: Math.round(fanOutMs / 100) / 10,
          sendSeconds: Math.round(sendSeconds * 10) / 10,
          mailsPerSecond: Math.round(count / sendSeconds),
          mailsPerSecondWithFanOut: Math.round(count / ((stats.lastAt - startedAt) / 1000)),
          target: { mailsPerSecond: 500 },
          sink: {
            total: stats.total,
            distinctRecipients: stats.distinct,
            withSimulationHeader: stats.withHeader,
            bytesPerMail: Math.round(stats.bytes / Math.max(stats.total, 1)),
          },
          oneMailEach: oneEach,
          serverCpuMsPerMail: Math.round(((cpuMs() - cpuBefore) / count) * 100) / 100,
          rssBeforeMb: rssBefore,
          rssAfterMb: rssMb(),
        },
        null,
        2,
      ),
    );
    if (!oneEach) process.exitCode = 1;
  } finally {
    await t.close();
    sink.child.send('stop');
  }
}

if (values.sink) runSink();
else await main();
