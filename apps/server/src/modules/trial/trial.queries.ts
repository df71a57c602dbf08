import { and, eq, gt, isNull, lt, or, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { trialSignups } from '../../db/schema/index.ts';

/** A sign-up waiting for its email to be confirmed; only the token's hash is stored. */
export async function insertTrialSignup(
  db: Db,
  values: { email: string; tokenHash: string; timeZone: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(trialSignups).values(values);
}

/** Uses the sign-up whose token has this hash, once and before it expires; undefined otherwise. */
export async function consumeTrialSignup(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(trialSignups)
    .set({ usedAt: now })
    .where(
      and(
        eq(trialSignups.tokenHash, tokenHash),
        isNull(trialSignups.usedAt),
        gt(trialSignups.expiresAt, now),
      ),
    )
    .returning({ email: trialSignups.email, timeZone: trialSignups.timeZone });
  return row;
}

/** Sign-ups used or expired before `before` are of no further use. */
export async function pruneTrialSignups(db: Db, before: Date): Promise<void> {
  await db
    .delete(trialSignups)
    .where(
      or(
        lt(trialSignups.expiresAt, before),
        and(isNotNull(trialSignups.usedAt), lt(trialSignups.usedAt, before)),
      ),
    );
}
