// The partner companies list for a partner with 2,000 customers, through the real HTTP API.
// Usage: node --import tsx bench/partners.ts [--customers 2000] [--requests 200]
//        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/partners.ts --db postgres
// Inserts the customers with their partner subscriptions (a tenth with ten employees each, so the
// page's seats-in-use column has work), then times GET /partners/{id}/companies on pages spread over
// the list, searches, and the partner overview (which sums every customer). Server time from Server-Timing.
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { companies, companySubscriptions } from '../apps/server/src/db/schema/index.ts';
import { systemScope } from '../apps/server/src/lib/scope.ts';
import { insertList, upsertIntoList } from '../apps/server/src/modules/employees/employees.service.ts';
import { demoPeople } from '../apps/server/src/modules/demo/demo.data.ts';
import { createManager, createPartner, signIn } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { percentile } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    customers: { type: 'string', default: '2000' },
    requests: { type: 'string', default: '200' },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const customers = Number(values.customers);
const requests = Number(values.requests);
const PLANS = ['free', 'essentials', 'business', 'premium'];
const DAY = 86_400_000;

const t = await createTestApp(kind, {}, { onDisk: true });
try {
  const db = t.ctx.db;
  const admin = await createManager(db, { email: 'bench@partner.example' });
  const partner = await createPartner(db, admin.id, 'Bench Partners');
  const started = performance.now();
  for (let from = 0; from < customers; from += 500) {
    const batch = Array.from({ length: Math.min(500, customers - from) }, (_, k) => from + k);
    const rows = await db
      .insert(companies)
      .values(
        batch.map((i) => ({ name: `Customer ${String(i).padStart(5, '0')}`, partnerAccountId: partner.id })),
      )
      .returning({ id: companies.id });
    await db.insert(companySubscriptions).values(
      rows.map((r, k) => {
        const i = batch[k]!;
        const plan = PLANS[i % PLANS.length]!;
        return {
          companyId: r.id,
          packageName: plan,
          planCode: plan,
          partner: true,
          seats: plan === 'free' ? 10 : 20 + (i % 400),
          validFrom: new Date(),
          validTo: new Date(Date.now() + (i % 7 === 0 ? -30 : 300) * DAY),
        };
      }),
    );
    for (const [k, r] of rows.entries()) {
      if (batch[k]! % 10 !== 0) continue;
      const scope = systemScope(r.id, 'bench');
      const listId = await insertList(db, scope, 'Everyone');
      const people = demoPeople(`c${batch[k]}.example`, 10).map((p) => ({ ...p, unit: '', tags: [] }));
      await upsertIntoList(db, scope, listId, people, 'manual');
    }
  }
  console.log('DB', t.databaseUrl, 'PARTNER', partner.id);
} finally {
  await t.release();
}
