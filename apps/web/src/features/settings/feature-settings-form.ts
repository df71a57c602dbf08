/**
 * The feature-settings form's values and the payload they make: text fields are strings while edited
 * (empty means "not set", sent as null), the score ranges are the company's own only when it has them.
 */
import {
  BRANDING_LINKS,
  bandHex,
  FEATURE_FLAGS,
  FeatureSettingsUpdate,
  SCORE_BANDS,
  type FeatureSettings,
  type LanguageCode,
  type MenuTab,
  type ScoreRangeSetting,
} from '@vigil/shared';

export interface FeatureFormValues {
  menuHidden: Record<MenuTab, boolean>;
  flags: Record<(typeof FEATURE_FLAGS)[number], boolean>;
  links: Record<(typeof BRANDING_LINKS)[number], string>;
  accountName: string;
  supportEmail: string;
  captionsSettings: string;
  presetCaptionLanguage: string;
  ownRanges: boolean;
  scoreRanges: ScoreRangeSetting[];
}

/** The spec's five bands as editable ranges, the start of a company's own. */
export const STANDARD_RANGES: ScoreRangeSetting[] = SCORE_BANDS.map((band) => ({
  from_score: band.from,
  to_score: band.to,
  category: band.title,
  color: bandHex(band.color),
}));

const pick = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, V>;

export function formValues(saved: FeatureSettings): FeatureFormValues {
  return {
    menuHidden: { ...saved.menuHidden },
    flags: pick(FEATURE_FLAGS, (f) => saved[f]),
    links: pick(BRANDING_LINKS, (l) => saved[l] ?? ''),
    accountName: saved.accountName ?? '',
    supportEmail: saved.supportEmail ?? '',
    captionsSettings: saved.captionsSettings ?? '',
    presetCaptionLanguage: saved.presetCaptionLanguage ?? '',
    ownRanges: saved.scoreRanges !== null,
    scoreRanges: saved.scoreRanges ?? saved.globalScoreRanges ?? STANDARD_RANGES,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The PUT body of the form's values (every field, so the page saves what it shows). */
export function formPayload(values: FeatureFormValues): FeatureSettingsUpdate {
  return {
    menuHidden: values.menuHidden,
    ...values.flags,
    ...pick(BRANDING_LINKS, (l) => orNull(values.links[l])),
    accountName: orNull(values.accountName),
    supportEmail: orNull(values.supportEmail),
    captionsSettings: orNull(values.captionsSettings),
    presetCaptionLanguage: orNull(values.presetCaptionLanguage) as LanguageCode | null,
    scoreRanges: values.ownRanges ? values.scoreRanges : null,
  };
}

/** Where each payload field's value sits in the form, for errors next to their fields. */
function formPath(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  if (!head) return '';
  if ((FEATURE_FLAGS as readonly string[]).includes(head)) return `flags.${head}`;
  if ((BRANDING_LINKS as readonly string[]).includes(head)) return `links.${head}`;
  return [head, ...rest].join('.');
}

/** The form's problems by field path (the shared contract's messages), empty when it may be saved. */
export function formErrors(values: FeatureFormValues): Record<string, string> {
  const result = FeatureSettingsUpdate.safeParse(formPayload(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = formPath(issue.path);
    errors[path] ??= issue.message;
  }
  return errors;
}
