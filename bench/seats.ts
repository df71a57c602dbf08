// Seats of the billing month at 100 000 employees, through the real HTTP API.
// Usage: node --import tsx bench/seats.ts [--rows 100000] [--requests 200]
//        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/seats.ts --db postgres
// Imports the employees (the list_members triggers keep seat_months), then times what reads and
// writes the seats: the company call (seats_used), adding one employee (admitEmployees under the seat
// lock), and the month's first use, which seeds the month from the lists.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { admitEmployees } from '../apps/server/src/lib/entitlements.ts';
import { systemScope } from '../apps/server/src/lib/scope.ts';
import { demoPeople } from '../apps/server/src/modules/demo/demo.data.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany } from './bench-company.ts';
import { percentile } from './measure.ts';

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

const t = await createTestApp(kind, {}, { onDisk: true });
try {
  const { company, api, serverMs } = await benchCompany(t, 'Seats Co', rows * 2);

  const list = await api('POST', '/lists', { name: 'Everyone' });
  const records = demoPeople('seats.example', rows).map((p) => `${p.email};${p.name}`);
  let started = performance.now();
  await api('POST', '/createUsersBatch', { listId: list.id, records, preview: false });
  const importMs = Math.round(performance.now() - started);

  const companyServer: number[] = [];
  for (let i = 0; i < requests; i++) {
    const me = await api('GET', '');
    if (me.users_total !== rows) throw new Error(`seats ${me.users_total}, expected ${rows}`);
    companyServer.push(serverMs());
  }
  const seatsSql: number[] = [];
  for (let i = 0; i < requests; i++) {
    const s = performance.now();
    await queryRows(t.ctx.db, sql`select seats_used(${company.id}::uuid)`);
    seatsSql.push(performance.now() - s);
  }
  const addServer: number[] = [];
  for (let i = 0; i < Math.min(requests, 100); i++) {
    await api('POST', `/lists/${list.id}/users`, { users: [{ email: `extra${i}@seats.example`, name: '' }] });
    addServer.push(serverMs());
  }
  // The seat check alone (what adding one employee costs beyond the list write), rolled back.
  const admit: number[] = [];
  for (let i = 0; i < 50; i++) {
    const s = performance.now();
    await t.ctx.db
      .transaction(async (tx) => {
        await admitEmployees(tx, systemScope(company.id, 'bench'), [`check${i}@seats.example`]);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    admit.push(performance.now() - s);
  }
  // The month's first use: forget this month's seats and read them again.
  await t.ctx.db.execute(sql`delete from seat_months where company_id = ${company.id}`);
  await t.ctx.db.execute(sql`delete from seat_month_starts where company_id = ${company.id}`);
  started = performance.now();
  await queryRows(t.ctx.db, sql`select seats_used(${company.id}::uuid)`);
  const seedMs = Math.round(performance.now() - started);

  console.log(
    JSON.stringify(
      {
        bench: 'seats',
        db: kind,
        rows,
        importConfirmMs: importMs,
        companyCallServerP50Ms: percentile(companyServer, 50),
        companyCallServerP95Ms: percentile(companyServer, 95),
        seatsUsedSqlP50Ms: percentile(seatsSql, 50),
        seatsUsedSqlP95Ms: percentile(seatsSql, 95),
        addOneEmployeeServerP95Ms: percentile(addServer, 95),
        seatCheckP50Ms: percentile(admit, 50),
        seatCheckP95Ms: percentile(admit, 95),
        monthFirstUseSeedMs: seedMs,
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
}
