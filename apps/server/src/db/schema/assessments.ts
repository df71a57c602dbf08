import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  foreignKey,
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
import type {
  AssessmentChoice,
  AssessmentStatus,
  BehaviourPoints,
  DeliveryStatus,
  PersonalizeData,
} from '@vigil/shared';
import { companies } from './companies.ts';
import { employeeKey, employeeLists } from './employees.ts';
import { users } from './users.ts';

/** Assessments: a question set sent to employee lists, scored per behaviour, area and employee. */
export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<AssessmentStatus>().notNull().default('draft'),
    isScorm: boolean('is_scorm').notNull().default(false),
    uniqueId: text('unique_id')
      .notNull()
      .default(sql`substr(md5(gen_random_uuid()::text), 1, 12)`),
    templateIds: text('template_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    templateCustomized: boolean('template_customized').notNull().default(false),
    /** Question ids in the manager's order. */
    questionIds: text('question_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** -1 manual (access link), 0 at `delivery_at`, 1 now. */
    scheduleType: smallint('schedule_type').notNull().default(1),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    channel: smallint('channel').notNull().default(1),
    remindersEnabled: boolean('reminders_enabled').notNull().default(false),
    remindersChannel: smallint('reminders_channel').notNull().default(1),
    personalizeEnabled: boolean('personalize_enabled').notNull().default(true),
    personalizeData: jsonb('personalize_data').$type<PersonalizeData | null>(),
    /** Sanitised HTML opening the invitation, when set. */
    introMessage: text('intro_message').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it went live (invitations written or the access link opened). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('assessments_company_updated_idx').on(t.companyId, t.updatedAt),
    index('assessments_company_status_idx').on(t.companyId, t.status),
  ],
);

export const assessmentLists = pgTable(
  'assessment_lists',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => employeeLists.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.listId] }),
    index('assessment_lists_list_idx').on(t.listId),
  ],
);

/** What an assessment sends: type 1 the invitation (at the delivery date), type 2 a reminder. */
export const assessmentEvents = pgTable(
  'assessment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    type: smallint('type').$type<1 | 2>().notNull(),
    position: integer('position').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    status: text('status')
      .$type<'scheduled' | 'sending' | 'sent' | 'cancelled'>()
      .notNull()
      .default('scheduled'),
    /** Sent by a manager from the detail page rather than planned in the wizard. */
    manual: boolean('manual').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('assessment_events_assessment_idx').on(t.assessmentId, t.type, t.position),
    index('assessment_events_due_idx')
      .on(t.sendAt)
      .where(sql`status = 'scheduled'`),
  ],
);

/** One row per (event, employee, channel, round), written before the send; also the send queue. */
export const assessmentDeliveries = pgTable(
  'assessment_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => assessmentEvents.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id').notNull(),
    companyId: uuid('company_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    channel: smallint('channel').notNull(),
    round: smallint('round').notNull().default(0),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('assessment_deliveries_once_uq').on(t.eventId, t.employeeId, t.channel, t.round),
    index('assessment_deliveries_assessment_idx').on(t.assessmentId, t.employeeId),
    index('assessment_deliveries_employee_idx').on(t.employeeId),
    employeeKey('assessment_deliveries', t),
    index('assessment_deliveries_due_idx')
      .on(t.dueAt)
      .where(sql`status in ('pending', 'sending')`),
  ],
);

/**
 * Each employee an assessment reached: the lists they were reached through (kept as they were then),
 * where they stand, and once finished their exact resilience score.
 */
export const assessmentParticipants = pgTable(
  'assessment_participants',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    companyId: uuid('company_id').notNull(),
    listIds: uuid('list_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    answered: smallint('answered').notNull().default(0),
    score: doublePrecision('score'),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.employeeId] }),
    index('assessment_participants_score_idx').on(t.assessmentId, t.score),
    index('assessment_participants_employee_idx').on(t.employeeId),
    employeeKey('assessment_participants', t),
  ],
);

/** Every answer: one row per (assessment, employee, question, action); the points it earned. */
export const assessmentAnswers = pgTable(
  'assessment_answers',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    questionId: text('question_id').notNull(),
    actionId: text('action_id').notNull(),
    companyId: uuid('company_id').notNull(),
    choice: jsonb('choice').$type<AssessmentChoice>().notNull(),
    points: jsonb('points').$type<BehaviourPoints>().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.employeeId, t.questionId, t.actionId] }),
    index('assessment_answers_employee_idx').on(t.employeeId),
    employeeKey('assessment_answers', t),
  ],
);

/** A finished employee's exact scores: kind 2 per threat area, 3 per key behaviour, 4 per question. */
export const assessmentScores = pgTable(
  'assessment_scores',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    kind: smallint('kind').$type<2 | 3 | 4>().notNull(),
    key: text('key').notNull(),
    score: doublePrecision('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.kind, t.key, t.employeeId] }),
    index('assessment_scores_employee_idx').on(t.employeeId),
    // A score hangs on its participant row, which carries the company (migration 0013).
    foreignKey({
      name: 'assessment_scores_participant_fk',
      columns: [t.assessmentId, t.employeeId],
      foreignColumns: [assessmentParticipants.assessmentId, assessmentParticipants.employeeId],
    }).onDelete('cascade'),
  ],
);

/**
 * Aggregates kept as employees finish, so the overview reads a few hundred rows whatever the head
 * count: per list (the nil uuid for everyone) and kind — 1 resilience, 2 area, 3 behaviour,
 * 4 question, 5 histogram of rounded resilience scores (key = the score), 6 histograms of rounded
 * threat-area scores (key = `area:score`) — the sum and count of the finished employees' exact
 * scores and how many of them are at risk.
 */
export const assessmentStats = pgTable(
  'assessment_stats',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    listId: uuid('list_id').notNull(),
    kind: smallint('kind').$type<1 | 2 | 3 | 4 | 5 | 6>().notNull(),
    key: text('key').notNull(),
    sum: doublePrecision('sum').notNull().default(0),
    count: integer('count').notNull().default(0),
    atRisk: integer('at_risk').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.listId, t.kind, t.key] })],
);
