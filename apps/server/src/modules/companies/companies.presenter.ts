import type { Brand, Company, RoleCode, ScoreRanges } from '@vigil/shared';
import { canAddUsers, isActive, ROLES } from '@vigil/shared';
import { entitlementInput, presentSubscription } from '../../lib/entitlements.ts';
import type { CompanyRecord } from './companies.queries.ts';

type Manager = { created: Date; email: string; name: string; role: number };

/** A licence to start campaigns and send: the trial or subscription has not ended (the policy's isActive). */
export function hasLicence({ company, subscription }: CompanyRecord, now = new Date()): boolean {
  return isActive(entitlementInput(company, subscription), now);
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
  const input = entitlementInput(c, subscription);
  const now = new Date();
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
    canAddUsers: canAddUsers(input, usersTotal, now),
    canCreateTraining: isActive(input, now),
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

export { presentSubscription } from '../../lib/entitlements.ts';
