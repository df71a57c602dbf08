import { LEARNER_MESSAGES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pickLanguage, translator } from './i18n.ts';

describe('pickLanguage', () => {
  it('takes the first language the app speaks, by its base code', () => {
    expect(pickLanguage(['de'])).toBe('de');
    expect(pickLanguage(['en-GB', 'fr'])).toBe('en');
    expect(pickLanguage(['it', 'fr-CA'])).toBe('fr');
    expect(pickLanguage([null, undefined, '', 'ES'])).toBe('es');
  });

  it('falls back to English', () => {
    expect(pickLanguage(['da', 'sv'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('translator', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translator('en')('programProgress', { done: 2, total: 5 })).toBe('2 of 5 lessons finished');
    expect(translator('de')('greeting', { name: 'Anna' })).toBe('Hallo, Anna');
    expect(translator('en')('greeting')).toBe('Hello, {name}');
  });

  it('shows the contract message for an invalid link in English', () => {
    expect(translator('en')('linkInvalid')).toBe(LEARNER_MESSAGES.linkInvalid);
  });

  it('keeps the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const dictionary of [de, fr, es]) {
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(dictionary[key as keyof typeof en]), key).toEqual(placeholders(text));
      }
    }
  });
});
