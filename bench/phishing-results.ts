// A phishing simulation's results and employees calls for a simulation of 100 000 recipients.
// Target (issue 24): each call p95 ≤ 300 ms, as the other dashboard calls.
// Usage: [TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db>] \
//          node --import tsx bench/phishing-results.ts --db postgres|pglite [--recipients 100000] [--rounds 30] [--keep]
// Seeding is set-based and the same every run (spreads drawn from the row number): employees in a list
// of everyone and a tenth of them in a second list, ten departments, six library templates; mails sent
// over three days (1 % failed); 20 % opened, 12 % clicked (half confirmed after a scanner row), 4 %
// submitted, 6 % reported, 30 % of mails fetched by a scanner once or twice; an earlier simulation in
// which 5 % clicked, so repeat clickers exist. Each call is timed by its Server-Timing header over real
// HTTP; CPU per call is this process's and (PostgreSQL on this machine) the database backends'.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { phishingLibrary } from '../apps/server/src/modules/phishing/phishing.library.ts';
import { createTestApp, type TestApp } from '../apps/server/src/test/harness.ts';
import { cpuMs, percentile, postgresCpuMs, seconds } from './measure.ts';
import { benchCompany, seedEmployees } from './seed.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    recipients: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '30' },
    // Leave the seeded database behind (its URL or PGlite folder is printed), to profile its queries.
    keep: { type: 'boolean', default: false },
  },
});

const DEPARTMENTS = Array.from({ length: 10 }, (_, i) => `Department ${i}`);

/** A simulation sent to every employee of the company, its mails' spreads drawn from `n` (the row number). */
async function seedSimulation(db: Db, companyId: string, name: string, lists: string[], templates: string[]) {
  const c = sql`${companyId}::uuid`;
  const [campaign] = await queryRows<{ id: string }>(
    db,
    sql`insert into phishing_campaigns (company_id, name, status, time_zone, started_at)
        values (${c}, ${name}, 'active', 'Europe/Berlin', now() - interval '4 days') returning id`,
  );
  const id = campaign!.id;
  const [event] = await queryRows<{ id: string }>(
    db,
    sql`insert into phishing_events (company_id, campaign_id, type, position, send_at, status)
        values (${c}, ${id}, 1, 0, now() - interval '4 days', 'sent') returning id`,
  );
  const templateArray = sql`${sql.param(templates)}::text[]`;
  await db.execute(sql`
    insert into phishing_deliveries (event_id, company_id, employee_id, channel, status, campaign_id,
      template_id, mail_language, list_ids, department, sent_at)
    select ${event!.id}::uuid, ${c}, e.id, 1, case when e.n % 100 = 99 then 'failed' else 'sent' end, ${id}::uuid,
      (${templateArray})[1 + e.n % ${templates.length}], 'en',
      case when e.n % 10 = 0 then array[${lists[0]}::uuid, ${lists[1]}::uuid] else array[${lists[0]}::uuid] end,
      e.unit, now() - interval '4 days' + (e.n % 4320) * interval '1 minute'
    from (select id, unit, row_number() over (order by id) as n from employees where company_id = ${c}) e`);
  return id;
}

/** What the employees did with the mails, by the spreads the header describes (`share` of 1000 mails). */
async function seedInteractions(db: Db, companyId: string, campaignId: string, earlier: boolean) {
  const rows = (kind: string, where: string, at: string, extra = '') =>
    db.execute(
      sql.raw(`
    insert into phishing_interactions (delivery_id, company_id, campaign_id, employee_id, kind, at, scanner_reason, confirmed_at)
    select d.id, d.company_id, d.campaign_id, d.employee_id, '${kind}', d.sent_at + ${at}, ${extra || 'null, null'}
    from (select *, row_number() over (order by id) as n from phishing_deliveries
          where company_id = '${companyId}' and campaign_id = '${campaignId}' and status = 'sent') d
    where ${where}`),
    );
  if (earlier) return rows('clicked', 'd.n % 20 = 0', `interval '2 hours'`);
  await rows('opened', 'd.n % 5 = 0', `interval '20 minutes'`);
  await rows('scanner', 'd.n % 10 < 3', `interval '10 seconds'`, `'user-agent', null`);
  await rows('scanner', 'd.n % 20 = 1', `interval '11 seconds'`, `'prefetch', null`);
  await rows(
    'clicked',
    'd.n % 25 < 3',
    `interval '40 minutes'`,
    `'user-agent', d.sent_at + interval '41 minutes'`,
  );
  await rows('clicked', 'd.n % 25 between 3 and 5', `interval '3 hours'`);
  await rows('submitted', 'd.n % 25 = 0', `interval '45 minutes'`);
  await rows('reported', 'd.n % 50 in (7, 9, 11)', `(d.n % 600) * interval '1 minute'`);
}

async function main() {
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const recipients = Number(values.recipients);
  const rounds = Number(values.rounds);
  const t = await createTestApp(kind, { JOBS: '0', LOG_LEVEL: 'warn' }, { onDisk: true });
  try {
    const db = t.ctx.db;
    const seedStart = performance.now();
    const { company, token } = await benchCompany(t, recipients);
    const c = company.id;
    const [everyone, tenth] = await queryRows<{ id: string }>(
      db,
      sql`insert into employee_lists (company_id, name) values (${c}, 'Everyone'), (${c}, 'A tenth') returning id`,
    );
    const lists = [everyone!.id, tenth!.id];
    await seedEmployees(db, c, lists[0]!, recipients, DEPARTMENTS);
    const templates = phishingLibrary()
      .templates.slice(0, 6)
      .map((tpl) => tpl.id);
    const earlier = await seedSimulation(db, c, 'Earlier', lists, templates);
    await seedInteractions(db, c, earlier, true);
    const id = await seedSimulation(db, c, 'Bench', lists, templates);
    await seedInteractions(db, c, id, false);
    await db.execute(sql`analyze phishing_deliveries, phishing_interactions, employees`);
    const seeded = seconds(seedStart);

    const { api, serverMs } = await benchClient(t, c, token);
    const calls: Record<string, string> = {
      results: `/phishing/${id}/results`,
      'employees p1 by name': `/phishing/${id}/employees?order=name&n=50`,
      'employees p1 by clicked desc': `/phishing/${id}/employees?order=clicked&d=desc&n=50`,
      'employees p100 by sent': `/phishing/${id}/employees?order=sent&n=50&p=100`,
      'employees clicked, searched': `/phishing/${id}/employees?outcome=clicked&q=${encodeURIComponent('a')}&n=50`,
    };
    const figures: Record<string, object> = {};
    let met = true;
    const first = (await api('GET', calls.results!)) as { totals: object };
    for (const [label, url] of Object.entries(calls)) {
      for (let i = 0; i < 3; i++) await api('GET', url);
      const wall: number[] = [];
      const server: number[] = [];
      const cpuBefore = cpuMs();
      const pgBefore = kind === 'postgres' ? await postgresCpuMs(db) : null;
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        await api('GET', url);
        wall.push(performance.now() - start);
        server.push(serverMs());
      }
      const pgAfter = kind === 'postgres' ? await postgresCpuMs(db) : null;
      const p95 = percentile(server, 95);
      met &&= p95 <= 300;
      figures[label] = {
        serverMs: { p50: percentile(server, 50), p95, max: percentile(server, 100) },
        wallMs: { p50: percentile(wall, 50), p95: percentile(wall, 95) },
        // This process: the server and the bench's client; PGlite's database work runs here too.
        processCpuMsPerCall: Math.round(((cpuMs() - cpuBefore) / rounds) * 10) / 10,
        // null when it cannot be told: not on this machine, or a pooled connection closed in between.
        postgresCpuMsPerCall:
          pgBefore === null || pgAfter === null || pgAfter < pgBefore
            ? null
            : Math.round(((pgAfter - pgBefore) / rounds) * 10) / 10,
      };
    }
    console.log(
      JSON.stringify(
        {
          bench: 'phishing-results',
          db: kind,
          cores: cpus().length,
          loadAverage: loadavg().map((l) => Math.round(l * 10) / 10),
          recipients,
          rounds,
          company: c,
          simulation: id,
          seededSeconds: seeded,
          totals: first.totals,
          calls: figures,
          target: { p95Ms: 300 },
          met,
        },
        null,
        2,
      ),
    );
  } finally {
    if (values.keep) {
      await t.release();
      console.error(`kept: ${t.databaseUrl ?? t.dataDir}`);
    } else await t.close();
  }
}

/** The bench company's API over HTTP with its admin's session. */
async function benchClient(t: TestApp, companyId: string, token: string) {
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}/api/companies/${companyId}`;
  let lastServerMs = 0;
  const api = async (method: string, url: string) => {
    const res = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    lastServerMs = Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1] ?? NaN);
    return res.json();
  };
  return { api, serverMs: () => lastServerMs };
}

await main();
