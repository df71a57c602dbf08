import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * Every mail the product sends: the outbox when no SMTP server is configured, and the mail log
 * otherwise. Secrets in a mail (sign-in links) are kept only in outbox mode, which production refuses.
 */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    transport: text('transport').$type<'outbox' | 'smtp'>().notNull(),
    status: text('status').$type<'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(1),
    error: text('error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mails_to_idx').on(t.toAddress, t.createdAt), index('mails_created_idx').on(t.createdAt)],
);
