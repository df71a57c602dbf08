import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AssessmentTemplate,
  ContentSubject,
  LocalizedText,
  Material,
  QuestionBlock,
  ThreatArea,
  TrainingTemplate,
} from '@vigil/shared';
import type { z } from 'zod';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * The content library is the provider's, shared by every company. It is written only by the content
 * import (modules/content), which a content release re-runs; company data never lives in these tables.
 */
export const contentMeta = pgTable('content_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contentCategories = pgTable('content_categories', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  position: integer('position').notNull(),
});

/** A media file per language: the video and its captions. */
/** Per language: the video, its captions and its length in seconds as read from the file (when it says). */
export type SubjectMedia = Record<string, { video: string; captions: string | null; duration?: number }>;

export const subjects = pgTable(
  'subjects',
  {
    id: text('id').primaryKey(),
    type: smallint('type').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => contentCategories.id),
    duration: integer('duration').notNull(),
    availableForBeta: boolean('available_for_beta').notNull().default(false),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** The rest of the subject as the pack defines it: slides, quiz, further reading, decisions. */
    body: jsonb('body')
      .$type<
        Omit<
          ContentSubject,
          'id' | 'type' | 'category' | 'duration' | 'availableForBeta' | 'title' | 'description'
        >
      >()
      .notNull(),
    media: jsonb('media').$type<SubjectMedia>().notNull().default({}),
    thumb: text('thumb'),
    position: integer('position').notNull(),
    /** Set when a content release no longer ships the subject; programs that used it keep working. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /**
     * When a content release first shipped the subject; re-imports keep it (the import never sets it),
     * so the dashboard's latest subjects are those a later release added.
     */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subjects_category_idx').on(t.categoryId, t.position)],
);

export const threatAreas = pgTable('threat_areas', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  behaviours: jsonb('behaviours').$type<ThreatArea['behaviours']>().notNull(),
  position: integer('position').notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const questions = pgTable(
  'questions',
  {
    id: text('id').primaryKey(),
    /** A stable number for display (spec: Question.number). */
    number: integer('number').notNull(),
    areaId: text('area_id')
      .notNull()
      .references(() => threatAreas.id),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    adminDescription: text('admin_description').notNull(),
    difficulty: smallint('difficulty').notNull(),
    duration: integer('duration').notNull(),
    behaviours: jsonb('behaviours').$type<{ code: string; max: number }[]>().notNull(),
    blocks: jsonb('blocks').$type<QuestionBlock[]>().notNull(),
    languages: text('languages').array().notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('questions_area_idx').on(t.areaId, t.number)],
);

export const contentTemplates = pgTable('content_templates', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'training' | 'assessment'>().notNull(),
  data: jsonb('data')
    .$type<z.infer<typeof TrainingTemplate> | z.infer<typeof AssessmentTemplate>>()
    .notNull(),
  position: integer('position').notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const materials = pgTable('materials', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'poster' | 'sticker' | 'file'>().notNull(),
  data: jsonb('data').$type<z.infer<typeof Material>>().notNull(),
  position: integer('position').notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** A company's own notes on a subject (spec 3: Note). */
export const subjectNotes = pgTable(
  'subject_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id),
    content: text('content').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subject_notes_company_idx').on(t.companyId, t.subjectId)],
);

/** Events recorded while managers preview a subject (spec 3 §3 event codes). */
export const subjectPreviewEvents = pgTable(
  'subject_preview_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id),
    code: smallint('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subject_preview_events_idx').on(t.companyId, t.subjectId, t.createdAt)],
);
