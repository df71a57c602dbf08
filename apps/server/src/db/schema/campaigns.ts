import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import type { CampaignStatus, DeliveryStatus } from '@vigil/shared';
import { companies } from './companies.ts';
import { employeeKey, employeeLists } from './employees.ts';
import { users } from './users.ts';

/**
 * The columns every campaign kind's tables have, built once (the tables themselves, as the migrations
 * wrote them, stay one set per kind). A kind's table spreads these next to its own columns; each call
 * makes fresh builders.
 */

/** The campaign row: who owns it, its name and status, its channels, when it was made and started. */
export const campaignColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  status: text('status').$type<CampaignStatus>().notNull().default('draft'),
  isScorm: boolean('is_scorm').notNull().default(false),
  /** A short public id for packages and sign-in links (spec: uniqueId). */
  uniqueId: text('unique_id')
    .notNull()
    .default(sql`substr(md5(gen_random_uuid()::text), 1, 12)`),
  templateCustomized: boolean('template_customized').notNull().default(false),
  channel: smallint('channel').notNull().default(1),
  remindersEnabled: boolean('reminders_enabled').notNull().default(false),
  remindersChannel: smallint('reminders_channel').notNull().default(1),
  /** Sanitised HTML of the intro message. */
  introMessage: text('intro_message').notNull().default(''),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When it went live. */
  startedAt: timestamp('started_at', { withTimezone: true }),
});

/** The campaign table's indexes: a company's campaigns by last change and by status. */
export const campaignIndexes = (
  table: string,
  t: { companyId: PgColumn; updatedAt: PgColumn; status: PgColumn },
) => [
  index(`${table}_company_updated_idx`).on(t.companyId, t.updatedAt),
  index(`${table}_company_status_idx`).on(t.companyId, t.status),
];

/** A row of a campaign's own: its campaign id column (`column`), removed with the campaign. */
export const campaignRef = (column: string, campaign: () => AnyPgColumn) =>
  uuid(column).notNull().references(campaign, { onDelete: 'cascade' });

/** The list a campaign goes to (next to the campaign's own reference). */
export const campaignListColumns = () => ({
  listId: uuid('list_id')
    .notNull()
    .references(() => employeeLists.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull(),
});

/** A campaign's event: type 1 its first send, type 2 a reminder; the dispatch moves it to sent. */
export const campaignEventColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  type: smallint('type').$type<1 | 2>().notNull(),
  position: integer('position').notNull(),
  sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
  status: text('status')
    .$type<'scheduled' | 'sending' | 'sent' | 'cancelled'>()
    .notNull()
    .default('scheduled'),
  /** Sent by a manager from the detail page rather than planned in the wizard. */
  manual: boolean('manual').notNull().default(false),
  startedAt: timestamp('started_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * A campaign's first event: its first send (type 1) at position 0, not cancelled. There is at most one
 * (the wizards insert it once after dropping what was not sent; a package's launches find or create it
 * with one `insert … on conflict` on this key, `firstEventOf` in the campaign core).
 */
export const FIRST_EVENT = sql`type = 1 and position = 0 and status <> 'cancelled'`;

/**
 * The events' indexes: a campaign's events in order, the dispatch's scan of what is due, and the one
 * first event of a campaign.
 */
export const campaignEventIndexes = (
  table: string,
  campaign: string,
  t: { type: PgColumn; position: PgColumn; sendAt: PgColumn },
  campaignId: PgColumn,
) => [
  index(`${table}_${campaign}_idx`).on(campaignId, t.type, t.position),
  uniqueIndex(`${table}_first_idx`).on(campaignId).where(FIRST_EVENT),
  index(`${table}_due_idx`)
    .on(t.sendAt)
    .where(sql`status = 'scheduled'`),
];

/**
 * One row per (event, employee, channel, round), written before the send: the key that makes a retried
 * or duplicated job unable to send twice. The rows are also the send queue (modules/delivery): pending
 * rows are claimed (status sending, with a lease), sent, and marked sent, bounced or failed. A resend
 * adds a round.
 */
export const campaignDeliveryColumns = (events: () => AnyPgColumn) => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  eventId: uuid('event_id').notNull().references(events, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull(),
  employeeId: uuid('employee_id').notNull(),
  channel: smallint('channel').notNull(),
  round: smallint('round').notNull().default(0),
  status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  /** When a pending row may be tried (back-off), or when a claim's lease runs out. */
  dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
  error: text('error'),
  mailId: uuid('mail_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** The deliveries' keys and indexes: sent once, by campaign and employee, and the senders' scan. */
export const campaignDeliveryIndexes = (
  table: string,
  campaign: string,
  t: {
    eventId: PgColumn;
    employeeId: PgColumn;
    companyId: PgColumn;
    channel: PgColumn;
    round: PgColumn;
    dueAt: PgColumn;
  },
  campaignId: PgColumn,
) => [
  unique(`${table}_once_uq`).on(t.eventId, t.employeeId, t.channel, t.round),
  index(`${table}_${campaign}_idx`).on(campaignId, t.employeeId),
  index(`${table}_employee_idx`).on(t.employeeId),
  employeeKey(table, t),
  // What may be claimed now (pending) or has lost its claim (sending).
  index(`${table}_due_idx`)
    .on(t.dueAt)
    .where(sql`status in ('pending', 'sending')`),
];
