/**
 * A phishing send loop in its own process, for the kill-and-restart test: opens the database named by
 * DATABASE_URL (or the PGlite folder DATA_DIR) and sends through SMTP_URL the phishing mails that are
 * due, as the send job does: it first frees what a dead process held on PGlite, and sends until no
 * sender holds a claim.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { phishingDeliveries } from '../db/schema/index.ts';
import { createMailer } from '../mail/transport.ts';
import type { AppContext } from '../context.ts';
import { releaseClaimsOfDeadSenders, sendWhileClaimed } from '../modules/delivery/delivery.send.ts';
import { sendPhishingMails } from '../modules/phishing/phishing.engine.ts';

const config = loadConfig({ ...process.env, DEMO_DATA: '0', LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const mailer = createMailer(config);
const ctx = { config, database, db: database.db, mailer } as unknown as AppContext;
await releaseClaimsOfDeadSenders(database, phishingDeliveries);
await sendWhileClaimed(database.db, phishingDeliveries, () => sendPhishingMails(ctx));
mailer.close();
await database.close();
process.stdout.write('done\n');
