import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  darkenFor,
  parseHexColor,
  TEXT_CONTRAST,
  textColorOn,
  toHexColor,
} from './contrast.ts';

const rgb = (hex: string) => parseHexColor(hex)!;

describe('contrast', () => {
  it('parses short and long hex colours and refuses others', () => {
    expect(parseHexColor('#2f9e44')).toEqual([47, 158, 68]);
    expect(parseHexColor('#FFF')).toEqual([255, 255, 255]);
    expect(parseHexColor('green')).toBeNull();
    expect(parseHexColor('#12345')).toBeNull();
    expect(toHexColor([47, 158, 68])).toBe('#2f9e44');
  });

  it('computes the WCAG ratio', () => {
    expect(contrastRatio(rgb('#ffffff'), rgb('#000000'))).toBeCloseTo(21);
    expect(contrastRatio(rgb('#777777'), rgb('#ffffff'))).toBeCloseTo(4.48, 2);
  });

  it('picks white on dark and black on light colours', () => {
    expect(textColorOn(rgb('#1c3d8f'))).toBe('#ffffff');
    expect(textColorOn(rgb('#ffd43b'))).toBe('#000000');
  });

  it('darkens a colour just enough to be read on a background, and keeps one that already is', () => {
    const yellow = darkenFor(rgb('#fab005'), rgb('#f8f9fa'));
    expect(contrastRatio(yellow, rgb('#f8f9fa'))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(darkenFor(rgb('#fab005'), rgb('#f8f9fa'), 4), rgb('#f8f9fa'))).toBeLessThan(
      contrastRatio(yellow, rgb('#f8f9fa')),
    );
    expect(darkenFor(rgb('#1c3d8f'), rgb('#ffffff'))).toEqual(rgb('#1c3d8f'));
  });
});
