import { describe, expect, it } from 'vitest';
import { BASE_SHADE, paletteFromHex } from './color-palette.ts';

describe('paletteFromHex', () => {
  it('makes ten shades with the brand colour itself at the base shade', () => {
    const palette = paletteFromHex('#1c7ed6');
    expect(palette).toHaveLength(10);
    expect(palette![BASE_SHADE]).toBe('#1c7ed6');
  });

  it('goes from light to dark', () => {
    const luminance = (hex: string) =>
      [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).reduce((a, b) => a + b, 0);
    const shades = paletteFromHex('#2f9e44')!.map(luminance);
    expect([...shades].sort((a, b) => b - a)).toEqual(shades);
  });

  it('accepts the short form and refuses what is not a colour', () => {
    expect(paletteFromHex('#abc')![BASE_SHADE]).toBe('#aabbcc');
    expect(paletteFromHex('red')).toBeNull();
    expect(paletteFromHex('#12345g')).toBeNull();
  });
});
