import { index, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Manager sessions. Only the SHA-256 of the bearer token is stored. An impersonation session names
 * the super-admin's session it was started from and lives only as long as that one does.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The super-admin acting as this user, while impersonating. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    impersonatorSessionId: uuid('impersonator_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_impersonator_session_idx').on(t.impersonatorSessionId),
  ],
);

/**
 * One-time sign-in tokens: mailed links (kind 'email') and impersonation JWT ids (kind 'jwt').
 * Only hashes are stored; a token is consumed by setting used_at, once.
 */
export const signinTokens = pgTable(
  'signin_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'email' | 'jwt'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    impersonatorSessionId: uuid('impersonator_session_id').references(() => sessions.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('signin_tokens_user_idx').on(t.userId)],
);

/**
 * Every start and end of an impersonation, kept for audit: who acted as whom, when. Emails are copied
 * so that the record outlives the accounts; the session id pairs a start with its end.
 */
export const impersonationEvents = pgTable(
  'impersonation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').$type<'start' | 'end'>().notNull(),
    /** Why it ended: 'ended' by the super-admin, 'signed_out' from the impersonation itself, or 'impersonator_signed_out'. */
    reason: text('reason').$type<'ended' | 'signed_out' | 'impersonator_signed_out'>(),
    sessionId: uuid('session_id').notNull(),
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorEmail: text('impersonator_email').notNull(),
    targetId: uuid('target_id').references(() => users.id, { onDelete: 'set null' }),
    targetEmail: text('target_email').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('impersonation_events_created_idx').on(t.createdAt)],
);
