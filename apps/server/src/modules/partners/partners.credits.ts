/**
 * Credits (spec 1 §2 dashboard banner, §3 Unused package, §5, §7, §8): packages of seats on a plan,
 * held by a partner account or a company, assigned to an existing company or to a new one through
 * POST /data/manager/assignpackage.
 *
 * CSRF: the session travels in the Authorization header, which a cross-site form cannot send; the
 * call also carries `_csrf`, a token bound to the session (an HMAC of the session id under the
 * server's secret, handed out by GET /data/manager/packages), and a request whose Origin is neither
 * the manager app's (PUBLIC_URL) nor the server's own host is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  addMonths,
  assignNameProblem,
  PARTNER_MESSAGES,
  type AssignablePackages,
  type AssignPackageRequest,
  type AssignPackageResult,
  type UnusedPackage,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { PartnerAccess } from '../../http/partner.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import { seatsUsed } from '../../lib/entitlements.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { findPlan, PLANS } from '../billing/billing.service.ts';
import {
  addAdmin,
  claimCredit,
  creditById,
  customersOfPartners,
  holdingsOf,
  insertCompany,
  setSubscription,
  unusedPackages,
  type CreditRow,
} from './partners.queries.ts';

const planName = (code: string) => PLANS.find((p) => p.baseId === code)?.name ?? code;

function presentPackage(row: {
  credit: CreditRow;
  partnerName: string | null;
  companyName: string | null;
}): UnusedPackage {
  const c = row.credit;
  return {
    id: c.id,
    users: c.seats,
    company_name: row.companyName ?? row.partnerName ?? '',
    planCode: c.planCode,
    planName: planName(c.planCode),
    months: c.months,
    partnerId: c.partnerAccountId,
    companyId: c.companyId,
  };
}

/** GET /partners/{id}/credits */
export async function partnerCredits(db: Db, partner: PartnerAccess): Promise<{ packages: UnusedPackage[] }> {
  const rows = await unusedPackages(db, { partnerIds: [partner.id], companyIds: [] });
  return { packages: rows.map(presentPackage) };
}

/** The token of the assign form, bound to the session. */
export function csrfToken(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`assignpackage:${sessionId}`).digest('base64url');
}

export function csrfValid(secret: string, sessionId: string, given: string): boolean {
  const expected = Buffer.from(csrfToken(secret, sessionId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** What the user may assign and to which companies: their admin companies and their partners' customers. */
async function reach(db: Db, userId: string) {
  const holdings = await holdingsOf(db, userId);
  const customers = await customersOfPartners(db, holdings.partnerIds);
  const companies = new Map<string, { id: string; name: string; partnerId: string | null }>();
  for (const c of [...holdings.companies, ...customers]) companies.set(c.id, c);
  return { partnerIds: holdings.partnerIds, adminCompanyIds: holdings.companies.map((c) => c.id), companies };
}

/** GET /data/manager/packages */
export async function assignablePackages(
  db: Db,
  user: { id: string },
  csrf: string,
): Promise<AssignablePackages> {
  const r = await reach(db, user.id);
  const rows = await unusedPackages(db, { partnerIds: r.partnerIds, companyIds: r.adminCompanyIds });
  return {
    packages: rows.map(presentPackage),
    companies: [...r.companies.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((c) => ({ company_id: c.id, company_name: c.name })),
    csrf,
  };
}

const failed = (status: number, reason: string) =>
  new AppError(status, PARTNER_MESSAGES.creditAssignFailed, reason);

/**
 * POST /data/manager/assignpackage: the package's plan and seats become the company's subscription for
 * its months from today. A partner's package goes to one of its customers or to a new customer; a
 * company's package to a company its holder administers, or to a new company the user administers.
 */
export async function assignPackage(
  ctx: AppContext,
  user: { id: string },
  req: AssignPackageRequest,
  scopeOf: (companyId: string) => CompanyScope,
): Promise<AssignPackageResult> {
  const { db } = ctx;
  const r = await reach(db, user.id);
  const credit = await creditById(db, req.package_id);
  const mine =
    credit &&
    !credit.assignedCompanyId &&
    ((credit.partnerAccountId && r.partnerIds.includes(credit.partnerAccountId)) ||
      (credit.companyId && r.adminCompanyIds.includes(credit.companyId)));
  if (!credit || !mine) throw failed(404, PARTNER_MESSAGES.packageNotFound);
  const plan = findPlan(`${credit.planCode}-monthly`);
  if (!plan) throw failed(409, PARTNER_MESSAGES.packageNotFound);

  // The companies this package may go to.
  const holderPartner =
    credit.partnerAccountId ??
    (credit.companyId ? (r.companies.get(credit.companyId)?.partnerId ?? null) : null);
  const targets = [...r.companies.values()].filter((c) =>
    credit.partnerAccountId ? c.partnerId === credit.partnerAccountId : r.adminCompanyIds.includes(c.id),
  );

  let companyId: string;
  if (req.company_id) {
    if (!targets.some((c) => c.id === req.company_id)) throw failed(404, PARTNER_MESSAGES.companyNotFound);
    companyId = req.company_id;
    const inUse = await seatsUsed(db, scopeOf(companyId));
    if (inUse > credit.seats) throw failed(409, PARTNER_MESSAGES.seatsBelowInUse(inUse));
  } else {
    const name = (req.new_company_name ?? '').trim();
    const problem = assignNameProblem(
      name,
      targets.map((c) => c.name),
    );
    if (problem) throw failed(problem === PARTNER_MESSAGES.assignNameTaken ? 409 : 400, problem);
    companyId = (await insertCompany(db, { name, partnerId: holderPartner })).id;
    // A company's admin runs the new company; a partner's admins reach it through the partner.
    if (!credit.partnerAccountId) await addAdmin(db, scopeOf(companyId), user.id);
  }
  const scope = scopeOf(companyId);
  if (!(await claimCredit(db, credit.id, scope))) throw failed(409, PARTNER_MESSAGES.packageNotFound);
  const now = new Date();
  await setSubscription(db, scope, {
    packageName: plan.plan.name,
    planCode: plan.plan.baseId,
    seats: credit.seats,
    definition: plan.variant.definition,
    validFrom: now,
    validTo: addMonths(now, credit.months),
    partner: holderPartner !== null,
  });
  companyChanged(companyId);
  return { success: true, company_id: companyId };
}
