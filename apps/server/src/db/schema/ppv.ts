import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * A company's pay-per-view (spec 1 §3 ppv): its embed key, the allowed domains and the views bought
 * and used. No row: the company has no PPV. The key is stored as it is: it is printed in every public
 * snippet, so it names the company rather than proving anything; the allow-list, the signed grants and
 * the views limit protect the views (ARCHITECTURE, "Embed content and pay-per-view").
 */
export const companyPpv = pgTable('company_ppv', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  apiKey: text('api_key').notNull().unique(),
  trial: boolean('trial').notNull().default(false),
  viewsPurchased: integer('views_purchased').notNull().default(0),
  viewsUsed: integer('views_used').notNull().default(0),
  allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  keyCreatedAt: timestamp('key_created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A video's snippet state and its counted views (spec 1 §4: Generate Snippet / Disable Snippet). */
export const ppvSnippets = pgTable(
  'ppv_snippets',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id').notNull(),
    active: boolean('active').notNull().default(false),
    views: integer('views').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.subjectId] })],
);

/** The counting rule's memory: one row per company, subject, viewer and UTC day that was counted. */
export const ppvViews = pgTable(
  'ppv_views',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id').notNull(),
    viewer: text('viewer').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.subjectId, t.viewer, t.day] })],
);

/** The views log (spec 1 §3 Views log entry); client_ip is kept shortened. */
export const ppvLog = pgTable(
  'ppv_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    eventType: smallint('event_type').notNull(),
    subjectId: text('subject_id'),
    clientIp: text('client_ip'),
    jsVideoId: text('js_video_id'),
    location: text('location'),
    uid: text('uid'),
    apiKey: text('api_key'),
    message: text('message'),
  },
  (t) => [
    index('ppv_log_company_at_idx').on(t.companyId, t.at),
    index('ppv_log_company_subject_idx').on(t.companyId, t.subjectId, t.at),
  ],
);

/** Views added: a PPV trial's free views and purchases through the payment provider. */
export const ppvTransactions = pgTable(
  'ppv_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<'trial' | 'purchase'>().notNull(),
    views: integer('views').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    providerRef: text('provider_ref'),
  },
  (t) => [index('ppv_transactions_company_idx').on(t.companyId, t.createdAt)],
);
