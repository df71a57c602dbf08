import { describe, expect, it } from 'vitest';
import { previewLanguage } from './preview-language.ts';

const library = ['en', 'de', 'fr', 'es'];

describe('previewLanguage', () => {
  it("opens in the company's language when the template has it, before the interface's", () => {
    expect(previewLanguage(library, 'fr', 'de')).toBe('fr');
    expect(previewLanguage(library, 'es', 'en')).toBe('es');
  });

  it('matches by base code', () => {
    expect(previewLanguage(library, 'fr-CA', 'en')).toBe('fr');
    expect(previewLanguage(library, 'ES_mx', 'en')).toBe('es');
  });

  it("falls back to the next preference, then to the template's first language", () => {
    expect(previewLanguage(['en', 'de'], 'fr', 'de')).toBe('de');
    expect(previewLanguage(['es'], 'fr', 'de')).toBe('es');
    expect(previewLanguage(['de', 'en'], null, undefined, '')).toBe('de');
    expect(previewLanguage([], 'fr')).toBe('en');
  });
});
