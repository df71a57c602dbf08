import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ClickSignal,
  ReportChannel,
  ScannerProduct,
  ScannerReason,
  StoredInteractionKind,
} from '@vigil/shared';
import { companies } from './companies.ts';
import { phishingDeliveries } from './phishing.ts';

/**
 * What happened to a simulated mail after it was sent (docs/PHISHING-TRACKING.md): one row per open,
 * request of the mail's link, submission and report, keyed on the phishing delivery. Every request of
 * the link is one row: kept as `scanner` with its reason, and turned into `clicked` when the landing
 * page's script confirms a person (the same row, so the two counts never overlap). `delivered` is the
 * delivery's own sent time and is not stored here.
 *
 * Nothing a person typed is ever stored: a submission is only its time. The request facts are what the
 * scanner rules and the security team need: the method, the user agent (first 300 characters) and the
 * client address shortened to its network (IPv4 /24, IPv6 /48).
 *
 * `campaign_id` and `employee_id` repeat the delivery's, so the results read one table by campaign.
 */
export const phishingInteractions = pgTable(
  'phishing_interactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => phishingDeliveries.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    kind: text('kind').$type<StoredInteractionKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** scanner rows: why. */
    scannerReason: text('scanner_reason').$type<ScannerReason>(),
    /** scanner rows: the product a user agent or address range named. */
    scannerProduct: text('scanner_product').$type<ScannerProduct>(),
    /** clicked rows: what confirmed the person (script, interaction, submit). */
    clickSignal: text('click_signal').$type<ClickSignal>(),
    /** reported rows: how the report arrived. */
    reportChannel: text('report_channel').$type<ReportChannel>(),
    method: text('method'),
    userAgent: text('user_agent'),
    /** The client's network (IPv4 /24, IPv6 /48), never the full address. */
    network: text('network'),
    /** When the visit was confirmed (clicked rows that were first kept as scanner activity). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('phishing_interactions_delivery_idx').on(t.deliveryId, t.at),
    index('phishing_interactions_campaign_idx').on(t.campaignId, t.kind, t.at),
    index('phishing_interactions_employee_idx').on(t.companyId, t.employeeId, t.at),
    // The burst rule: a company's requests from one network in the last seconds.
    index('phishing_interactions_network_idx')
      .on(t.companyId, t.network, t.at)
      .where(sql`kind in ('scanner', 'clicked')`),
    // An open, a submission and a report count once per mail.
    uniqueIndex('phishing_interactions_once_uq')
      .on(t.deliveryId, t.kind)
      .where(sql`kind in ('opened', 'submitted', 'reported')`),
  ],
);

/**
 * A company's report address and report button. The address token is the local part's suffix of its
 * report address (`report+{token}@{inbound domain}`); the add-in key is printed in the manifest and the
 * Gmail add-on the admin installs, so, like the embed key, it names the company rather than proving
 * much: it only lets a mail client report to this company. Rotating both stops old installs.
 */
export const phishingReportSettings = pgTable('phishing_report_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  addressToken: text('address_token').notNull().unique(),
  addinKey: text('addin_key').notNull().unique(),
  /** Where real suspicious mails are forwarded; null: only listed for the security team. */
  securityEmail: text('security_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A real (not simulated) mail an employee reported: listed for the security team and forwarded to the
 * company's security address. The message is kept as it arrived (at most 5 MB) for the team to inspect.
 */
export const phishingReportedMails = pgTable(
  'phishing_reported_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    channel: text('channel').$type<ReportChannel>().notNull(),
    /** The reporting employee when their address is one of the company's employees. */
    employeeId: uuid('employee_id'),
    reporterEmail: text('reporter_email').notNull(),
    fromAddress: text('from_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    messageId: text('message_id'),
    headers: text('headers').notNull().default(''),
    text: text('text').notNull().default(''),
    raw: text('raw'),
    size: integer('size').notNull().default(0),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    forwardError: text('forward_error'),
  },
  (t) => [index('phishing_reported_mails_company_idx').on(t.companyId, t.reportedAt)],
);
