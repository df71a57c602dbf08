import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * The seats of a billing month (a calendar month in UTC): every employee who was in any of the
 * company's lists at some time during it (spec 3 §2.4 FAQ). Kept by statement triggers on list_members
 * and the SQL function seats_used (migration 0019); the count is an index-only scan of the key.
 * No foreign key to the employee: an employee erased during the month still used a seat.
 */
export const seatMonths = pgTable(
  'seat_months',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    employeeId: uuid('employee_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.employeeId] })],
);

/** The months whose seats were seeded from the lists' members at their first use (seats_used). */
export const seatMonthStarts = pgTable(
  'seat_month_starts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);

/**
 * Days on which a company whose plan bills overage had more employees than seats: the billing side
 * charges the seats beyond from that day. One row per day, with the highest count seen that day.
 */
export const seatOverages = pgTable(
  'seat_overages',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    seats: integer('seats').notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/**
 * A free-trial sign-up waiting for its email to be confirmed: only the SHA-256 of the one-time
 * token is kept; the company is made when the link is used, once, before it expires.
 */
export const trialSignups = pgTable(
  'trial_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    timeZone: text('time_zone'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trial_signups_expires_idx').on(t.expiresAt)],
);
