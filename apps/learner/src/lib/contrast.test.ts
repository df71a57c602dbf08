import { describe, expect, it } from 'vitest';
import {
  brandTheme,
  contrastRatio,
  PAGE_BACKGROUND,
  parseHexColor,
  TEXT_CONTRAST,
  textColorOn,
} from './contrast.ts';

const rgb = (hex: string) => parseHexColor(hex)!;

describe('contrast', () => {
  it('parses short and long hex colours and refuses others', () => {
    expect(parseHexColor('#2f9e44')).toEqual([47, 158, 68]);
    expect(parseHexColor('#FFF')).toEqual([255, 255, 255]);
    expect(parseHexColor('green')).toBeNull();
    expect(parseHexColor('#12345')).toBeNull();
  });

  it('computes the WCAG ratio', () => {
    expect(contrastRatio(rgb('#ffffff'), rgb('#000000'))).toBeCloseTo(21);
    expect(contrastRatio(rgb('#777777'), rgb('#ffffff'))).toBeCloseTo(4.48, 2);
  });

  it('picks white on dark and black on light colours', () => {
    expect(textColorOn(rgb('#1c3d8f'))).toBe('#ffffff');
    expect(textColorOn(rgb('#ffd43b'))).toBe('#000000');
  });

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
