/**
 * The one place anonymous tracking is applied (the rules: packages/shared/src/privacy.ts). Every
 * report, export and screen that shows employees reads the company's Privacy here and presents people,
 * searches, orders and per-employee files through it; nothing else compares `anonymousTracking`.
 */
import { PRIVACY_MESSAGES, trackingRules, type TrackingRules } from '@vigil/shared';
import { Forbidden } from '../http/errors.ts';

export type Privacy = TrackingRules;

/** The company's tracking mode: anonymous once `anonymousTracking` is 1 (a column; it only ever goes on). */
export function privacyOf(company: { anonymousTracking: number }): Privacy {
  return trackingRules(company.anonymousTracking === 1);
}

/** Refuses what is about one named employee (their detail, a sign-in link, a mail) under anonymous tracking. */
export function requireIdentities(privacy: Privacy): void {
  if (!privacy.identities) throw Forbidden(PRIVACY_MESSAGES.anonymous);
}

/** Refuses a file with a row per employee under anonymous tracking; aggregate files stay. */
export function requirePersonalFiles(privacy: Privacy): void {
  if (!privacy.personalFiles) throw Forbidden(PRIVACY_MESSAGES.anonymous);
}

/** Who a row of a report table is. */
export interface Identity {
  email: string;
  name: string;
  /** The employee's list(s) as the table's List column shows them. */
  listName?: string;
}

/** A report row as the manager may see it: under anonymous tracking who it is (name, email, list) is blank. */
export function presentIdentity<T extends Identity>(privacy: Privacy, row: T): T {
  if (privacy.identities) return row;
  return { ...row, email: '', name: '', ...(row.listName === undefined ? {} : { listName: '' }) };
}

/**
 * How a query lists employees: `q` searches their names and emails; `pseudonymous` orders (and breaks
 * ties) by the random employee id instead of by name or email. Every employee table's query takes
 * these two options.
 */
export interface PeopleListing {
  q?: string | undefined;
  pseudonymous?: boolean;
}

/**
 * The listing options of an employee table under the company's Privacy: under anonymous tracking the
 * search is dropped and the order is by id, since either would tell who a row is.
 */
export function peopleListing(
  privacy: Privacy,
  q: string | undefined,
): { q: string | undefined; pseudonymous: boolean } {
  return privacy.identities
    ? { q: q || undefined, pseudonymous: false }
    : { q: undefined, pseudonymous: true };
}

/**
 * The order of a report table: ordering by who people are (name, email, list) would let a roster put
 * names back on rows, so under anonymous tracking such an order gives way to `fallback`.
 */
export function identityOrder<O extends string>(
  privacy: Privacy,
  order: O,
  byIdentity: readonly O[],
  fallback: O,
): O {
  return privacy.identities || !byIdentity.includes(order) ? order : fallback;
}
