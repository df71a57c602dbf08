import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AuditActorKind } from '@vigil/shared';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A company's API keys for the public REST API (/api/v1). Only the SHA-256 of the key is stored (the
 * key is 256 random bits, so no salt is needed) with its last characters to tell keys apart; a deleted
 * key is gone, and calls made with it are 401. A key acts for the manager who made it (trainings it
 * starts name them as creator) and goes with them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    lastChars: text('last_chars').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    unique('api_keys_hash_uq').on(t.keyHash),
    index('api_keys_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * A company's webhook endpoints: an HTTPS URL and the events it wants. The signing secret is stored
 * encrypted with the server's SECRET_KEY (it must be read back to sign), and shown once at creation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secret: text('secret').notNull(),
    /** A paused endpoint gets no new deliveries; the scan skips it until it is active again. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Events from this moment on are delivered: when the endpoint was made or last resumed. */
    activeSince: timestamp('active_since', { withTimezone: true }).notNull().defaultNow(),
    /** Up to when the event scan has looked for this endpoint's events. */
    scannedTo: timestamp('scanned_to', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * One event for one endpoint and its delivery: pending until an attempt answers 2xx (delivered) or the
 * retries run out (failed). The last attempt's answer is kept: status, duration and the body's start.
 * `eventKey` names the event (kind and the rows it is about) so that the scan never sends one twice.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    eventKey: text('event_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
  },
  (t) => [
    unique('webhook_deliveries_event_uq').on(t.endpointId, t.eventKey),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/**
 * Every change a manager, partner admin, super-admin, API key or SCIM token made: who, what, when, from which
 * address, and for settings the values before and after. Append-only: a trigger (migration
 * 0016) refuses UPDATE, DELETE and TRUNCATE, and no code writes anything but INSERT. No foreign keys, so
 * the record outlives the company, user or key it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id'),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorId: text('actor_id').notNull(),
    /** The manager's email or the key's name, as they were then. */
    actorLabel: text('actor_label').notNull(),
    /** Method and route pattern, e.g. "POST /api/companies/:id/lists". */
    action: text('action').notNull(),
    /** The route's parameters (ids of what was changed). */
    target: jsonb('target').$type<Record<string, string>>().notNull().default({}),
    status: smallint('status').notNull(),
    ip: text('ip'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_company_idx').on(t.companyId, t.createdAt, t.id)],
);

/**
 * A company's connection to a directory (azure, google): its settings and its credentials, the
 * credentials sealed under SECRET_KEY (lib/secret-box.ts, purpose `directory`) as one JSON text, never
 * sent to the browser. `enabled` is spec 3's '0'/'1' (connected: the sync controls show).
 */
export const directoryConnections = pgTable(
  'directory_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    product: text('product').$type<'azure' | 'google'>().notNull(),
    /** What the page shows again: tenant and client id (Azure), admin email, customer, account (Google). */
    fields: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    /** Sealed JSON of the secrets (Azure's client secret, Google's service account key). */
    credentials: text('credentials'),
    enabled: boolean('enabled').notNull().default(false),
    testMode: boolean('test_mode').notNull().default(false),
    /** The groups to sync: [{ externalId, displayName, rule }] (rule 1 included, 2 excluded). */
    rules: jsonb('rules')
      .$type<{ externalId: string; displayName: string; rule: 1 | 2 }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('directory_connections_company_product_uq').on(t.companyId, t.product)],
);

/**
 * One sync of a directory: running (1), success (2) or failed (3), its counts and errors, and where it
 * is (phase and the index of the next group), so that a sync a crash interrupted resumes there. The
 * log keeps the lines the Google sync log shows.
 */
export const directorySyncs = pgTable(
  'directory_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    product: text('product').$type<'azure' | 'google'>().notNull(),
    trigger: text('trigger').$type<'manual' | 'schedule'>().notNull().default('manual'),
    status: smallint('status').$type<1 | 2 | 3>().notNull().default(1),
    phase: text('phase').$type<'fetch' | 'apply' | 'done'>().notNull().default('fetch'),
    /** Groups applied so far (the next one's index). */
    cursor: integer('cursor').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    message: text('message').notNull().default(''),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    errors: jsonb('errors')
      .$type<{ group: string | null; email: string | null; error: string }[]>()
      .notNull()
      .default([]),
    errorDetails: text('error_details'),
    log: jsonb('log')
      .$type<{ at: string; level: 'info' | 'warn' | 'error'; message: string }[]>()
      .notNull()
      .default([]),
    startedBy: uuid('started_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last written: a running sync not touched for minutes is taken up again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('directory_syncs_company_idx').on(t.companyId, t.product, t.startedAt),
    // At most one running sync per company and directory.
    uniqueIndex('directory_syncs_running_uq')
      .on(t.companyId, t.product)
      .where(sql`status = 1`),
  ],
);

/**
 * A company's chat workspace for delivery (Slack, Teams): its settings (Slack: the workspace's id and
 * name, the bot's user id, the welcome message flag; Teams: the tenant) and, for Slack, the bot token
 * sealed under SECRET_KEY (lib/secret-box.ts, purpose `chat`). `enabled` is spec 3's '0'/'1'.
 */
export const chatConnections = pgTable(
  'chat_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    product: text('product').$type<'slack' | 'teams'>().notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    /** Sealed bot token (Slack's xoxb-…); Teams sends as the server's own bot. */
    credentials: text('credentials'),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('chat_connections_company_product_uq').on(t.companyId, t.product)],
);
