/**
 * A delivery worker in its own process, for the crash and two-worker tests: opens the database named by
 * DATABASE_URL (or the PGlite folder DATA_DIR) and sends through SMTP_URL what is due, as the send job
 * does: it first frees what a dead process held on PGlite, and sends until no sender holds a claim.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createMailer } from '../mail/transport.ts';
import type { AppContext } from '../context.ts';
import { trainingDeliveries } from '../db/schema/index.ts';
import { sendDue } from '../modules/trainings/trainings.delivery.ts';
import { releaseClaimsOfDeadSenders, sendWhileClaimed } from '../modules/delivery/delivery.send.ts';
import { registerChatChannels } from '../modules/chat/chat.service.ts';

const config = loadConfig({ ...process.env, DEMO_DATA: '0', LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const mailer = createMailer(config);
registerChatChannels();
const ctx = { config, database, db: database.db, mailer } as unknown as AppContext;
await releaseClaimsOfDeadSenders(database, trainingDeliveries);

await sendWhileClaimed(database.db, trainingDeliveries, () => sendDue(ctx));
mailer.close();
await database.close();
process.stdout.write('done\n');
