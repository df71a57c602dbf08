import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Queue } from './jobs/queue.ts';
import type { FileStorage } from './lib/storage.ts';
import type { Mailer } from './mail/transport.ts';
import type { Realtime } from './realtime/socket.ts';

/** What services and job handlers need from the running server; built once in main.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  queue: Queue;
  mailer: Mailer;
  /** Uploaded files: DATA_DIR or an S3-compatible store (lib/storage.ts). */
  storage: FileStorage;
  log: FastifyBaseLogger;
  /**
   * socket.io, once attached (attachRealtime sets it, closing unsets it). Rooms reach the sockets of
   * every server process through the PostgreSQL adapter; a service or job emits through it, after its
   * transaction commits.
   */
  realtime?: Realtime | undefined;
}
