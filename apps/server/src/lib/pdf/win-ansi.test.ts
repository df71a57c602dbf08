import { describe, expect, it } from 'vitest';
import { toWinAnsi } from './win-ansi.ts';

describe('toWinAnsi', () => {
  it('keeps German, French and Spanish letters', () => {
    const text = 'Grüße aus Köln, ß — Ça été «très» cher, Œuvre — ¿Año nuevo? ¡Señor Núñez!';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('keeps the typographic characters WinAnsi has', () => {
    const text = '— – ’ ‘ “ ” „ … • € ™ ‰';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('composes letters typed as a base and a combining mark', () => {
    expect(toWinAnsi('Me\u0301lanie Mu\u0308ller')).toBe('Mélanie Müller');
  });

  it('falls back to the base letter for accents outside Latin-1', () => {
    expect(toWinAnsi('Dvořák, Łukasz, Ștefan, Győ, ﬁle')).toBe('Dvorák, Lukasz, Stefan, Gyo, file');
  });

  it('replaces look-alikes and what cannot be printed', () => {
    expect(toWinAnsi('a\u202fb\u2212c \u2192 ✓ 李雷 😀')).toBe('a b-c -> v ?? ?');
  });

  it('drops control characters but keeps line breaks', () => {
    expect(toWinAnsi('one\r\ntwo\u0007\tthree')).toBe('one\ntwo three');
  });
});
