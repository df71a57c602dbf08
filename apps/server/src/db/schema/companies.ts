import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { SubscriptionDefinition } from '@vigil/shared';
import { partnerAccounts, users } from './users.ts';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The `ui.*` settings map of spec 1 §3; values are strings as the clients read them. */
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    logoName: text('logo_name'),
    colorMain: text('color_main'),
    defaultLanguage: text('default_language').notNull().default('en'),
    /** 1 means anonymous; switching it on is irreversible. */
    anonymousTracking: smallint('anonymous_tracking').notNull().default(0),
    trialEnds: timestamp('trial_ends', { withTimezone: true }),
    billingEnabled: boolean('billing_enabled').notNull().default(false),
    /** The provider's own company (sees the blog panel). */
    isProvider: boolean('is_provider').notNull().default(false),
    partnerAccountId: uuid('partner_account_id').references(() => partnerAccounts.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The partner's companies list pages by name (and id, for equal names) on this index alone.
  (t) => [index('companies_partner_idx').on(t.partnerAccountId, t.name, t.id)],
);

/**
 * The dashboard cards' figures as last computed (null: to be computed), read as they are while the
 * company has no note in companyFigureChanges. Its row is also the lock readers take to compute them.
 */
export const companyStatistics = pgTable('company_statistics', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  figures: jsonb('figures'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One note per (company, transaction) that changed an input of the dashboard cards' figures, appended by
 * statement triggers (migration 0012) without touching a shared row; the reader that computes the figures
 * again removes the notes it saw.
 */
export const companyFigureChanges = pgTable(
  'company_figures_changes',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    xact: bigint('xact', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.xact] })],
);

/** The company's current package: seats, validity and what its definition allows. */
export const companySubscriptions = pgTable('company_subscriptions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  packageName: text('package_name').notNull(),
  /** The billing plan family a partner sold it (spec 3 subscriptionCode); null outside the partner area. */
  planCode: text('plan_code'),
  seats: integer('seats'),
  trial: boolean('trial').notNull().default(false),
  partner: boolean('partner').notNull().default(false),
  definition: jsonb('definition').$type<SubscriptionDefinition>().notNull().default({}),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A manager's role in a company: admin 1, viewer 2, plus the manageUsers permission. */
export const memberships = pgTable(
  'memberships',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull().default(2),
    manageUsers: boolean('manage_users').notNull().default(false),
    /** The one manager of the company who gets the billing mails (POST set_billing_manager). */
    billingManager: boolean('billing_manager').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
    uniqueIndex('memberships_billing_manager_idx')
      .on(t.companyId)
      .where(sql`${t.billingManager}`),
  ],
);

/**
 * Settings of the whole installation, set by super-admins (one row per key): today the global
 * assessment score ranges (`score_ranges`) every company without its own follows.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
