import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { registerCampaignKinds } from './campaign-kinds.ts';
import { registerChatChannels } from './modules/chat/chat.service.ts';
import { openDatabase, type Database } from './db/client.ts';
import { applyMigrations } from './db/migrate.ts';
import { importContentPack } from './modules/content/content.import.ts';
import { phishingLibrary } from './modules/phishing/phishing.library.ts';
import { buildServer } from './http/server.ts';
import { createQueue } from './jobs/queue.ts';
import { createJobQueues, startJobs } from './jobs/registry.ts';
import { createStorage } from './lib/storage.ts';
import { createMailer } from './mail/transport.ts';
import { attachRealtime, type Realtime } from './realtime/socket.ts';

export interface RunningApp {
  server: FastifyInstance;
  realtime: Realtime;
  database: Database;
  close(): Promise<void>;
}

export interface StartOptions {
  /**
   * Runs once the queues exist but before any job runs or is scheduled: data loaded here (the demo
   * company) is never acted on half-written by a periodic job such as the campaigns' dispatch tick.
   */
  beforeJobs?: (server: FastifyInstance) => Promise<void>;
}

/**
 * Opens the database, applies migrations, starts the job queue and builds the HTTP server with
 * realtime attached. Listening is the caller's choice (main.ts listens; tests may inject).
 */
export async function startApp(
  config: Config,
  existing?: Database,
  options: StartOptions = {},
): Promise<RunningApp> {
  const database =
    existing ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  registerCampaignKinds();
  registerChatChannels();
  phishingLibrary(); // read and checked now: a broken library stops the start, naming file and path
  await applyMigrations(database);
  const content = await importContentPack(database.db);
  const queue = createQueue(database);
  queue.on('error', (err) => server.log.error({ err }, 'job queue error'));
  await queue.start();
  const mailer = createMailer(config);
  const storage = createStorage(config.storage);
  const server = await buildServer({ config, database, db: database.db, queue, mailer, storage });
  if (content.problems.length > 0) {
    server.log.error(
      { problems: content.problems.slice(0, 20) },
      'The content pack has problems; the previous content stays',
    );
  } else if (content.imported) server.log.info('Content pack imported');
  await createJobQueues(server.ctx);
  await options.beforeJobs?.(server);
  await startJobs(server.ctx, config.jobs);
  const realtime = attachRealtime(server, server.ctx);

  let closed = false;
  return {
    server,
    realtime: realtime.io,
    database,
    async close() {
      if (closed) return;
      closed = true;
      await realtime.close();
      await server.close();
      await queue.stop({ graceful: true, timeout: 5000 });
      mailer.close();
      storage.close();
      if (!existing) await database.close();
    },
  };
}
