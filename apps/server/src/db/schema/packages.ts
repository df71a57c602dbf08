import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { PackageFormat, PackageKind } from '@vigil/shared';
import { companies } from './companies.ts';
import { employeeKey } from './employees.ts';
import { users } from './users.ts';

/** One assignable unit of a cmi5 package: its stable id, texts and assessment question ids. */
export interface Cmi5UnitRow {
  id: string;
  auTitle: string;
  auDescription: string;
  questions: string[];
  /** The SCORM assessment that plays the unit's questions and keeps their results. */
  assessmentId: string;
}

/** The /cmi5 admin's packages (spec 3 §2.7, §3). */
export const cmi5Packages = pgTable(
  'cmi5_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Stable public id: the course IRI and manifest identifier derive from it. */
    uniqueId: text('unique_id')
      .notNull()
      .default(sql`substr(md5(gen_random_uuid()::text), 1, 12)`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    objective: text('objective').notNull().default(''),
    objectiveDescription: text('objective_description').notNull().default(''),
    format: text('format').$type<PackageFormat>().notNull().default('scorm2004'),
    units: jsonb('units').$type<Cmi5UnitRow[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cmi5_packages_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * A learner an LMS launched a package for: one row per (package, LMS learner id), tied to the employee
 * row that carries their results in our reports. What the LMS last got back is kept here too.
 */
export const packageLearners = pgTable(
  'package_learners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    kind: text('kind').$type<PackageKind>().notNull(),
    /** The training, assessment or cmi5 package. */
    packageId: uuid('package_id').notNull(),
    lmsLearnerId: text('lms_learner_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    format: text('format').$type<PackageFormat>().notNull(),
    suspendData: text('suspend_data').notNull().default(''),
    /** cmi5: the AU the LMS launched, and that AU's answers' score (0–100). */
    unitId: text('unit_id'),
    unitScore: smallint('unit_score'),
    launches: integer('launches').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('package_learners_once_uq').on(t.companyId, t.kind, t.packageId, t.lmsLearnerId),
    index('package_learners_package_idx').on(t.packageId),
    employeeKey('package_learners', t),
  ],
);

/** A launch's session: the SHA-256 of the token the launch page and the content frame carry. */
export const packageSessions = pgTable(
  'package_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => packageLearners.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('package_sessions_expires_idx').on(t.expiresAt)],
);
