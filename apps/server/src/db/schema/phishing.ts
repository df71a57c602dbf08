import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PhishingOnClick, PhishingRecurrence, PhishingTemplateMode } from '@vigil/shared';
import {
  campaignColumns,
  campaignDeliveryColumns,
  campaignDeliveryIndexes,
  campaignEventColumns,
  campaignEventIndexes,
  campaignIndexes,
  campaignListColumns,
  campaignRef,
} from './campaigns.ts';
import { companies } from './companies.ts';
import { trainings } from './trainings.ts';
import { users } from './users.ts';

/**
 * A company's sender profiles: the domain simulated mails come from (one the company registered for
 * the purpose, e.g. a look-alike of a supplier's) and optionally one display name for every template.
 */
export const phishingSenderProfiles = pgTable(
  'phishing_sender_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    displayName: text('display_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phishing_sender_profiles_company_idx').on(t.companyId, t.name)],
);

/** A red flag of a company's own template (the library's are in content/phishing). */
export interface CustomRedFlag {
  id: string;
  title: string;
  explanation: string;
  location: string;
}

/** A company's own simulated mail: one language, HTML from the editor, sanitised when saved. */
export const phishingTemplates = pgTable(
  'phishing_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    lureKind: text('lure_kind').notNull(),
    difficulty: smallint('difficulty').notNull(),
    senderName: text('sender_name').notNull(),
    senderLocalPart: text('sender_local_part').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised HTML with the personalisation keys still in it. */
    html: text('html').notNull(),
    landingPageId: text('landing_page_id').notNull(),
    redFlags: jsonb('red_flags').$type<CustomRedFlag[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phishing_templates_company_idx').on(t.companyId, t.updatedAt)],
);

/**
 * Phishing simulations: templates (chosen, or a random mix per employee) sent to employee lists over a
 * send window of days, then tracked until `tracking_days` after the window's end.
 */
export const phishingCampaigns = pgTable(
  'phishing_campaigns',
  {
    ...campaignColumns(),
    templateMode: text('template_mode').$type<PhishingTemplateMode>().notNull().default('selected'),
    /** Library ids or `custom:<uuid>` (PhishingSave.templateIds). */
    templateIds: text('template_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowDays: smallint('window_days').notNull().default(1),
    /** Business hours in the window's time zone; null both: any hour. */
    hoursFrom: smallint('hours_from'),
    hoursTo: smallint('hours_to'),
    weekdaysOnly: boolean('weekdays_only').notNull().default(true),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** When the last mail may go out (from the window), set on start. */
    windowEnd: timestamp('window_end', { withTimezone: true }),
    landingPageId: text('landing_page_id'),
    senderProfileId: uuid('sender_profile_id').references(() => phishingSenderProfiles.id, {
      onDelete: 'set null',
    }),
    onClick: text('on_click').$type<PhishingOnClick>().notNull().default('teachable-moment'),
    enrolProgramId: uuid('enrol_program_id').references(() => trainings.id, { onDelete: 'set null' }),
    recurrence: text('recurrence').$type<PhishingRecurrence>().notNull().default('none'),
    /** The simulation this one repeats (its recurrence made it). */
    recurrenceOf: uuid('recurrence_of'),
    trackingDays: smallint('tracking_days').notNull().default(14),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    ...campaignIndexes('phishing_campaigns', t),
    // A recurrence makes its next simulation once (see phishing.kind.ts).
    index('phishing_campaigns_recurrence_idx').on(t.recurrenceOf),
  ],
);

export const phishingCampaignLists = pgTable(
  'phishing_campaign_lists',
  { campaignId: campaignRef('campaign_id', () => phishingCampaigns.id), ...campaignListColumns() },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.listId] }),
    index('phishing_campaign_lists_list_idx').on(t.listId),
  ],
);

/** What a simulation sends: one event of type 1 (the mails, spread over the window). */
export const phishingEvents = pgTable(
  'phishing_events',
  { ...campaignEventColumns(), campaignId: campaignRef('campaign_id', () => phishingCampaigns.id) },
  (t) => campaignEventIndexes('phishing_events', 'campaign', t, t.campaignId),
);

/**
 * One row per (event, employee, channel, round): the core's delivery (its `due_at` starts as the
 * employee's place in the send window), plus what the results group by, kept as it was when sent —
 * the template, the language, the lists they were reached through and their department.
 *
 * The public token of a delivery (its tracking link and `X-Vigil-Simulation` header) is not stored:
 * it is derived from the row's id with an HMAC under SECRET_KEY (lib/phishing-token.ts), so a click
 * is verified without a lookup table and nothing in the database can be replayed as a link.
 */
export const phishingDeliveries = pgTable(
  'phishing_deliveries',
  {
    ...campaignDeliveryColumns(() => phishingEvents.id),
    campaignId: uuid('campaign_id').notNull(),
    templateId: text('template_id').notNull(),
    mailLanguage: text('mail_language').notNull(),
    listIds: uuid('list_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    department: text('department').notNull().default(''),
  },
  (t) => [...campaignDeliveryIndexes('phishing_deliveries', 'campaign', t, t.campaignId)],
);
