/**
 * The company settings map (spec 1 §3 "Company UI settings") as one typed schema, and the Brand every
 * renderer takes. The map is stored as strings, the way the clients have always read it; this is the
 * only place that knows its keys, how each value is spelled and what a missing or unreadable value
 * means. Keys the schema does not know are left in the stored map and out of the typed settings.
 */
import { z } from 'zod';
import { DEFAULT_COLORS, MENU_TABS, type MenuTab } from './constants.ts';
import { parseHexColor, toHexColor } from './contrast.ts';
import { DEFAULT_PASS_MARK } from './figures.ts';
import { ScoreRanges } from './score-ranges.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from './time-zones.ts';

/** The mail texts of the email settings (spec 1 §3 `ui.email.*`); each has a `mrkdwn_` twin for chat. */
export const EMAIL_TEXTS = [
  'trainingHeader',
  'trainingFooter',
  'reminderHeader',
  'reminderFooter',
  'certificate',
  'assessmentHeader',
  'assessmentFooter',
] as const;
export type EmailText = (typeof EMAIL_TEXTS)[number];

/** The product's own name, shown where a white-label partner would show theirs. */
export const PRODUCT_NAME = 'Vigil';

/** The stored key of each setting with one value, by the name of its typed value. */
export const COMPANY_SETTINGS = {
  /** Employees added to a list of a running program get a welcome mail. */
  sendEnrolment: 'ui.sendEnrolment',
  certificatesEnabled: 'ui.certificates_enabled',
  /** Quiz score in percent (0–100) a certificate needs (not in the spec: ours). */
  passMark: 'ui.certificate_pass_mark',
  /** IANA time zone in which mails write dates and times (not in the spec: ours). */
  timeZone: 'ui.time_zone',
  presetCaptionLanguage: 'ui.preset_caption_language',
  /** The embed player's caption settings, passed on as the spec's captionSettings parameter. */
  captionsSettings: 'ui.captions_settings',
  ssoConfigured: 'ui.sso.configured',
  assessmentManualSchedule: 'ui.assessment_manual_schedule',
  assessmentDashboard: 'ui.assessment_dashboard',
  assessments: 'ui.assessments',
  alwaysShowAssessments: 'ui.always_show_assessments',
  cmi5Enabled: 'ui.cmi5.enabled',
  postersUrl: 'ui.posters_url',
  stickersUrl: 'ui.stickers_url',
  apiKeysHidden: 'ui.api_keys_hidden',
  /** White-label branding (spec 1 §3 Branding, spec 3 §3); the primary colour is the company's color_main. */
  secondaryColor: 'ui.secondary_color',
  accountName: 'ui.account_name',
  /** The branding's support contact (spec 3 §3 contact.support). */
  supportEmail: 'contact.support',
  /** The Help tab's link (spec 1 §2: Help is a custom link). */
  helpUrl: 'ui.help_url',
  privacyUrl: 'ui.privacy_url',
  termsUrl: 'ui.terms_url',
  /** The Content tab's custom link. */
  contentUrl: 'ui.content_url',
  /** The stored favicon's file name (`{16 hex}.png` or `.ico`), set by its upload (not in the spec's map: ours). */
  favicon: 'ui.favicon',
  /** The company's assessment score ranges as JSON (spec 3 §3 assessmentScoreRanges); unset: the global ones. */
  scoreRanges: 'ui.assessment_score_ranges',
} as const;
type ScalarSetting = keyof typeof COMPANY_SETTINGS;

/** `ui.menu_hide_{code}_tab` of each menu tab. */
export const menuHideSetting = (tab: MenuTab) => `ui.menu_hide_${tab}_tab`;
/** `ui.email.{text}` and its markdown twin `ui.email.mrkdwn_{text}`. */
export const emailTextSetting = (text: EmailText, markdown = false) =>
  `ui.email.${markdown ? 'mrkdwn_' : ''}${text}`;
/** The personalize values last saved with an assessment (spec 2 §4), kept for the company's next one. */
export const PERSONALIZE_KEYS = ['companyName', 'companyDomain', 'emailHR'] as const;
export const personalizeSetting = (key: (typeof PERSONALIZE_KEYS)[number]) => `assessment.personalize.${key}`;

/** '1' or 'true' on, '0' or 'false' off; absent or anything else is the setting's default. */
const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .catch(fallback);
/** A menu tab is hidden when its setting is set to anything but '' or '0' (spec 1 §2 Tab visibility). */
const hidden = z
  .string()
  .transform((v) => v !== '' && v !== '0')
  .catch(false);
const text = z.string().catch('');
const optionalText = z.string().trim().min(1).nullable().catch(null);
const url = z
  .url({ protocol: /^https?$/ })
  .nullable()
  .catch(null);
const email = z.email().nullable().catch(null);
const color = (fallback: string) =>
  z
    .string()
    .transform((v, c) => {
      const rgb = parseHexColor(v);
      if (!rgb) {
        c.addIssue({ code: 'custom', message: 'Not a colour' });
        return z.NEVER;
      }
      return toHexColor(rgb);
    })
    .catch(fallback);

/** A favicon we stored: its name is ours, and its ending says its type. */
export const STORED_FAVICON = /^[0-9a-f]{16}\.(png|ico)$/;
const faviconName = z.string().regex(STORED_FAVICON).nullable().catch(null);
/** Ranges kept as JSON; unreadable or invalid ranges count as none, so the spec's bands apply. */
const scoreRanges = z
  .string()
  .transform((v, c) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      c.addIssue({ code: 'custom', message: 'Not JSON' });
      return z.NEVER;
    }
  })
  .pipe(ScoreRanges)
  .nullable()
  .catch(null);

const objectOf = <K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) =>
  z.object(Object.fromEntries(keys.map((k) => [k, schema])) as Record<K, S>);

const TypedSettings = z.object({
  sendEnrolment: flag(false),
  certificatesEnabled: flag(true),
  passMark: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().max(100))
    .catch(DEFAULT_PASS_MARK),
  timeZone: z.string().refine(isTimeZone).catch(DEFAULT_TIME_ZONE),
  presetCaptionLanguage: optionalText,
  captionsSettings: optionalText,
  ssoConfigured: flag(false),
  assessmentManualSchedule: flag(false),
  assessmentDashboard: flag(true),
  /** Off only when set to '0' (spec 1 §4); whether assessments are enabled also depends on the plan. */
  assessments: flag(true),
  alwaysShowAssessments: flag(false),
  cmi5Enabled: flag(false),
  postersUrl: url,
  stickersUrl: url,
  apiKeysHidden: flag(false),
  secondaryColor: color(DEFAULT_COLORS.secondary),
  accountName: optionalText,
  supportEmail: email,
  helpUrl: url,
  privacyUrl: url,
  termsUrl: url,
  contentUrl: url,
  favicon: faviconName,
  scoreRanges,
  menuHidden: objectOf(MENU_TABS, hidden),
  email: objectOf(EMAIL_TEXTS, text),
  /** The markdown twins of the mail texts, for chat channels. */
  emailMarkdown: objectOf(EMAIL_TEXTS, text),
  personalize: objectOf(PERSONALIZE_KEYS, text),
});

/** The stored map laid out as the typed settings: one value per typed name, undefined where unset. */
function fromStoredMap(stored: Readonly<Record<string, string>>) {
  const pick = <K extends string>(keys: readonly K[], keyOf: (k: K) => string) =>
    Object.fromEntries(keys.map((k) => [k, stored[keyOf(k)]]));
  return {
    ...pick(Object.keys(COMPANY_SETTINGS) as ScalarSetting[], (k) => COMPANY_SETTINGS[k]),
    menuHidden: pick(MENU_TABS, menuHideSetting),
    email: pick(EMAIL_TEXTS, (k) => emailTextSetting(k)),
    emailMarkdown: pick(EMAIL_TEXTS, (k) => emailTextSetting(k, true)),
    personalize: pick(PERSONALIZE_KEYS, personalizeSetting),
  };
}

/** The company settings: the stored string map in, every setting typed with its default out. */
export const CompanySettings = z.preprocess(
  (stored) => fromStoredMap(stored && typeof stored === 'object' ? (stored as Record<string, string>) : {}),
  TypedSettings,
);
export type CompanySettings = z.infer<typeof TypedSettings>;

const parsed = new WeakMap<object, CompanySettings>();

/**
 * The typed settings of a stored map. Parsed once per map object (a company row or a payload is read
 * many times while it lives); treat the result as read-only.
 */
export function companySettings(stored: Readonly<Record<string, string>>): CompanySettings {
  let settings = parsed.get(stored);
  if (!settings) {
    settings = CompanySettings.parse(stored);
    parsed.set(stored, settings);
  }
  return settings;
}

type Writable = Partial<Pick<CompanySettings, ScalarSetting>>;

const stored = (value: unknown): string =>
  typeof value === 'boolean'
    ? value
      ? '1'
      : '0'
    : value === null
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/**
 * The stored entries for typed values, to merge into the map: flags as '1'/'0', null as '', lists as
 * JSON; `menuHidden` as the tabs' `ui.menu_hide_{code}_tab` flags.
 */
export function settingEntries(
  values: Writable & { menuHidden?: Partial<Record<MenuTab, boolean>> },
): Record<string, string> {
  const { menuHidden, ...scalars } = values;
  const entries: Record<string, string> = {};
  for (const [name, value] of Object.entries(scalars) as [ScalarSetting, unknown][]) {
    if (value !== undefined) entries[COMPANY_SETTINGS[name]] = stored(value);
  }
  for (const [tab, hide] of Object.entries(menuHidden ?? {}) as [MenuTab, boolean | undefined][]) {
    if (hide !== undefined) entries[menuHideSetting(tab)] = stored(hide);
  }
  return entries;
}

const hexColor = z.string().regex(/^#[0-9a-f]{6}$/);

/**
 * What a company's people see of it on everything the product sends or shows them: mails, PDFs,
 * certificates, the learner app and the embed player take a Brand and nothing else.
 */
export const Brand = z.object({
  companyName: z.string(),
  /** The product's name for this company's people: Vigil, or a white-label partner's account name. */
  accountName: z.string(),
  /** #rrggbb, always readable as a colour (the company's, else the default green). */
  primaryColor: hexColor,
  /** #rrggbb (the company's, else the default red). */
  secondaryColor: hexColor,
  /** Absolute URL of the company's logo, or null: then its name is shown instead. */
  logoUrl: z.string().nullable(),
  /** Where questions go: the company's white-label support address, else the product's. */
  supportEmail: z.string(),
  /** The white-label help, privacy and terms pages; null: the product's own (or none). */
  helpUrl: z.string().nullable().optional(),
  privacyUrl: z.string().nullable().optional(),
  termsUrl: z.string().nullable().optional(),
  /** Absolute URL of the company's favicon, or null: the product's. */
  faviconUrl: z.string().nullable().optional(),
});
export type Brand = z.infer<typeof Brand>;

/** A colour as #rrggbb (#rgb widened, case folded), or the fallback when it is not one. */
export function brandColor(
  value: string | null | undefined,
  fallback: string = DEFAULT_COLORS.primary,
): string {
  const rgb = value ? parseHexColor(value) : null;
  return rgb ? toHexColor(rgb) : fallback;
}

/** Where a company's stored favicon is served (public, like the logo), or null when it has none. */
export function companyFaviconPath(companyId: string, favicon: string | null): string | null {
  if (!favicon) return null;
  return `/api/companies/${encodeURIComponent(companyId)}/favicon?v=${encodeURIComponent(favicon)}`;
}

/**
 * Where a company's logo is served: a logo_name that is a URL or an absolute path is used as it is,
 * a file name is read from the company's logo resource (the read side of PUT /companies/{id}/logo).
 */
export function companyLogoPath(companyId: string, logoName: string | null): string | null {
  if (!logoName) return null;
  if (/^(https?:)?\//.test(logoName)) return logoName;
  return `/api/companies/${encodeURIComponent(companyId)}/logo?v=${encodeURIComponent(logoName)}`;
}
