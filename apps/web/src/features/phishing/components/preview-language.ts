/**
 * The language a template's preview opens in: the first of `preferred` the template is written in,
 * by base code (fr-CA is fr), else the template's first language.
 */
export function previewLanguage(
  languages: readonly string[],
  ...preferred: readonly (string | null | undefined)[]
): string {
  for (const code of preferred) {
    const base = code?.trim().toLowerCase().split(/[-_]/)[0];
    if (base && languages.includes(base)) return base;
  }
  return languages[0] ?? 'en';
}
