import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { employeeKey, employeeLists } from './employees.ts';
import { users } from './users.ts';

/**
 * A company's SCIM tokens: the bearer an identity provider (Entra ID, Okta) provisions with. Only the
 * SHA-256 of the token is stored (256 random bits, no salt needed) with its last characters; a revoked
 * token stays listed with when it was revoked, and calls made with it are 401.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    lastChars: text('last_chars').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    unique('scim_tokens_hash_uq').on(t.tokenHash),
    index('scim_tokens_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * The employees a SCIM client provisioned: the User resource's id is the employee's id; this row keeps
 * what the identity provider reads back (userName, externalId, active, the name parts). An inactive user
 * is in no list; erasing the employee (a SCIM DELETE) takes the row with it.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    companyId: uuid('company_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    active: boolean('active').notNull().default(true),
    givenName: text('given_name'),
    familyName: text('family_name'),
    displayName: text('display_name'),
    department: text('department'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.employeeId] }),
    employeeKey('scim_users', t),
    // userName is unique per company, compared without case (RFC 7643 §4.1.1: caseExact false).
    uniqueIndex('scim_users_user_name_uq').on(t.companyId, sql`lower(${t.userName})`),
    index('scim_users_external_idx').on(t.companyId, t.externalId),
  ],
);

/**
 * The employee lists a SCIM client owns: a Group resource's id is the list's id. `everyone` marks the
 * one list every active provisioned user is in (so each takes a seat and can be trained), which is not
 * a Group.
 */
export const scimGroups = pgTable(
  'scim_groups',
  {
    listId: uuid('list_id')
      .primaryKey()
      .references(() => employeeLists.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    externalId: text('external_id'),
    everyone: boolean('everyone').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scim_groups_company_idx').on(t.companyId, t.externalId),
    uniqueIndex('scim_groups_everyone_uq')
      .on(t.companyId)
      .where(sql`${t.everyone}`),
  ],
);
