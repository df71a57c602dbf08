/**
 * The tenant scope. Every query on a company's rows takes a `CompanyScope` and names
 * `scope.companyId` in its WHERE clause, so a service that forgot a check still cannot reach
 * another company's rows: ids of another company simply match nothing.
 *
 * A scope can only be built by `mintScope` from a resolved principal, and only the places that
 * resolve principals may call it (a lint rule in eslint.config.js): the manager guard
 * (http/tenant.ts), the learner guard (an employee's link token), background jobs acting for a
 * company (a system principal), the demo loader and tests. See docs/ARCHITECTURE.md.
 */
declare const minted: unique symbol;

/** Who acts. Resolved once per request (or per job) before any company data is read. */
export type Principal =
  | { kind: 'manager'; userId: string; via: 'membership' | 'partner' | 'superadmin' }
  | { kind: 'employee'; employeeId: string }
  | { kind: 'api-key'; keyId: string }
  | { kind: 'scim'; tokenId: string }
  | { kind: 'system'; task: string };

export interface CompanyScope {
  readonly companyId: string;
  readonly principal: Principal;
  /** Only mintScope makes one; an object literal cannot pass for a scope. */
  readonly [minted]: true;
}

export function mintScope(companyId: string, principal: Principal): CompanyScope {
  return { companyId, principal } as CompanyScope;
}

/** Background work for one company (a job, the send loop, the demo loader). */
export const systemScope = (companyId: string, task: string): CompanyScope =>
  mintScope(companyId, { kind: 'system', task });
