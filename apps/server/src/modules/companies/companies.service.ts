import {
  COMPANY_SETTINGS,
  PERMISSIONS,
  type Company,
  type CompanyUpdate,
  type RoleCode,
} from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import {
  companiesOfMember,
  companyById,
  insertCompanyWithAdmin,
  managersOf,
  seatsInUseByCompany,
  setAnonymousTracking,
  updateCompany,
} from './companies.queries.ts';
import { presentCompany } from './companies.presenter.ts';

/** Trials last two weeks and allow up to 50 employees. */
export const TRIAL = { days: 14, seats: 50 } as const;

/** GET /companies/my_companies: every company the user is a member of. */
export async function myCompanies(db: Db, userId: string): Promise<Company[]> {
  const rows = await companiesOfMember(db, userId);
  const ids = rows.map((r) => r.company.id);
  const [managers, seats] = await Promise.all([managersOf(db, ids), seatsInUseByCompany(db, ids)]);
  return rows.map((r) =>
    presentCompany(
      r,
      { role: r.role as RoleCode, permissions: r.manageUsers ? [PERMISSIONS.manageUsers] : [] },
      managers.filter((m) => m.companyId === r.company.id),
      seats.get(r.company.id) ?? 0,
    ),
  );
}

/** GET /companies/{id}: one company as the tenant sees it. */
export async function companyForTenant(db: Db, tenant: TenantContext): Promise<Company> {
  const record = await companyById(db, tenant.companyId);
  if (!record) throw NotFound('Company not found.');
  const [managers, seats] = await Promise.all([
    managersOf(db, [tenant.companyId]),
    seatsInUseByCompany(db, [tenant.companyId]),
  ]);
  return presentCompany(record, tenant, managers, seats.get(tenant.companyId) ?? 0);
}

/** POST switchTrackingAnonymous: irreversible; past and future data become anonymous. */
export async function switchTrackingAnonymous(db: Db, tenant: TenantContext): Promise<Company> {
  await setAnonymousTracking(db, tenant.companyId);
  companyChanged(tenant.companyId);
  return companyForTenant(db, tenant);
}

/** PUT /companies/{id}: name, default language, main colour, certificate pass mark and time zone. */
export async function saveCompany(db: Db, tenant: TenantContext, input: CompanyUpdate): Promise<Company> {
  const settings: Record<string, string> = {};
  if (input.passMark !== undefined) settings[COMPANY_SETTINGS.passMark] = String(input.passMark);
  if (input.timeZone !== undefined) settings[COMPANY_SETTINGS.timeZone] = input.timeZone;
  await updateCompany(db, tenant.companyId, {
    name: input.company_name,
    defaultLanguage: input.defaultLanguage,
    colorMain: input.primaryColor,
    settings,
  });
  companyChanged(tenant.companyId);
  return companyForTenant(db, tenant);
}

/**
 * A trial company named after the email's domain, with the signing-up person as its admin; its time
 * zone is their browser's when it said one.
 */
export async function createTrialCompany(db: Db, adminUserId: string, email: string, timeZone?: string) {
  const domain = email.split('@')[1] ?? 'company';
  const label = domain.split('.')[0] ?? domain;
  const name = label.length >= 4 ? label.charAt(0).toUpperCase() + label.slice(1) : domain;
  const now = new Date();
  const trialEnds = new Date(now.getTime() + TRIAL.days * 86_400_000);
  return insertCompanyWithAdmin(db, {
    name,
    adminUserId,
    trialEnds,
    settings: timeZone ? { [COMPANY_SETTINGS.timeZone]: timeZone } : {},
    subscription: {
      packageName: 'Trial',
      seats: TRIAL.seats,
      trial: true,
      partner: false,
      definition: { trainingSubjects: 'all', assessmentQuestions: 'all' },
      validFrom: now,
      validTo: trialEnds,
    },
  });
}

// Used by other modules: the company's own row, read by its id (the tenant itself, which the guard
// resolved), and its settings map.
export {
  companiesOfMember,
  companyById,
  mergeCompanySettings,
  type CompanyRecord,
} from './companies.queries.ts';
