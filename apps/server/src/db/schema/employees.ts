import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/** A company's employees: the people trainings and assessments go to. One row per email. */
export const employees = pgTable(
  'employees',
  {
    /**
     * Time-ordered (uuid_v7, migration 0036): the rows an import adds go to the right end of each index
     * on the id (this key, (company_id, id), the memberships' and the seats' keys) instead of all over
     * them, which made every later chunk of a large import dearer than the one before (issue 16).
     */
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_v7()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    unit: text('unit').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** manual, csv, api, azure, google or scim (EMPLOYEE_SOURCES): who made the row. */
    source: text('source').notNull().default('manual'),
    /** The person's id in the directory that keeps them (azure, google, scim), else null. */
    externalId: text('external_id'),
    /** The language mails to them are written in; null: the company's default language. */
    language: text('language'),
    /** The last time a mail to this address bounced or was refused for good. */
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('employees_company_email_uq').on(t.companyId, t.email),
    // What a child row's key names (employeeKey): an employee of the child's own company.
    unique('employees_company_id_id_uq').on(t.companyId, t.id),
    // Lets a page sorted by name walk the index instead of sorting the whole list.
    index('employees_company_name_idx').on(t.companyId, t.name, t.email),
    // One trigram index over both searched columns (see employeeSearchText) serves ILIKE '%q%'.
    index('employees_search_trgm_idx').using('gin', sql`(${t.email} || ' ' || ${t.name}) gin_trgm_ops`),
  ],
);

/** Employee lists; source azure or google marks a list kept in sync from a directory. */
export const employeeLists = pgTable(
  'employee_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source').notNull().default('manual'),
    /** The group's id in the directory that keeps the list (azure, google, scim), else null. */
    externalId: text('external_id'),
    active: smallint('active').notNull().default(1),
    /**
     * How many list_members rows name this list, kept by statement triggers on list_members (migration
     * 0022) so that reading the lists counts nothing.
     */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('employee_lists_company_idx').on(t.companyId, t.name),
    // One list per directory group.
    uniqueIndex('employee_lists_external_uq')
      .on(t.companyId, t.source, t.externalId)
      .where(sql`external_id is not null`),
  ],
);

/** Who is in which list. An employee in any list takes a seat. */
export const listMembers = pgTable(
  'list_members',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => employeeLists.id, { onDelete: 'cascade' }),
    /**
     * No foreign key: memberships are only ever written from existing employees of the same company,
     * employees are only removed with their company (whose lists take the memberships with them), and
     * skipping the per-row check keeps a 100 000-row import within its time budget.
     */
    employeeId: uuid('employee_id').notNull(),
    /** The list's company, kept here so tenant queries need no join; removed with the list. */
    companyId: uuid('company_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.employeeId] }),
    index('list_members_company_idx').on(t.companyId, t.employeeId),
    employeeKey('list_members', t),
  ],
);

/**
 * A row about an employee names them with its company: the key (company_id, employee_id) must be an
 * employee of that company, and the row goes when the employee does (migration 0013; eraseEmployees).
 */
export function employeeKey(table: string, t: { companyId: AnyPgColumn; employeeId: AnyPgColumn }) {
  return foreignKey({
    name: `${table}_company_id_employee_id_employees_fk`,
    columns: [t.companyId, t.employeeId],
    foreignColumns: [employees.companyId, employees.id],
  }).onDelete('cascade');
}
