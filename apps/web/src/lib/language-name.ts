import { LANGUAGES } from '@vigil/shared';

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(uiLanguage: string): Intl.DisplayNames | null {
  let names = displayNames.get(uiLanguage);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([uiLanguage, 'en'], { type: 'language', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(uiLanguage, names);
  }
  return names;
}

/** A content language's name in the interface language ("German", "Deutsch"), else its English name or code. */
export function languageName(code: string, uiLanguage: string): string {
  let name: string | undefined;
  try {
    name = namesIn(uiLanguage)?.of(code);
  } catch {
    // Not a well-formed language code.
  }
  if (name) return name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1);
  return LANGUAGES.find((l) => l.code === code)?.english_name ?? code;
}
