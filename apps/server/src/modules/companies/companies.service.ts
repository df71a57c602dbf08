import {
  brandColor,
  companyLogoPath,
  companySettings,
  DEFAULT_COLORS,
  PERMISSIONS,
  PRODUCT_NAME,
  settingEntries,
  type Brand,
  type Company,
  type CompanySettings,
  type CompanyUpdate,
  type RoleCode,
} from '@vigil/shared';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { companies } from '../../db/schema/index.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import { privacyOf, type Privacy } from '../../lib/privacy.ts';
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

type CompanyRow = typeof companies.$inferSelect;

/**
 * The company's settings, typed and with their defaults. Every module reads a company's settings
 * through this, never the stored map (a lint rule keeps it so).
 */
export function settingsOf(company: Pick<CompanyRow, 'settings'>): CompanySettings {
  return companySettings(company.settings);
}

/**
 * What the company's people see of it on mails, PDFs, certificates and the learner app: its name,
 * colours and logo, with the product's name and support address where the company sets none.
 */
export function brandOf(
  config: Pick<Config, 'publicUrl' | 'supportEmail'>,
  company: Pick<CompanyRow, 'id' | 'name' | 'colorMain' | 'logoName' | 'settings'>,
): Brand {
  const settings = settingsOf(company);
  const logo = companyLogoPath(company.id, company.logoName);
  return {
    companyName: company.name,
    accountName: settings.accountName ?? PRODUCT_NAME,
    primaryColor: brandColor(company.colorMain),
    secondaryColor: settings.secondaryColor,
    logoUrl: logo?.startsWith('/') && !logo.startsWith('//') ? `${config.publicUrl}${logo}` : logo,
    supportEmail: settings.supportEmail ?? config.supportEmail,
  };
}

/** The product's own brand, for a mail that belongs to no company. */
export function productBrand(config: Pick<Config, 'supportEmail'>): Brand {
  return {
    companyName: PRODUCT_NAME,
    accountName: PRODUCT_NAME,
    primaryColor: brandColor(null),
    secondaryColor: DEFAULT_COLORS.secondary,
    logoUrl: null,
    supportEmail: config.supportEmail,
  };
}

/** Trials last two weeks and allow up to 50 employees. */
export const TRIAL = { days: 14, seats: 50 } as const;

/** GET /companies/my_companies: every company the user is a member of. */
export async function myCompanies(ctx: AppContext, userId: string): Promise<Company[]> {
  const { db } = ctx;
  const rows = await companiesOfMember(db, userId);
  const ids = rows.map((r) => r.company.id);
  const [managers, seats] = await Promise.all([managersOf(db, ids), seatsInUseByCompany(db, ids)]);
  return rows.map((r) =>
    presentCompany(
      r,
      { role: r.role as RoleCode, permissions: r.manageUsers ? [PERMISSIONS.manageUsers] : [] },
      managers.filter((m) => m.companyId === r.company.id),
      seats.get(r.company.id) ?? 0,
      brandOf(ctx.config, r.company),
    ),
  );
}

/** GET /companies/{id}: one company as the tenant sees it. */
export async function companyForTenant(ctx: AppContext, tenant: TenantContext): Promise<Company> {
  const { db } = ctx;
  const record = await companyById(db, tenant.companyId);
  if (!record) throw NotFound('Company not found.');
  const [managers, seats] = await Promise.all([
    managersOf(db, [tenant.companyId]),
    seatsInUseByCompany(db, [tenant.companyId]),
  ]);
  return presentCompany(
    record,
    tenant,
    managers,
    seats.get(tenant.companyId) ?? 0,
    brandOf(ctx.config, record.company),
  );
}

/** The company's tracking mode as the privacy policy reads it (lib/privacy.ts). */
export async function privacyOfTenant(db: Db, tenant: TenantContext): Promise<Privacy> {
  const record = await companyById(db, tenant.companyId);
  if (!record) throw NotFound('Company not found.');
  return privacyOf(record.company);
}

/** POST switchTrackingAnonymous: irreversible; past and future data become anonymous. */
export async function switchTrackingAnonymous(ctx: AppContext, tenant: TenantContext): Promise<Company> {
  await setAnonymousTracking(ctx.db, tenant.companyId);
  companyChanged(tenant.companyId);
  return companyForTenant(ctx, tenant);
}

/** PUT /companies/{id}: name, default language, main colour, certificate pass mark and time zone. */
export async function saveCompany(
  ctx: AppContext,
  tenant: TenantContext,
  input: CompanyUpdate,
): Promise<Company> {
  await updateCompany(ctx.db, tenant.companyId, {
    name: input.company_name,
    defaultLanguage: input.defaultLanguage,
    colorMain: input.primaryColor,
    settings: settingEntries({ passMark: input.passMark, timeZone: input.timeZone }),
  });
  companyChanged(tenant.companyId);
  return companyForTenant(ctx, tenant);
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
    settings: settingEntries({ timeZone }),
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
