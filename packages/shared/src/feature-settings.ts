/**
 * Feature settings (issue 17): what a super-admin (and, later, a company's partner) sets for a company
 * beyond what its own admins may change — the spec's `ui.*` flags, the white-label branding and the
 * assessment score ranges — and the global score ranges every company without its own follows.
 */
import { z } from 'zod';
import { LANGUAGES, MENU_TABS, type LanguageCode, type MenuTab } from './constants.ts';
import type { CompanySettings } from './company-settings.ts';
import { ScoreRanges, ScoreRangeSetting } from './score-ranges.ts';

/** The favicon upload: a small PNG or ICO (not in the spec: ours). */
export const FAVICON = { maxBytes: 32_768, maxSide: 256 } as const;
export const FAVICON_MESSAGES = {
  unsupported: (type: string) => `'${type}' is not a supported format, please pick a PNG or ICO file`,
  tooLarge: (file: string) => `'${file}' is too large, please pick a smaller file`,
  tooWide: `A favicon is at most ${FAVICON.maxSide} × ${FAVICON.maxSide} pixels`,
} as const;

const link = z
  .url({ protocol: /^https?$/, error: 'Enter a link starting with https://' })
  .max(500, 'At most 500 characters')
  .nullable();

const menuHidden = z
  .object(Object.fromEntries(MENU_TABS.map((tab) => [tab, z.boolean()])) as Record<MenuTab, z.ZodBoolean>)
  .strict();

/** The flags a feature-settings page sets, by their typed names in companySettings. */
export const FEATURE_FLAGS = [
  'assessments',
  'alwaysShowAssessments',
  'assessmentDashboard',
  'assessmentManualSchedule',
  'certificatesEnabled',
  'cmi5Enabled',
  'apiKeysHidden',
] as const satisfies readonly (keyof CompanySettings)[];
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** The white-label links, by their typed names in companySettings. */
export const BRANDING_LINKS = [
  'helpUrl',
  'privacyUrl',
  'termsUrl',
  'contentUrl',
  'postersUrl',
  'stickersUrl',
] as const satisfies readonly (keyof CompanySettings)[];
export type BrandingLink = (typeof BRANDING_LINKS)[number];

const flags = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()])) as Record<FeatureFlag, z.ZodBoolean>,
);
const links = z.object(
  Object.fromEntries(BRANDING_LINKS.map((l) => [l, link])) as Record<BrandingLink, typeof link>,
);

const FeatureFields = z.object({
  ...flags.shape,
  ...links.shape,
  menuHidden,
  captionsSettings: z.string().trim().max(500, 'At most 500 characters').nullable(),
  presetCaptionLanguage: z.enum(LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]]).nullable(),
  accountName: z.string().trim().min(1, 'Enter a name').max(100, 'At most 100 characters').nullable(),
  supportEmail: z.email('Please enter a correct email').max(100, 'At most 100 characters').nullable(),
  /** The company's own ranges; null: the global ranges (or the spec's bands) apply. */
  scoreRanges: ScoreRanges.nullable(),
});

/** PUT /companies/{id}/features: any of the fields; null clears a value. */
export const FeatureSettingsUpdate = FeatureFields.partial()
  .extend({ menuHidden: menuHidden.partial().optional() })
  .strict();
export type FeatureSettingsUpdate = z.infer<typeof FeatureSettingsUpdate>;

/** GET /companies/{id}/features: the company's values, its favicon and the global ranges it falls back on. */
export const FeatureSettings = FeatureFields.extend({
  companyId: z.string(),
  companyName: z.string(),
  /** The stored favicon's address, or null. */
  faviconUrl: z.string().nullable(),
  globalScoreRanges: z.array(ScoreRangeSetting).nullable(),
});
export type FeatureSettings = z.infer<typeof FeatureSettings>;

/** GET and PUT /admin/score-ranges: the global ranges (null: the spec's bands). */
export const GlobalScoreRanges = z.object({ scoreRanges: ScoreRanges.nullable() });
export type GlobalScoreRanges = z.infer<typeof GlobalScoreRanges>;

/** The feature settings of a company's typed settings, as the page shows them. */
export function featureFields(settings: CompanySettings): z.infer<typeof FeatureFields> {
  const pick = <K extends keyof CompanySettings>(keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, settings[k]])) as Pick<CompanySettings, K>;
  return {
    ...pick(FEATURE_FLAGS),
    ...pick(BRANDING_LINKS),
    menuHidden: { ...settings.menuHidden },
    captionsSettings: settings.captionsSettings,
    presetCaptionLanguage: LANGUAGES.some((l) => l.code === settings.presetCaptionLanguage)
      ? (settings.presetCaptionLanguage as LanguageCode)
      : null,
    accountName: settings.accountName,
    supportEmail: settings.supportEmail,
    scoreRanges: settings.scoreRanges,
  };
}
