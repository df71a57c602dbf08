import type { Db } from '../../db/client.ts';
import { companyById, type CompanyRecord } from '../companies/companies.queries.ts';
import { subjectsWithCategory } from '../content/content.queries.ts';
import { groupCommit } from '../delivery/group-commit.ts';
import { learnersByTokens, touchLearnerTokens, type LearnerIdentity } from './learner.queries.ts';

/**
 * What every learner call looks up, kept in this process for a short while: an employee acts about once
 * a second, and looking up their token, their company and the lesson again each time was most of the
 * cost of a call. Each entry is kept for its TTL at most, so a change shows within that time: a removed
 * employee's link stops working within a minute, a company's new name or language shows within
 * 30 seconds, and subjects change only when a process imports the content pack at its start.
 */
function expiring<K, V>(ttlMs: number, max: number) {
  const entries = new Map<K, { value: Promise<V | undefined>; expires: number }>();
  return {
    get(key: K): Promise<V | undefined> | undefined {
      const entry = entries.get(key);
      return entry && entry.expires > Date.now() ? entry.value : undefined;
    },
    /**
     * Keeps a lookup while it runs too, so that calls arriving together (a burst at start) share one
     * query. What is not found, or fails, is not kept.
     */
    set(key: K, value: Promise<V | undefined>) {
      if (entries.size >= max) entries.clear();
      const entry = { value, expires: Date.now() + ttlMs };
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      value.then((v) => v === undefined && forget(), forget);
      return value;
    },
  };
}

const identities = expiring<string, LearnerIdentity>(60_000, 10_000);
const companies = expiring<string, CompanyRecord>(30_000, 1_000);
type SubjectRow = Awaited<ReturnType<typeof subjectsWithCategory>>[number];
const subjectRows = expiring<string, SubjectRow>(5 * 60_000, 1_000);

/** Per database: lookups of tokens not kept, gathered into one statement while another one runs. */
const tokenLookups = new WeakMap<Db, (hash: string) => Promise<LearnerIdentity | undefined>>();
/** Per database: last-use marks, written together off the request's path. */
const tokenTouches = new WeakMap<Db, (item: { hash: string; at: Date }) => Promise<void>>();

/** The employee behind a learner token's hash, if the token and the employee still exist. */
export function identityOf(db: Db, hash: string): Promise<LearnerIdentity | undefined> {
  const kept = identities.get(hash);
  if (kept) return kept;
  let lookup = tokenLookups.get(db);
  if (!lookup) {
    lookup = groupCommit(async (hashes: string[]) => {
      const found = new Map(
        (await learnersByTokens(db, [...new Set(hashes)])).map((l) => [l.hash, l.learner]),
      );
      return hashes.map((h) => found.get(h));
    });
    tokenLookups.set(db, lookup);
  }
  return identities.set(hash, lookup(hash));
}

/** Marks the token used now; the mark is written soon after, with others, and never holds up a call. */
export function touchToken(db: Db, hash: string, at: Date): void {
  let touch = tokenTouches.get(db);
  if (!touch) {
    touch = groupCommit(async (items: { hash: string; at: Date }[]) => {
      await touchLearnerTokens(db, items);
      return items.map(() => undefined);
    });
    tokenTouches.set(db, touch);
  }
  // A lost mark only makes the token look less recently used: nothing waits for it.
  touch({ hash, at }).catch(() => undefined);
}

/** The company of a learner's token (see the TTL above). */
export function learnerCompany(db: Db, companyId: string): Promise<CompanyRecord | undefined> {
  return companies.get(companyId) ?? companies.set(companyId, companyById(db, companyId));
}

/** These subjects with their category, those that exist, in no particular order. */
export async function learnerSubjects(db: Db, ids: string[]): Promise<SubjectRow[]> {
  const lookups = new Map([...new Set(ids)].map((id) => [id, subjectRows.get(id)]));
  const missing = [...lookups].filter(([, kept]) => !kept).map(([id]) => id);
  if (missing.length > 0) {
    const fetched = subjectsWithCategory(db, missing);
    for (const id of missing)
      lookups.set(
        id,
        subjectRows.set(
          id,
          fetched.then((rows) => rows.find((r) => r.subject.id === id)),
        ),
      );
  }
  const rows = await Promise.all(lookups.values());
  return rows.filter((r): r is SubjectRow => r !== undefined);
}

/** One subject with its category (see learnerSubjects). */
export async function learnerSubjectRow(db: Db, id: string): Promise<SubjectRow | undefined> {
  const [row] = await learnerSubjects(db, [id]);
  return row;
}
