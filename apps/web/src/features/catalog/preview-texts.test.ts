import { readFileSync } from 'node:fs';
import { PLAYER_TEXT_KEYS } from '@vigil/player/preview';
import { describe, expect, it } from 'vitest';

const playerTexts = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../public/static/locales/${language}/common.json`, import.meta.url), 'utf8'),
  ).catalog.player;

describe("the player's texts in the manager app", () => {
  it.each(['en', 'de', 'fr', 'es'])(
    '%s has a catalog.player text for every key of the player',
    (language) => {
      const texts = playerTexts(language);
      expect(Object.keys(texts).sort()).toEqual([...PLAYER_TEXT_KEYS].sort());
      for (const key of PLAYER_TEXT_KEYS) expect(texts[key]?.trim()).toBeTruthy();
    },
  );

  it('uses the placeholders of i18next', () => {
    expect(playerTexts('en').questionCount).toBe('Question {{n}} of {{total}}');
  });
});
