import type { PgTable } from 'drizzle-orm/pg-core';
import { backoffDelay } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Database, Db } from '../../db/client.ts';
import {
  ChannelRefusal,
  channelSender,
  RateLimited,
  type ChannelSender,
  type DeliveryMail,
} from './delivery.channels.ts';
import {
  nextDueBefore,
  nextLeaseEnd,
  recordOutcomes,
  releaseClaims,
  renewClaims,
  type ClaimedRow,
  type DeliveryOutcome,
  type DeliveryTables,
  type MailLog,
} from './delivery.send.queries.ts';
import { endedCompaniesAcross } from '../../lib/entitlements.ts';
import { groupCommit } from '../../lib/group-commit.ts';

/** The outcome of a delivery its company may no longer send. */
export const SUBSCRIPTION_ENDED = 'Not sent: the subscription has ended';

/** Tuning of the send loop; tests shorten the lease and the chunk. */
export const DELIVERY = {
  /** Deliveries claimed per statement. */
  chunk: 100,
  /**
   * Mails in flight at once per sender (the SMTP pool has a few connections). A mail holds its place
   * until its outcome is committed, so a crash leaves at most this many mails in doubt.
   */
  concurrency: 16,
  /**
   * A claim not renewed within this time is taken again: its sender has died. A live sender renews its
   * claims every `renewMs` and stops starting mails once a renewal is overdue, so a stall (a pause, a
   * database out of reach) cannot make it send rows another sender has taken over.
   */
  leaseMs: 20_000,
  /** How often a sender renews the claims it still holds (its heartbeat). */
  renewMs: 5_000,
  /** Sends tried per delivery before it is marked failed. */
  maxAttempts: 6,
  /** A send job waits for rows due again within this long (a rate limit's Retry-After) before it ends. */
  waitForRetryMs: 15_000,
  /** First retry after about this long, growing exponentially. */
  retryBaseMs: 30_000,
  /** Due events started per dispatch. */
  eventsPerDispatch: 50,
  /** Fan-outs writing at least this many rows refresh the planner's statistics. */
  analyzeAfter: 5_000,
};

export type { DeliveryMail };

/**
 * A table of deliveries that the send loop drains (training deliveries, assessment deliveries). The
 * loop claims due rows with a lease, groups them into messages, sends each group over its channel's
 * sender (delivery.channels.ts) with at most DELIVERY.concurrency in flight, and records every outcome (sent with its mail log row, bounced,
 * retried with back-off, failed once DELIVERY.maxAttempts are spent). A source only says what is due
 * and what to send:
 *
 * - `tables`: its deliveries table (same columns as `training_deliveries`) and its events table, used
 *   for the outcomes; `claim` usually calls `claimDue` with them;
 * - `claim(db, now, leaseMs, limit)`: leases up to `limit` due rows;
 * - `groupKey(row)`: rows with the same key go out as one mail (e.g. one employee's batches of one
 *   program, merged);
 * - `render(ctx, groups)`: each group's message, in order (whatever its channel); `undefined` when it
 *   cannot be made (the rows fail), `null` when there is nothing to send any more (the rows are removed).
 *   A group whose channel has no registered sender fails as not connected.
 *
 * A source object may cache what it looked up (companies) for the one `sendDueFrom` call it is made for.
 */
export interface DeliverySource<R extends ClaimedRow> {
  tables: DeliveryTables;
  claim(db: Db, now: Date, leaseMs: number, limit: number): Promise<R[]>;
  groupKey(row: R): string;
  render(ctx: AppContext, groups: R[][]): Promise<(DeliveryMail | undefined | null)[]>;
}

/**
 * Sends what `source` has due, chunk by chunk, until nothing is left; memory holds one chunk at a time.
 * Returns the mails sent. Several loops (in one process or many) may run at once.
 */
export async function sendDueFrom<R extends ClaimedRow>(
  ctx: AppContext,
  source: DeliverySource<R>,
  now: () => Date = () => new Date(),
): Promise<number> {
  let sent = 0;
  for (;;) {
    const at = now();
    const claimed = await source.claim(ctx.db, at, DELIVERY.leaseMs, DELIVERY.chunk);
    if (claimed.length === 0) break;
    const lease = holdLease(ctx.db, source.tables.deliveries, claimed, at, now);
    try {
      sent += await sendChunk(ctx, source, claimed, at, lease.held);
    } finally {
      lease.stop();
    }
  }
  return sent;
}

/**
 * Runs `send` (a sendDueFrom over `deliveries`) again until no other sender holds a claim and nothing is
 * due again within DELIVERY.waitForRetryMs: a sender that died stops renewing its lease, and this loop
 * takes its rows over once the lease has run out, within DELIVERY.leaseMs of the death. Job handlers send this way, so a surviving process resumes a dead one's
 * work.
 */
export async function sendWhileClaimed(
  db: Db,
  deliveries: PgTable,
  send: () => Promise<number>,
): Promise<number> {
  let sent = 0;
  for (;;) {
    sent += await send();
    // Rows a chat service asked to wait for a few seconds (429 Retry-After) are sent by this loop too.
    const end =
      (await nextLeaseEnd(db, deliveries)) ??
      (await nextDueBefore(db, deliveries, new Date(Date.now() + DELIVERY.waitForRetryMs)));
    if (!end) return sent;
    // Looked at again by the lease's end, or sooner when the holder finishes (a heartbeat's time).
    const wait = Math.min(Math.max(end.getTime() - Date.now(), 0), DELIVERY.renewMs) + 100;
    await new Promise((r) => setTimeout(r, wait));
  }
}

/**
 * On PGlite only one process opens the database, so claims left from before this process started were
 * held by a sender that died with the previous process: they are freed at once rather than after their
 * lease. On PostgreSQL other processes may still be sending; their leases tell.
 */
export async function releaseClaimsOfDeadSenders(database: Database, deliveries: PgTable): Promise<void> {
  if (database.kind === 'pglite') await releaseClaims(database.db, deliveries, new Date());
}

/**
 * Renews the claim on `rows` every DELIVERY.renewMs while their chunk is being sent. `held()` says
 * whether the lease is still known to be ours with time to spare; once it is not (renewals failed or
 * came too late), the sender starts no more mails and stops renewing, and the rows go to whoever takes
 * them next.
 */
function holdLease(db: Db, deliveries: PgTable, rows: ClaimedRow[], at: Date, now: () => Date) {
  const ids = rows.map((r) => r.id);
  let until = at.getTime() + DELIVERY.leaseMs;
  const held = () => now().getTime() + DELIVERY.renewMs < until;
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    if (!held()) return clearInterval(timer);
    renewing = true;
    const next = now().getTime() + DELIVERY.leaseMs;
    renewClaims(db, deliveries, ids, new Date(next))
      .then(() => (until = next))
      .catch(() => undefined)
      .finally(() => (renewing = false));
  }, DELIVERY.renewMs);
  return { held, stop: () => clearInterval(timer) };
}

/**
 * Sends a claimed chunk. A mail's outcome is committed soon after the SMTP server has answered (with
 * those of the other mails that finished meanwhile, in one statement), and the mail's place in the
 * window is freed only then: a crash leaves in doubt at most DELIVERY.concurrency mails, re-sent with
 * the same Message-ID once the lease runs out. A mail is started only while `held()` says the lease is
 * ours.
 */
async function sendChunk<R extends ClaimedRow>(
  ctx: AppContext,
  source: DeliverySource<R>,
  claimed: R[],
  now: Date,
  held: () => boolean,
): Promise<number> {
  const write = groupCommit(async (items: { outcomes: DeliveryOutcome[]; log?: MailLog }[]) => {
    const outcomes = items.flatMap((i) => i.outcomes);
    const logs = items.flatMap((i) => (i.log ? [i.log] : []));
    await recordOutcomes(ctx.db, source.tables.deliveries, outcomes, now, logs);
    return items.map(() => undefined);
  });
  const record = async (outcomes: DeliveryOutcome[], log?: MailLog) => {
    if (outcomes.length > 0 || log) await write({ outcomes, log });
  };
  const exhausted = claimed.filter((r) => r.attempts > DELIVERY.maxAttempts);
  await record(settle(exhausted, { status: 'failed', error: 'Gave up after repeated failures' }));
  // A company whose trial or subscription has ended is read-only: what it had queued is not sent.
  const ended = await endedCompaniesAcross(
    ctx.db,
    claimed.map((r) => r.company_id),
    now,
  );
  const halted = claimed.filter((r) => ended.has(r.company_id) && r.attempts <= DELIVERY.maxAttempts);
  await record(settle(halted, { status: 'failed', error: SUBSCRIPTION_ENDED }));
  const groups = groupRows(
    claimed.filter((r) => r.attempts <= DELIVERY.maxAttempts && !ended.has(r.company_id)),
    source.groupKey,
  );
  const rendered = await source.render(ctx, groups);
  let sent = 0;
  await eachLimited(groups, DELIVERY.concurrency, async (group, i) => {
    const mail = rendered[i];
    if (mail === undefined)
      return record(settle(group, { status: 'failed', error: 'This channel is not connected' }));
    if (mail === null) return record(settle(group, { status: 'skipped' }));
    const sender = channelSender(group[0]!.channel);
    if (!sender) return record(settle(group, { status: 'failed', error: 'This channel is not connected' }));
    if (!held()) return;
    try {
      const { log } = await sender.send(ctx, mail);
      sent++;
      await record(settle(group, { status: 'sent', mailId: log?.id }), log);
    } catch (err) {
      await record(failureOf(group, err, now, sender));
    }
  });
  return sent;
}

function groupRows<R>(rows: R[], keyOf: (row: R) => string): R[][] {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/** The same outcome for each of `rows`. */
function settle(
  rows: { id: number }[],
  o: { status: DeliveryOutcome['status']; mailId?: string; error?: string; dueAt?: Date; refund?: boolean },
): DeliveryOutcome[] {
  return rows.map((r) => ({
    id: r.id,
    status: o.status,
    mailId: o.mailId ?? null,
    error: o.error ?? null,
    dueAt: o.dueAt ?? null,
    ...(o.refund ? { refund: true } : {}),
  }));
}

/**
 * A permanent refusal (SMTP 5xx) bounces; a chat service's refusal (not connected, not found) fails; a
 * rate limit waits its Retry-After without spending an attempt; anything else is retried with back-off
 * until the attempts run out.
 */
function failureOf(
  rows: { id: number; attempts: number }[],
  err: unknown,
  now: Date,
  sender: ChannelSender,
): DeliveryOutcome[] {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  if (err instanceof RateLimited)
    return settle(rows, {
      status: 'pending',
      error: message,
      dueAt: new Date(now.getTime() + err.retryAfterMs),
      refund: true,
    });
  if (err instanceof ChannelRefusal) return settle(rows, { status: 'failed', error: message });
  if (sender.isPermanent(err)) return settle(rows, { status: 'bounced', error: message });
  const attempts = Math.max(...rows.map((r) => r.attempts));
  if (attempts >= DELIVERY.maxAttempts) return settle(rows, { status: 'failed', error: message });
  const dueAt = new Date(now.getTime() + backoffDelay(DELIVERY.retryBaseMs, attempts - 1));
  return settle(rows, { status: 'pending', error: message, dueAt });
}

/** Runs `fn` over `items` with at most `limit` at once. */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

// Used by other modules: the campaign kinds claim their due rows with the send loop's SQL.
export { claimDue, hasWork, type ClaimedRow, type DeliveryTables } from './delivery.send.queries.ts';
