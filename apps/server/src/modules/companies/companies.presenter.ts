import type { Brand, Company, CompanySubscription, RoleCode, ScoreRanges } from '@vigil/shared';
import { ROLES } from '@vigil/shared';
import type { CompanyRecord } from './companies.queries.ts';

type Manager = { created: Date; email: string; name: string; role: number };

export function presentSubscription(s: CompanyRecord['subscription']): CompanySubscription | null {
  if (!s) return null;
  const valid = !s.validTo || s.validTo.getTime() > Date.now();
  return {
    package_name: s.packageName,
    package_users: s.seats,
    package_trial: s.trial,
    package_valid_from: s.validFrom?.toISOString() ?? null,
    package_valid_to: s.validTo?.toISOString() ?? null,
    package_valid: valid ? 1 : 0,
    partner: s.partner,
    definition: s.definition,
  };
}

/** A licence to start campaigns: a subscription still valid, and a trial not yet over. */
export function hasLicence({ company, subscription }: CompanyRecord): boolean {
  const now = Date.now();
  if (company.trialEnds && company.trialEnds.getTime() <= now) return false;
  return !subscription?.validTo || subscription.validTo.getTime() > now;
}

/** The company as spec 1 §3 shows it to the current user. */
export function presentCompany(
  record: CompanyRecord,
  viewer: { role: RoleCode; permissions: string[] },
  managers: Manager[],
  usersTotal: number,
  brand: Brand,
  scoreRanges: ScoreRanges | null,
): Company {
  const { company: c, subscription } = record;
  const seats = subscription?.seats ?? null;
  return {
    company_id: c.id,
    company_name: c.name,
    settings: c.settings,
    logo_name: c.logoName,
    color_main: c.colorMain,
    brand,
    scoreRanges,
    defaultLanguage: c.defaultLanguage,
    role: viewer.role === ROLES.admin ? ROLES.admin : ROLES.viewer,
    permissions: viewer.permissions,
    anonymousTracking: c.anonymousTracking === 1 ? 1 : 0,
    users_total: usersTotal,
    users_available: seats,
    usersLeft: seats === null ? null : Math.max(seats - usersTotal, 0),
    canAddUsers: seats === null || usersTotal < seats,
    canCreateTraining: hasLicence(record),
    trial_ends: c.trialEnds?.toISOString() ?? null,
    billingEnabled: c.billingEnabled,
    isProvider: c.isProvider,
    partnerId: c.partnerAccountId,
    havePartnerSubscription: subscription?.partner ?? false,
    subscription: presentSubscription(subscription),
    managers: managers.map((m) => ({
      created: m.created.toISOString(),
      email: m.email,
      name: m.name,
      role: m.role,
    })),
  };
}
