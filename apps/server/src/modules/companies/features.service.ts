/**
 * Feature settings (issue 17): the `ui.*` flags, white-label branding, favicon and score ranges a
 * super-admin sets for a company, and the global score ranges. Company admins read their effect (the
 * company's settings and Brand) but may not change them.
 */
import { randomBytes } from 'node:crypto';
import {
  COMPANY_SETTINGS,
  companyFaviconPath,
  featureFields,
  isUuid,
  settingEntries,
  STORED_FAVICON,
  type FeatureSettings,
  type FeatureSettingsUpdate,
  type GlobalScoreRanges,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { Forbidden, NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import {
  companyById,
  mergeCompanySettings,
  replaceCompanySetting,
  setPlatformSetting,
  settingsMapOf,
} from './companies.queries.ts';
import { GLOBAL_SCORE_RANGES, globalScoreRanges, settingsOf } from './companies.service.ts';
import { checkFavicon } from './favicon-check.ts';

/**
 * Who may set a company's feature settings: a super-admin. (A partner for its customers comes with
 * partner access; it will answer yes here for the company's partner admins.)
 */
export function mayManageFeatures(user: { isSuperAdmin: boolean }): boolean {
  return user.isSuperAdmin;
}

export function requireFeatureManager(user: { isSuperAdmin: boolean }): void {
  if (!mayManageFeatures(user)) throw Forbidden('Only a super-admin may change feature settings.');
}

/** GET /companies/{id}/features */
export async function featureSettingsOf(ctx: AppContext, tenant: TenantContext): Promise<FeatureSettings> {
  const record = await companyById(ctx.db, tenant.companyId);
  if (!record) throw NotFound('Company not found.');
  const settings = settingsOf(record.company);
  return {
    companyId: record.company.id,
    companyName: record.company.name,
    ...featureFields(settings),
    faviconUrl: companyFaviconPath(record.company.id, settings.favicon),
    globalScoreRanges: await globalScoreRanges(ctx.db),
  };
}

/** PUT /companies/{id}/features: the given fields, each written as the company's settings store it. */
export async function saveFeatureSettings(
  ctx: AppContext,
  tenant: TenantContext,
  input: FeatureSettingsUpdate,
): Promise<FeatureSettings> {
  await mergeCompanySettings(ctx.db, tenant.companyId, settingEntries(input));
  companyChanged(tenant.companyId);
  return featureSettingsOf(ctx, tenant);
}

/** PUT /admin/score-ranges: the ranges of every company without its own; null: the spec's bands. */
export async function saveGlobalScoreRanges(
  ctx: AppContext,
  input: GlobalScoreRanges,
): Promise<GlobalScoreRanges> {
  await setPlatformSetting(ctx.db, GLOBAL_SCORE_RANGES, input.scoreRanges);
  return { scoreRanges: await globalScoreRanges(ctx.db) };
}

export async function globalScoreRangesView(ctx: AppContext): Promise<GlobalScoreRanges> {
  return { scoreRanges: await globalScoreRanges(ctx.db) };
}

const faviconKey = (companyId: string, name: string) => `favicons/${companyId}/${name}`;
const FAVICON_TYPES = { png: 'image/png', ico: 'image/x-icon' } as const;

async function replaceFavicon(ctx: AppContext, companyId: string, name: string): Promise<void> {
  const previous = await replaceCompanySetting(ctx.db, companyId, COMPANY_SETTINGS.favicon, name);
  if (previous && STORED_FAVICON.test(previous) && previous !== name) {
    // The map no longer names it; a file left behind by a failed delete is harmless.
    await ctx.storage.delete(faviconKey(companyId, previous)).catch((err: unknown) => {
      ctx.log.warn({ err, companyId }, 'Could not delete a replaced favicon');
    });
  }
  companyChanged(companyId);
}

/** PUT /companies/{id}/favicon: a PNG or ICO, checked by its bytes, becomes the company's favicon. */
export async function uploadFavicon(
  ctx: AppContext,
  tenant: TenantContext,
  file: { bytes: Uint8Array; filename: string; truncated: boolean },
): Promise<FeatureSettings> {
  const type = checkFavicon(file);
  const name = `${randomBytes(8).toString('hex')}.${type}`;
  await ctx.storage.put(faviconKey(tenant.companyId, name), file.bytes, FAVICON_TYPES[type]);
  await replaceFavicon(ctx, tenant.companyId, name);
  return featureSettingsOf(ctx, tenant);
}

/** POST /companies/{id}/remove_favicon: back to the product's favicon. */
export async function removeFavicon(ctx: AppContext, tenant: TenantContext): Promise<FeatureSettings> {
  await replaceFavicon(ctx, tenant.companyId, '');
  return featureSettingsOf(ctx, tenant);
}

/**
 * GET /companies/{id}/favicon (public: browsers ask for it before anyone signs in): the stored file,
 * its type, and whether the version the link asked for is the current one (then it is cached for good).
 */
export async function companyFavicon(
  ctx: AppContext,
  companyId: string,
  version: string | undefined,
): Promise<{ bytes: Uint8Array; type: string; current: boolean } | null> {
  if (!isUuid(companyId)) return null;
  const stored = await settingsMapOf(ctx.db, companyId);
  const name = stored ? settingsOf({ settings: stored }).favicon : null;
  if (!name) return null;
  const bytes = await ctx.storage.get(faviconKey(companyId, name));
  if (!bytes) return null;
  return { bytes, type: FAVICON_TYPES[name.endsWith('.ico') ? 'ico' : 'png'], current: version === name };
}
