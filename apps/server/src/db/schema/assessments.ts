import { sql } from 'drizzle-orm';
import {
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
  uuid,
} from 'drizzle-orm/pg-core';
import type { AssessmentChoice, BehaviourPoints, PersonalizeData } from '@vigil/shared';
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

/** Assessments: a question set sent to employee lists, scored per behaviour, area and employee. */
export const assessments = pgTable(
  'assessments',
  {
    ...campaignColumns(),
    templateIds: text('template_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Question ids in the manager's order. */
    questionIds: text('question_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** -1 manual (access link), 0 at `delivery_at`, 1 now. */
    scheduleType: smallint('schedule_type').notNull().default(1),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    personalizeEnabled: boolean('personalize_enabled').notNull().default(true),
    personalizeData: jsonb('personalize_data').$type<PersonalizeData | null>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => campaignIndexes('assessments', t),
);

export const assessmentLists = pgTable(
  'assessment_lists',
  { assessmentId: campaignRef('assessment_id', () => assessments.id), ...campaignListColumns() },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.listId] }),
    index('assessment_lists_list_idx').on(t.listId),
  ],
);

/** What an assessment sends: type 1 the invitation (at the delivery date), type 2 a reminder. */
export const assessmentEvents = pgTable(
  'assessment_events',
  { ...campaignEventColumns(), assessmentId: campaignRef('assessment_id', () => assessments.id) },
  (t) => campaignEventIndexes('assessment_events', 'assessment', t, t.assessmentId),
);

/** One row per (event, employee, channel, round) of an assessment's events: see campaignDeliveryColumns. */
export const assessmentDeliveries = pgTable(
  'assessment_deliveries',
  { ...campaignDeliveryColumns(() => assessmentEvents.id), assessmentId: uuid('assessment_id').notNull() },
  (t) => [
    ...campaignDeliveryIndexes('assessment_deliveries', 'assessment', t, t.assessmentId),
    // The list page's bounced count per assessment reads these few rows, not every delivery.
    index('assessment_deliveries_bounced_idx')
      .on(t.assessmentId, t.employeeId)
      .where(sql`status = 'bounced'`),
  ],
);

/**
 * Each employee an assessment reached: the lists they were reached through (kept as they were then),
 * where they stand, and once finished their exact resilience score.
 */
export const assessmentParticipants = pgTable(
  'assessment_participants',
  {
    assessmentId: campaignRef('assessment_id', () => assessments.id),
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
    assessmentId: campaignRef('assessment_id', () => assessments.id),
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
    assessmentId: campaignRef('assessment_id', () => assessments.id),
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
    assessmentId: campaignRef('assessment_id', () => assessments.id),
    listId: uuid('list_id').notNull(),
    kind: smallint('kind').$type<1 | 2 | 3 | 4 | 5 | 6>().notNull(),
    key: text('key').notNull(),
    sum: doublePrecision('sum').notNull().default(0),
    count: integer('count').notNull().default(0),
    atRisk: integer('at_risk').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.listId, t.kind, t.key] })],
);
