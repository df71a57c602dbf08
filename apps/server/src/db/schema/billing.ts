import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingInfo, BillingPeriod } from '@vigil/shared';
import { companies } from './companies.ts';

export type BillingStatus = 'active' | 'past_due' | 'cancelled';
export type InvoiceStatus = 'paid' | 'open' | 'failed' | 'void';

/**
 * A company's account with the payment provider and the plan it pays for. The company's package
 * (company_subscriptions) says what it may use; this row says what it bought and until when it is paid.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'stripe' or 'test': the provider that holds the customer and the subscription. */
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    planId: text('plan_id').notNull(),
    seats: integer('seats').notNull(),
    period: text('period').$type<BillingPeriod>().notNull(),
    /** The tier price of the plan and seats, in cents per period. */
    price: integer('price').notNull(),
    status: text('status').$type<BillingStatus>().notNull(),
    termStart: timestamp('term_start', { withTimezone: true }).notNull(),
    termEnd: timestamp('term_end', { withTimezone: true }).notNull(),
    /** Deactivated: it stays usable until termEnd and is then not renewed. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Cents of unused time credited by downgrades, taken off the next invoices. */
    creditBalance: integer('credit_balance').notNull().default(0),
    /** A coupon that applies to every invoice ('forever'), kept for renewals. */
    couponCode: text('coupon_code'),
    billingInfo: jsonb('billing_info').$type<BillingInfo>().notNull(),
    paymentMethod: text('payment_method'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_accounts_subscription_idx').on(t.provider, t.subscriptionId)],
);

/** Invoices as issued (the PDF is drawn from this row): amounts in cents. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The running number printed on the invoice. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The provider's id of the invoice; a replayed webhook finds it and changes nothing. */
    providerInvoiceId: text('provider_invoice_id').unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    description: text('description').notNull(),
    planId: text('plan_id').notNull(),
    seats: integer('seats').notNull(),
    subTotal: integer('sub_total').notNull(),
    discount: integer('discount').notNull().default(0),
    creditsApplied: integer('credits_applied').notNull().default(0),
    /** The 'Additional seats' line (part of sub_total): seat-days over the plan in the ended term. */
    overageSeatDays: integer('overage_seat_days').notNull().default(0),
    overage: integer('overage').notNull().default(0),
    total: integer('total').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    billingInfo: jsonb('billing_info').$type<BillingInfo>().notNull(),
  },
  (t) => [index('billing_invoices_company_idx').on(t.companyId, t.issuedAt)],
);

/** Provider events already handled: a webhook delivered twice is applied once. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
