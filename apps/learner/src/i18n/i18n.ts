import { createContext, useContext } from 'react';
import { de } from './de.ts';
import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

export type { MessageKey };

const DICTIONARIES = { en, de, fr, es } satisfies Record<string, Record<MessageKey, string>>;
export type Language = keyof typeof DICTIONARIES;

const isLanguage = (code: string): code is Language => Object.hasOwn(DICTIONARIES, code);

/** The first candidate (company language, then the browser's) the app speaks, by its base code; else English. */
export function pickLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const base = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    if (base && isLanguage(base)) return base;
  }
  return 'en';
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A translator for a language; `{name}` placeholders take the given values. */
export function translator(language: Language): Translate {
  const dictionary: Record<MessageKey, string> = DICTIONARIES[language];
  return (key, values) =>
    dictionary[key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      String(values?.[name] ?? placeholder),
    );
}

export interface I18n {
  language: Language;
  t: Translate;
}

export const I18nContext = createContext<I18n>({ language: 'en', t: translator('en') });

export const useI18n = () => useContext(I18nContext);
