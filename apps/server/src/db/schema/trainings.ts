import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Interval, ReminderStep, TrainingStatus } from '@vigil/shared';
import { companies } from './companies.ts';
import { employeeLists } from './employees.ts';
import { users } from './users.ts';

/** Training programs (the API's automations): what is sent, to whom, when, with which reminders. */
export const trainings = pgTable(
  'trainings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<TrainingStatus>().notNull().default('draft'),
    isScorm: boolean('is_scorm').notNull().default(false),
    /** A short public id for packages and sign-in links (spec: uniqueId). */
    uniqueId: text('unique_id')
      .notNull()
      .default(sql`substr(md5(gen_random_uuid()::text), 1, 12)`),
    templateId: text('template_id'),
    templateCustomized: boolean('template_customized').notNull().default(false),
    /** Subject ids in the order the manager arranged them. */
    subjectIds: text('subject_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scheduleType: smallint('schedule_type').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true }),
    frequency: text('frequency').$type<Interval>().notNull().default('W'),
    subjectsPerInterval: smallint('subjects_per_interval').notNull().default(3),
    channel: smallint('channel').notNull().default(1),
    remindersEnabled: boolean('reminders_enabled').notNull().default(false),
    remindersChannel: smallint('reminders_channel').notNull().default(1),
    reminderSteps: jsonb('reminder_steps').$type<ReminderStep[]>().notNull().default([]),
    introEnabled: boolean('intro_enabled').notNull().default(false),
    /** Sanitised HTML of the intro message. */
    introMessage: text('intro_message').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    index('trainings_company_updated_idx').on(t.companyId, t.updatedAt),
    index('trainings_company_status_idx').on(t.companyId, t.status),
  ],
);

/** The employee lists a program goes to. */
export const trainingLists = pgTable(
  'training_lists',
  {
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => employeeLists.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.listId] }), index('training_lists_list_idx').on(t.listId)],
);

/**
 * A program's deliveries (spec: events): type 1 sends a batch of subjects, type 2 reminds of the batch
 * in `parent_id`. Written when a program starts; the delivery jobs move them from scheduled to sent.
 */
export const trainingEvents = pgTable(
  'training_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    type: smallint('type').$type<1 | 2>().notNull(),
    position: integer('position').notNull(),
    parentId: uuid('parent_id'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    status: text('status')
      .$type<'scheduled' | 'sending' | 'sent' | 'cancelled'>()
      .notNull()
      .default('scheduled'),
    subjectIds: text('subject_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('training_events_training_idx').on(t.trainingId, t.type, t.position),
    // The scheduler's scan: what is due.
    index('training_events_due_idx')
      .on(t.sendAt)
      .where(sql`status = 'scheduled'`),
  ],
);

/**
 * One row per (event, employee, channel), written before the send: the key that makes a retried or
 * duplicated job unable to send twice.
 */
export const trainingDeliveries = pgTable(
  'training_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => trainingEvents.id, { onDelete: 'cascade' }),
    trainingId: uuid('training_id').notNull(),
    companyId: uuid('company_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    channel: smallint('channel').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'bounced' | 'failed'>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('training_deliveries_once_uq').on(t.eventId, t.employeeId, t.channel),
    index('training_deliveries_training_idx').on(t.trainingId, t.employeeId),
  ],
);
