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
  uuid,
} from 'drizzle-orm/pg-core';
import type { Interval, ReminderStep } from '@vigil/shared';
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
import { employeeKey } from './employees.ts';

/** Training programs (the API's automations): what is sent, to whom, when, with which reminders. */
export const trainings = pgTable(
  'trainings',
  {
    ...campaignColumns(),
    templateId: text('template_id'),
    /** Subject ids in the order the manager arranged them. */
    subjectIds: text('subject_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scheduleType: smallint('schedule_type').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true }),
    frequency: text('frequency').$type<Interval>().notNull().default('W'),
    subjectsPerInterval: smallint('subjects_per_interval').notNull().default(3),
    reminderSteps: jsonb('reminder_steps').$type<ReminderStep[]>().notNull().default([]),
    introEnabled: boolean('intro_enabled').notNull().default(false),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => campaignIndexes('trainings', t),
);

/** The employee lists a program goes to. */
export const trainingLists = pgTable(
  'training_lists',
  { trainingId: campaignRef('training_id', () => trainings.id), ...campaignListColumns() },
  (t) => [primaryKey({ columns: [t.trainingId, t.listId] }), index('training_lists_list_idx').on(t.listId)],
);

/**
 * A program's deliveries (spec: events): type 1 sends a batch of subjects, type 2 reminds of the batch
 * in `parent_id`. Written when a program starts; the delivery jobs move them from scheduled to sent.
 */
export const trainingEvents = pgTable(
  'training_events',
  {
    ...campaignEventColumns(),
    trainingId: campaignRef('training_id', () => trainings.id),
    parentId: uuid('parent_id'),
    subjectIds: text('subject_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The mode of a reminder a manager sent from the detail page (spec 2 §4). */
    reminderMode: smallint('reminder_mode'),
  },
  (t) => campaignEventIndexes('training_events', 'training', t, t.trainingId),
);

/** One row per (event, employee, channel, round) of a program's events: see campaignDeliveryColumns. */
export const trainingDeliveries = pgTable(
  'training_deliveries',
  { ...campaignDeliveryColumns(() => trainingEvents.id), trainingId: uuid('training_id').notNull() },
  (t) => campaignDeliveryIndexes('training_deliveries', 'training', t, t.trainingId),
);

/**
 * Where each employee stands in each subject of each program: kept up to date with every learner event
 * so that the figures are set-based aggregates over one row per (program, employee, subject).
 */
export const trainingProgress = pgTable(
  'training_progress',
  {
    trainingId: campaignRef('training_id', () => trainings.id),
    employeeId: uuid('employee_id').notNull(),
    subjectId: text('subject_id').notNull(),
    companyId: uuid('company_id').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    videoPercent: smallint('video_percent').notNull().default(0),
    /** Bit i set: question i answered (first answer counts) / answered correctly. */
    answeredMask: integer('answered_mask').notNull().default(0),
    correctMask: integer('correct_mask').notNull().default(0),
    questions: smallint('questions').notNull().default(0),
    lastDecision: boolean('last_decision').notNull().default(false),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.employeeId, t.subjectId] }),
    index('training_progress_employee_idx').on(t.employeeId),
    employeeKey('training_progress', t),
  ],
);

/**
 * What each employee has of each program, kept per (program, employee) so that a program's figures
 * read one row per employee instead of all its deliveries and progress rows: reached (a delivery of
 * any kind sent or bounced), bounced, the subject views delivered (round 0 of the batches, on the
 * program's first channel, sent: the lists tab's and the detail page's `total`), when a delivery last
 * went out, and from the progress rows whether anything was opened, the subjects finished and the
 * quiz's first answers and correct ones (the masks' bit counts).
 *
 * A deliberate exception to "the SQL lives in the modules' queries": the rows are kept by PostgreSQL
 * statement-level triggers (migration 0009), not by the TypeScript that writes deliveries and progress.
 * Every write path must keep them exact — the delivery engine's fan-outs and group-committed outcomes,
 * resends and reminders, the learner's batched progress, the demo loader's direct updates, the
 * benchmarks' set-based seeding, a program's deletion — and a trigger cannot be forgotten by a new one.
 * The triggers do not add to counters: each statement's changed (program, employee) pairs, read from
 * its transition tables, are recomputed from their own deliveries or progress rows by a few set-based
 * statements per write, so the rows cannot drift; an existing pair is locked before it is recomputed so
 * that two transactions changing one employee's rows cannot overwrite each other's count.
 */
export const trainingParticipants = pgTable(
  'training_participants',
  {
    trainingId: campaignRef('training_id', () => trainings.id),
    employeeId: uuid('employee_id').notNull(),
    companyId: uuid('company_id').notNull(),
    reached: boolean('reached').notNull().default(false),
    bounced: boolean('bounced').notNull().default(false),
    deliveredViews: integer('delivered_views').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    opened: boolean('opened').notNull().default(false),
    finished: integer('finished').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.employeeId] }),
    index('training_participants_employee_idx').on(t.employeeId),
    employeeKey('training_participants', t),
  ],
);

/**
 * An employee's result of one scene of an interactive subject (type 5) in a program: the red flags
 * they found and the choice they made. The first completion of a scene counts (a replay changes
 * nothing), as the first answer of a quiz question does; the manager's per-flag figures read it.
 */
export const interactiveResults = pgTable(
  'interactive_results',
  {
    trainingId: campaignRef('training_id', () => trainings.id),
    employeeId: uuid('employee_id').notNull(),
    subjectId: text('subject_id').notNull(),
    sceneId: text('scene_id').notNull(),
    companyId: uuid('company_id').notNull(),
    found: text('found').array().notNull(),
    choice: text('choice').notNull(),
    correct: boolean('correct').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.employeeId, t.subjectId, t.sceneId] }),
    index('interactive_results_subject_idx').on(t.trainingId, t.subjectId),
    employeeKey('interactive_results', t),
  ],
);

/** Every event an employee's learner app records (spec 2 §9 codes), as it happened. */
export const learnerEvents = pgTable(
  'learner_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').notNull(),
    trainingId: uuid('training_id'),
    employeeId: uuid('employee_id').notNull(),
    subjectId: text('subject_id'),
    code: smallint('code').notNull(),
    item: smallint('item'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('learner_events_training_idx').on(t.trainingId, t.employeeId),
    index('learner_events_employee_idx').on(t.employeeId),
    employeeKey('learner_events', t),
  ],
);

/** Personal learner links, stored as the SHA-256 of their token. */
export const learnerTokens = pgTable(
  'learner_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    employeeId: uuid('employee_id').notNull(),
    companyId: uuid('company_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('learner_tokens_employee_idx').on(t.employeeId), employeeKey('learner_tokens', t)],
);
