import { EMBED_TICKET_META, EMBED_VIEWER_STORAGE_KEY, PPV_MESSAGES, SUBJECT_TYPES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { INTERACTIVE_TYPE, TICKET_META, VIEWER_KEY } from './api.ts';
import { parseCaptionSettings, readParams } from './params.ts';
import { TEXTS_BY_LANGUAGE, translator } from './texts.ts';

describe('embed player texts', () => {
  it('says the refusals in English as the contract does', () => {
    const t = translator('en');
    expect(t('keyRefused')).toBe(PPV_MESSAGES.keyUnknown);
    expect(t('originNotAllowed')).toBe(PPV_MESSAGES.originRefused);
    expect(t('snippetInactive')).toBe(PPV_MESSAGES.snippetInactive);
    expect(t('viewsUsedUp')).toBe(PPV_MESSAGES.limitReached);
  });

  it('uses the contract names for the ticket and the viewer id, and its number for an interactive subject', () => {
    expect(TICKET_META).toBe(EMBED_TICKET_META);
    expect(VIEWER_KEY).toBe(EMBED_VIEWER_STORAGE_KEY);
    expect(INTERACTIVE_TYPE).toBe(SUBJECT_TYPES.interactive);
  });

  it('has every text in every language, and falls back to English', () => {
    const keys = Object.keys(TEXTS_BY_LANGUAGE.en!).sort();
    for (const texts of Object.values(TEXTS_BY_LANGUAGE)) expect(Object.keys(texts).sort()).toEqual(keys);
    expect(translator('de-CH')('language')).toBe('Sprache');
    expect(translator('is')('language')).toBe('Language');
  });
});

describe('the /embed query', () => {
  it('reads every parameter of spec 1 §7', () => {
    const params = readParams(
      '?lang=de&key=k1&s=sub-1&c=c1&langs=de,en,bad!&hideLogo=1&location=https%3A%2F%2Fa.example%2Fp&uid=u7' +
        '&presetCaption=off&captionSettings=large.light&preview=tok',
    );
    expect(params).toEqual({
      key: 'k1',
      subjectId: 'sub-1',
      companyId: 'c1',
      lang: 'de',
      langs: ['de', 'en'],
      hideLogo: true,
      location: 'https://a.example/p',
      uid: 'u7',
      presetCaption: 'off',
      captionSettings: { size: 'large', background: 'light' },
      preview: 'tok',
    });
  });

  it('ignores values it does not know', () => {
    expect(parseCaptionSettings('huge.dark')).toBeNull();
    expect(readParams('?hideLogo=yes&presetCaption=<b>').hideLogo).toBe(false);
    expect(readParams('?presetCaption=<b>').presetCaption).toBe('');
  });
});
