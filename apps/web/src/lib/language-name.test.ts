import { describe, expect, it } from 'vitest';
import { languageName } from './language-name.ts';

describe('languageName', () => {
  it('names a language in the interface language', () => {
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('de', 'de')).toBe('Deutsch');
    expect(languageName('fr', 'es')).toBe('Francés');
  });

  it('keeps a code it cannot name', () => {
    expect(languageName('zz', 'en')).toBe('zz');
    expect(languageName('not a code', 'en')).toBe('not a code');
  });
});
