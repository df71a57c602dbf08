import { LEARNER_MESSAGES } from '@vigil/shared';
import type { FastifyRequest } from 'fastify';
import { isEmbedded, type Db } from '../../db/client.ts';
import { Unauthorized } from '../../http/errors.ts';
import { bearerToken } from '../../http/session-hook.ts';
import { onCompanyChanged } from '../../lib/company-changes.ts';
import { mintScope } from '../../lib/scope.ts';
import { hashToken } from '../auth/tokens.ts';
import { expiring } from '../../lib/expiring.ts';
import { groupCommit } from '../../lib/group-commit.ts';
import type { LearnerIdentity, TokenHolder } from './campaigns.kind.ts';
import { learnersByTokens, touchLearnerTokens } from './campaigns.queries.ts';

/**
 * The learner guard: an employee's personal link (of any campaign kind) resolved to the employee and
 * their company, once per call, as an employee principal's scope.
 */

/**
 * Each employee's token, kept for a minute: an employee acts about once a second, and looking up their
 * token each time was most of the cost of a call. A removed employee's link stops working within that
 * minute; one removed through this process (lib/company-changes.ts) at once.
 */
const identities = expiring<string, TokenHolder>(60_000, 10_000);

onCompanyChanged((companyId) => identities.forgetWhere((_, identity) => identity.companyId === companyId));

/**
 * How the learner calls' writes and lookups are gathered (see groupCommit): on the embedded database a
 * statement costs a few ms whatever it carries and runs on the server's own thread, so each batch waits
 * for the calls of the next 20 ms; 500 employees' events then go about ten to a statement instead of one
 * or two. On a PostgreSQL server (prepared statements, a pool of connections) batches go at once.
 */
export const learnerBatching = (db: Db) => ({ gatherMs: isEmbedded(db) ? 20 : 0 });

/** Per database: lookups of tokens not kept, gathered into one statement while another one runs. */
const tokenLookups = new WeakMap<Db, (hash: string) => Promise<TokenHolder | undefined>>();
/** Per database: last-use marks waiting to be written. */
const tokenTouches = new WeakMap<Db, Map<string, Date>>();
const TOUCH_GATHER_MS = 1_000;

/** The employee behind a learner token's hash, if the token and the employee still exist. */
export function identityOf(db: Db, hash: string): Promise<TokenHolder | undefined> {
  const kept = identities.get(hash);
  if (kept) return kept;
  let lookup = tokenLookups.get(db);
  if (!lookup) {
    lookup = groupCommit(async (hashes: string[]) => {
      const found = new Map(
        (await learnersByTokens(db, [...new Set(hashes)])).map((l) => [l.hash, l.learner]),
      );
      return hashes.map((h) => found.get(h));
    }, learnerBatching(db));
    tokenLookups.set(db, lookup);
  }
  return identities.set(hash, lookup(hash));
}

/** Marks the token used now; the marks of a second are written together after it, off the calls' path. */
export function touchToken(db: Db, hash: string, at: Date): void {
  let pending = tokenTouches.get(db);
  if (!pending) {
    const marks = new Map<string, Date>();
    pending = marks;
    tokenTouches.set(db, marks);
    // When everyone opens the app at once, one statement marks them all instead of one each.
    setTimeout(() => {
      tokenTouches.delete(db);
      const uses = [...marks].map(([h, a]) => ({ hash: h, at: a }));
      // A lost mark only makes the token look less recently used: nothing waits for it.
      touchLearnerTokens(db, uses).catch(() => undefined);
    }, TOUCH_GATHER_MS).unref();
  }
  pending.set(hash, at);
}

/** A token's last use is written at most this often, to keep writes rare. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    learner: LearnerIdentity | null;
  }
}

/** preHandler: the employee behind the learner link's token, or 401 with the link message. */
export function requireLearner(db: Db) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token || token.length > 200) throw Unauthorized(LEARNER_MESSAGES.linkInvalid);
    const hash = hashToken(token);
    const now = new Date();
    const holder = await identityOf(db, hash);
    if (!holder) throw Unauthorized(LEARNER_MESSAGES.linkInvalid);
    if (!holder.lastUsedAt || now.getTime() - holder.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      holder.lastUsedAt = now;
      touchToken(db, hash, now);
    }
    // The employee's principal: every query of the call is scoped to their company.
    const scope = mintScope(holder.companyId, { kind: 'employee', employeeId: holder.employeeId });
    request.learner = { ...holder, scope };
  };
}

export function learnerOf(request: FastifyRequest): LearnerIdentity {
  if (!request.learner) throw new Error('Route has no learner guard');
  return request.learner;
}
