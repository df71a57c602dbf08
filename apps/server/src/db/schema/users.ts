import { boolean, pgTable, primaryKey, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';

/** Managers: the people who sign in to the manager app (company admins, viewers, partners). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  language: text('language').notNull().default('en'),
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Resellers. Their admins manage the customer companies whose partner_account_id points here. */
export const partnerAccounts = pgTable('partner_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The partner's own plan (a billing plan family): its customers' features stay within it. */
  planCode: text('plan_code').notNull().default('premium'),
  /** The payment provider holding the partner's customer record and card, for its dues. */
  billingProvider: text('billing_provider'),
  billingCustomerId: text('billing_customer_id'),
  /** e.g. 'Visa •••• 4242': the card on file; null: none. */
  paymentMethod: text('payment_method'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Users who are super-users for a partner account (spec: superForAccounts). */
export const partnerAdmins = pgTable(
  'partner_admins',
  {
    partnerAccountId: uuid('partner_account_id')
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerAccountId, t.userId] }),
    index('partner_admins_user_idx').on(t.userId),
  ],
);
