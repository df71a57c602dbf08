import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { partnerAccounts } from './users.ts';

export type PartnerDueStatus = 'open' | 'paid' | 'failed';

/** What a partner owes for its customers (spec 3 §3 totalDues), and what it paid: amounts in cents. */
export const partnerDues = pgTable(
  'partner_dues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerAccountId: uuid('partner_account_id')
      .notNull()
      .references(() => partnerAccounts.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PartnerDueStatus>().notNull().default('open'),
    /** The provider's id of the payment that paid it (or last tried to). */
    providerPaymentId: text('provider_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The month the monthly dues job billed ('2026-10'); null for dues made otherwise. One per month. */
    period: text('period'),
    /** When a run of the monthly job took the due to charge and mail it (a lease: a crashed run's lapses). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the monthly job had charged the card on file (or found none) and mailed the partner admins. */
    billedAt: timestamp('billed_at', { withTimezone: true }),
  },
  (t) => [
    index('partner_dues_partner_idx').on(t.partnerAccountId, t.createdAt),
    uniqueIndex('partner_dues_period_idx').on(t.partnerAccountId, t.period),
  ],
);

/**
 * Credits (spec 1 §3 Unused package): a package of seats on a plan for some months, held by a partner
 * or by a company, until it is assigned to a company (assigned_company_id set).
 */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerAccountId: uuid('partner_account_id').references(() => partnerAccounts.id, {
      onDelete: 'cascade',
    }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    planCode: text('plan_code').notNull(),
    seats: integer('seats').notNull(),
    months: integer('months').notNull(),
    assignedCompanyId: uuid('assigned_company_id').references(() => companies.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_packages_partner_idx').on(t.partnerAccountId),
    index('credit_packages_company_idx').on(t.companyId),
  ],
);
