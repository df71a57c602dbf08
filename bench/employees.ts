// Employee import and list-page figures through the real HTTP API.
// Usage: node --import tsx bench/employees.ts [--rows 100000] [--requests 200]
//        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/employees.ts --db postgres
// The server runs in this process (so its memory can be read) on a fresh database and listens on
// loopback; every call goes over HTTP with a real session.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { demoPeople } from '../apps/server/src/modules/demo/demo.data.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany } from './bench-company.ts';
import { cpuMs, machineTicks, percentile, postgresCpuMs, rssMb } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rows: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const rows = Number(values.rows);
const requests = Number(values.requests);

/**
 * This database's row and buffer counters (pg_stat_database), once every backend has reported: an idle
 * backend flushes its counts within ten seconds. Counts, unlike times, do not depend on the machine's load.
 */
async function databaseCounters(db: Db) {
  if (kind !== 'postgres') return null;
  await new Promise((r) => setTimeout(r, 11_000));
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select tup_inserted, tup_updated, tup_deleted, tup_fetched, blks_hit + blks_read as blocks
        from pg_stat_database where datname = current_database()`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

// PGlite keeps its files in a data directory, as `npm start` does.
const t = await createTestApp(kind, {}, { onDisk: true });
try {
  const { api, serverMs } = await benchCompany(t, 'Bench Co', rows * 2);

  const list = await api('POST', '/lists', { name: 'Everyone' });
  const units = ['Finance', 'Sales', 'Operations', 'IT', 'People', 'Legal', 'Warehouse', 'Support'];
  // Realistic people: a few thousand name combinations, every email unique.
  const people = demoPeople('bench.example', rows);
  const records = people.map((p, i) => `${p.email};${p.name};${units[i % units.length]}`);

  global.gc?.();
  const rssBefore = rssMb();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb())), 20);
  let started = performance.now();
  const preview = await api('POST', '/createUsersBatch', { listId: list.id, records, preview: true });
  const previewMs = Math.round(performance.now() - started);
  // What noise does not change (much): the rows and buffers the confirm touches, and the CPU time the
  // database and this process spend on it (wall time on a shared machine mostly measures the others).
  const countersBefore = await databaseCounters(t.ctx.db);
  const before = { db: await postgresCpuMs(t.ctx.db), server: cpuMs(), machine: machineTicks() };
  started = performance.now();
  const done = await api('POST', '/createUsersBatch', { listId: list.id, records, preview: false });
  const confirmMs = Math.round(performance.now() - started);
  const after = { db: await postgresCpuMs(t.ctx.db), server: cpuMs(), machine: machineTicks() };
  const countersAfter = await databaseCounters(t.ctx.db);
  clearInterval(sampler);
  if (preview.added !== rows || done.added !== rows) throw new Error('import did not add every row');

  // Round trip as the client sees it, and the server's own time from its Server-Timing header.
  const pageTimes: Record<string, number[]> = { email: [], name: [], search: [] };
  const serverTimes: Record<string, number[]> = { email: [], name: [], search: [] };
  for (let i = 0; i < requests; i++) {
    const page = 1 + (i % 50);
    const queries = {
      email: `?page=${page}&sort=email`,
      name: `?page=${page}&sort=name&order=desc`,
      // What a person looking someone up types: a full name (about a hundred namesakes) or part of an email.
      search: `?q=${encodeURIComponent(i % 2 ? people[(i * 7919) % rows]!.name : people[(i * 7919) % rows]!.email.slice(0, 12))}&sort=name`,
    };
    for (const [name, query] of Object.entries(queries)) {
      const s = performance.now();
      const res = await api('GET', `/lists/${list.id}/users${query}`);
      pageTimes[name]!.push(performance.now() - s);
      serverTimes[name]!.push(serverMs());
      if (name !== 'search' && res.rows.length !== 20) throw new Error('short page');
    }
  }

  console.log(
    JSON.stringify(
      {
        bench: 'employees',
        db: kind,
        rows,
        importPreviewMs: previewMs,
        importConfirmMs: confirmMs,
        importTotalMs: previewMs + confirmMs,
        importConfirmDatabaseCounts:
          countersBefore &&
          countersAfter &&
          Object.fromEntries(
            Object.keys(countersAfter).map((k) => [k, countersAfter[k]! - countersBefore[k]!]),
          ),
        importConfirmPostgresCpuMs:
          kind !== 'postgres' || before.db === null || after.db === null ? null : after.db - before.db,
        importConfirmProcessCpuMs: Math.round(after.server - before.server),
        machineBusyDuringConfirm:
          Math.round(
            ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100,
          ) / 100,
        rssBeforeMb: rssBefore,
        rssPeakMb: rssPeak,
        rssGrowthMb: rssPeak - rssBefore,
        listPageRequests: requests,
        listPageServerP95Ms: Object.fromEntries(
          Object.entries(serverTimes).map(([k, v]) => [k, percentile(v, 95)]),
        ),
        listPageServerP50Ms: Object.fromEntries(
          Object.entries(serverTimes).map(([k, v]) => [k, percentile(v, 50)]),
        ),
        listPageRoundTripP95Ms: Object.fromEntries(
          Object.entries(pageTimes).map(([k, v]) => [k, percentile(v, 95)]),
        ),
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
}
