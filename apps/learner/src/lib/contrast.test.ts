import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, TEXT_CONTRAST } from '@vigil/shared';
import { brandTheme, PAGE_BACKGROUND } from './contrast.ts';

const rgb = (hex: string) => parseHexColor(hex)!;

describe('contrast', () => {
  it('always gives readable text on the accent and a readable accent on the page and on white', () => {
    for (const color of [
      '#2f9e44',
      '#ffd43b',
      '#e03131',
      '#15aabf',
      '#777777',
      '#ffffff',
      '#000000',
      '#7950f2',
    ]) {
      const theme = brandTheme(color);
      expect(contrastRatio(rgb(theme.onAccent), rgb(theme.accent))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(rgb(theme.accentStrong), rgb(PAGE_BACKGROUND))).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
      expect(contrastRatio(rgb(theme.accentStrong), rgb('#ffffff'))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('keeps a colour that is already readable', () => {
    expect(brandTheme('#1c3d8f').accentStrong).toBe('#1c3d8f');
  });

  it('falls back to the default colour for a bad value', () => {
    expect(brandTheme('not a colour').accent).toBe('#2f9e44');
  });
});
