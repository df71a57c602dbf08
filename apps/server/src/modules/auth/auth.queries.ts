import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  impersonationEvents,
  partnerAccounts,
  partnerAdmins,
  sessions,
  signinTokens,
  users,
} from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Creates a manager unless the email is taken; undefined when it was. */
export async function insertUserIfNew(db: Db, email: string, name = ''): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ email: email.toLowerCase(), name })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: { name: string; language?: string | undefined },
) {
  const [row] = await db
    .update(users)
    .set({ name: values.name, ...(values.language ? { language: values.language } : {}) })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertSigninToken(
  db: Db,
  values: {
    userId: string;
    kind: 'email' | 'jwt';
    tokenHash: string;
    expiresAt: Date;
    impersonatorId?: string;
    impersonatorSessionId?: string;
  },
): Promise<void> {
  await db.insert(signinTokens).values(values);
}

/** Marks an unused, unexpired token used, atomically: of two concurrent exchanges one wins. */
export async function consumeSigninToken(db: Db, kind: 'email' | 'jwt', tokenHash: string) {
  const [row] = await db
    .update(signinTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(signinTokens.tokenHash, tokenHash),
        eq(signinTokens.kind, kind),
        isNull(signinTokens.usedAt),
        gt(signinTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({
      userId: signinTokens.userId,
      impersonatorId: signinTokens.impersonatorId,
      impersonatorSessionId: signinTokens.impersonatorSessionId,
    });
  return row;
}

export async function insertSession(
  db: Db,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    impersonatorId?: string | null;
    impersonatorSessionId?: string | null;
    userAgent?: string | null;
    ip?: string | null;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!;
}

const impersonatorSession = alias(sessions, 'impersonator_session');

/**
 * A live session with its user, by token hash. An impersonation session is live only while the
 * super-admin's session it was started from is.
 */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      impersonatorId: sessions.impersonatorId,
      lastSeenAt: sessions.lastSeenAt,
      user: { id: users.id, email: users.email, name: users.name, isSuperAdmin: users.isSuperAdmin },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonatorSession, eq(impersonatorSession.id, sessions.impersonatorSessionId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        or(
          isNull(sessions.impersonatorSessionId),
          and(isNull(impersonatorSession.revokedAt), gt(impersonatorSession.expiresAt, sql`now()`)),
        ),
      ),
    )
    .limit(1);
  return row;
}

export async function sessionIsLive(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return Boolean(row);
}

/** Marks a session seen; `expiresAt` extends it, and is left out for sessions that are not renewed. */
export async function touchSession(db: Db, sessionId: string, expiresAt?: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, ...(expiresAt ? { expiresAt } : {}) })
    .where(eq(sessions.id, sessionId));
}

/** Revokes a live session; its id, user and impersonator when it was live, else undefined. */
export async function revokeSession(db: Db, sessionId: string) {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId, impersonatorId: sessions.impersonatorId });
  return row;
}

/** Revokes the live impersonation sessions started from a super-admin's session. */
export async function revokeImpersonationsFrom(db: Db, impersonatorSessionId: string) {
  return db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.impersonatorSessionId, impersonatorSessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id, userId: sessions.userId, impersonatorId: sessions.impersonatorId });
}

export type ImpersonationEventInput = {
  action: 'start' | 'end';
  reason?: 'ended' | 'signed_out' | 'impersonator_signed_out';
  sessionId: string;
  impersonatorId: string;
  targetId: string;
  ip: string | null;
};

/** Records an impersonation's start or end, with both people's emails as they are now. */
export async function insertImpersonationEvent(db: Db, event: ImpersonationEventInput): Promise<void> {
  const emailOf = (userId: string) => sql`(SELECT email FROM users WHERE id = ${userId})`;
  await db.insert(impersonationEvents).values({
    ...event,
    impersonatorEmail: emailOf(event.impersonatorId),
    targetEmail: emailOf(event.targetId),
  });
}

/** The newest impersonation events first, a page at a time. */
export async function listImpersonationEvents(db: Db, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(impersonationEvents)
    .orderBy(desc(impersonationEvents.createdAt), desc(impersonationEvents.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function partnerAccountsOf(db: Db, userId: string) {
  return db
    .select({ id: partnerAccounts.id, name: partnerAccounts.name })
    .from(partnerAdmins)
    .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerAdmins.partnerAccountId))
    .where(eq(partnerAdmins.userId, userId))
    .orderBy(partnerAccounts.name);
}

/** Removes sign-in tokens and sessions that can never be used again. */
export async function pruneExpiredAuth(db: Db, olderThan: Date): Promise<void> {
  await db.delete(signinTokens).where(lt(signinTokens.expiresAt, olderThan));
  await db.delete(sessions).where(or(lt(sessions.expiresAt, olderThan), lt(sessions.revokedAt, olderThan)));
}
