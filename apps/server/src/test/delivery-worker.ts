/**
 * A delivery worker in its own process, for the crash and two-worker tests: opens the database named by
 * DATABASE_URL (or the PGlite folder DATA_DIR), sends through SMTP_URL, and sends until nothing is left.
 * LEASE_MS shortens the claim lease so that a killed worker's claims come back quickly.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase, queryRows } from '../db/client.ts';
import { createMailer } from '../mail/transport.ts';
import type { AppContext } from '../context.ts';
import { DELIVERY, sendDue } from '../modules/delivery/delivery.engine.ts';

const config = loadConfig({ ...process.env, DEMO_DATA: '0', LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const mailer = createMailer(config);
DELIVERY.leaseMs = Number(process.env.LEASE_MS ?? DELIVERY.leaseMs);
const ctx = { config, database, db: database.db, mailer } as unknown as AppContext;

for (;;) {
  await sendDue(ctx);
  const [left] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from training_deliveries where status in ('pending', 'sending')`,
  );
  if (!left || left.n === 0) break;
  await new Promise((r) => setTimeout(r, 200));
}
mailer.close();
await database.close();
process.stdout.write('done\n');
