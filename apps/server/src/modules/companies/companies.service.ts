import { randomBytes } from 'node:crypto';
import {
  brandColor,
  companyFaviconPath,
  companyLogoPath,
  companySettings,
  DEFAULT_COLORS,
  isUuid,
  LOGO,
  membershipPermissions,
  PRODUCT_NAME,
  ScoreRanges,
  settingEntries,
  TRIAL,
  TRIAL_DEFINITION,
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
import { seatsUsed, seatsUsedAcross } from '../../lib/entitlements.ts';
import {
  companiesOfMember,
  companyById,
  insertCompanyWithAdmin,
  logoNameOf,
  managersOf,
  platformSetting,
  replaceLogoName,
  setAnonymousTracking,
  updateCompany,
} from './companies.queries.ts';
import { checkLogo } from './logo-check.ts';
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
  const absolute = (path: string | null) =>
    path?.startsWith('/') && !path.startsWith('//') ? `${config.publicUrl}${path}` : path;
  return {
    companyName: company.name,
    accountName: settings.accountName ?? PRODUCT_NAME,
    primaryColor: brandColor(company.colorMain),
    secondaryColor: settings.secondaryColor,
    logoUrl: absolute(companyLogoPath(company.id, company.logoName)),
    supportEmail: settings.supportEmail ?? config.supportEmail,
    helpUrl: settings.helpUrl,
    privacyUrl: settings.privacyUrl,
    termsUrl: settings.termsUrl,
    faviconUrl: absolute(companyFaviconPath(company.id, settings.favicon)),
  };
}

/** The key of the global assessment score ranges among the installation's settings. */
export const GLOBAL_SCORE_RANGES = 'score_ranges';

/** The global score ranges a super-admin set, or null (then the spec's bands apply). */
export async function globalScoreRanges(db: Db): Promise<ScoreRanges | null> {
  const parsed = ScoreRanges.safeParse(await platformSetting(db, GLOBAL_SCORE_RANGES));
  return parsed.success ? parsed.data : null;
}

/**
 * The score ranges every band of the company follows (screens, PDFs, the board): its own, else the
 * global ones; null means the spec's bands.
 */
export async function scoreRangesOf(
  db: Db,
  company: Pick<CompanyRow, 'settings'>,
): Promise<ScoreRanges | null> {
  return settingsOf(company).scoreRanges ?? (await globalScoreRanges(db));
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
    helpUrl: null,
    privacyUrl: null,
    termsUrl: null,
    faviconUrl: null,
  };
}

/** The score ranges of a company the caller already resolved (its tenant), by its id. */
export async function scoreRangesOfCompany(db: Db, companyId: string): Promise<ScoreRanges | null> {
  const record = await companyById(db, companyId);
  return record ? scoreRangesOf(db, record.company) : globalScoreRanges(db);
}

/** GET /companies/my_companies: every company the user is a member of. */
export async function myCompanies(ctx: AppContext, userId: string): Promise<Company[]> {
  const { db } = ctx;
  const rows = await companiesOfMember(db, userId);
  const ids = rows.map((r) => r.company.id);
  const [managers, seats, globalRanges] = await Promise.all([
    managersOf(db, ids),
    seatsUsedAcross(db, ids),
    globalScoreRanges(db),
  ]);
  return rows.map((r) =>
    presentCompany(
      r,
      { role: r.role as RoleCode, permissions: membershipPermissions(r) },
      managers.filter((m) => m.companyId === r.company.id),
      seats.get(r.company.id) ?? 0,
      brandOf(ctx.config, r.company),
      settingsOf(r.company).scoreRanges ?? globalRanges,
    ),
  );
}

/** GET /companies/{id}: one company as the tenant sees it. */
export async function companyForTenant(ctx: AppContext, tenant: TenantContext): Promise<Company> {
  const { db } = ctx;
  const record = await companyById(db, tenant.companyId);
  if (!record) throw NotFound('Company not found.');
  const [managers, seats, scoreRanges] = await Promise.all([
    managersOf(db, [tenant.companyId]),
    seatsUsed(db, tenant),
    scoreRangesOf(db, record.company),
  ]);
  return presentCompany(record, tenant, managers, seats, brandOf(ctx.config, record.company), scoreRanges);
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
    settings: settingEntries({
      passMark: input.passMark,
      timeZone: input.timeZone,
      secondaryColor: input.secondaryColor?.toLowerCase(),
      sendEnrolment: input.sendEnrolment,
    }),
  });
  companyChanged(tenant.companyId);
  return companyForTenant(ctx, tenant);
}

/** A logo we stored is named by us (16 hex digits .png); anything else in logo_name is a URL or path. */
const STORED_LOGO = /^[0-9a-f]{16}\.png$/;
const logoKey = (companyId: string, name: string) => `logos/${companyId}/${name}`;

async function dropStoredLogo(ctx: AppContext, companyId: string, name: string | null): Promise<void> {
  if (!name || !STORED_LOGO.test(name)) return;
  // The row no longer names it; a file left behind by a failed delete is harmless.
  await ctx.storage.delete(logoKey(companyId, name)).catch((err: unknown) => {
    ctx.log.warn({ err, companyId }, 'Could not delete a replaced logo');
  });
}

/** PUT /companies/{id}/logo: a PNG of at most 80,000 bytes becomes the company's logo. */
export async function uploadLogo(
  ctx: AppContext,
  tenant: TenantContext,
  file: { bytes: Uint8Array; filename: string; truncated: boolean },
): Promise<Company> {
  checkLogo(file);
  const name = `${randomBytes(8).toString('hex')}.png`;
  await ctx.storage.put(logoKey(tenant.companyId, name), file.bytes, LOGO.type);
  const previous = await replaceLogoName(ctx.db, tenant.companyId, name);
  await dropStoredLogo(ctx, tenant.companyId, previous);
  companyChanged(tenant.companyId);
  return companyForTenant(ctx, tenant);
}

/** POST /companies/{id}/remove_logo: back to the company's name in place of a logo. */
export async function removeLogo(ctx: AppContext, tenant: TenantContext): Promise<Company> {
  const previous = await replaceLogoName(ctx.db, tenant.companyId, null);
  await dropStoredLogo(ctx, tenant.companyId, previous);
  companyChanged(tenant.companyId);
  return companyForTenant(ctx, tenant);
}

/**
 * GET /companies/{id}/logo (public: mails and the learner app show it): the stored PNG, and whether
 * the version the link asked for is the current one (then it may be cached for good).
 */
export async function companyLogo(
  ctx: AppContext,
  companyId: string,
  version: string | undefined,
): Promise<{ bytes: Uint8Array; current: boolean } | null> {
  if (!isUuid(companyId)) return null;
  const name = await logoNameOf(ctx.db, companyId);
  if (!name || !STORED_LOGO.test(name)) return null;
  const bytes = await ctx.storage.get(logoKey(companyId, name));
  return bytes ? { bytes, current: version === name } : null;
}

/**
 * The company's stored logo as bytes, for the PDFs (certificates, reports) that draw it; null when it
 * has none, or one given as a link (the PDF then sets the company's name).
 */
export async function companyLogoBytes(
  ctx: AppContext,
  company: Pick<CompanyRow, 'id' | 'logoName'>,
): Promise<Buffer | null> {
  if (!company.logoName || !STORED_LOGO.test(company.logoName)) return null;
  const bytes = await ctx.storage.get(logoKey(company.id, company.logoName)).catch((err: unknown) => {
    ctx.log.warn({ err, companyId: company.id }, 'Could not read the logo for a PDF');
    return null;
  });
  return bytes ? Buffer.from(bytes) : null;
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
      packageName: TRIAL.packageName,
      seats: TRIAL.seats,
      trial: true,
      partner: false,
      definition: TRIAL_DEFINITION,
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
