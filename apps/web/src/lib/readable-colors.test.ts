import { DEFAULT_THEME, getContrastColor, mergeMantineTheme } from '@mantine/core';
import { contrastRatio, parseHexColor, TEXT_CONTRAST } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../app/providers/app-theme.ts';
import { readableColorVariables } from './readable-colors.ts';

const rgb = (hex: string) => parseHexColor(hex)!;
const ratio = (a: string, b: string) => contrastRatio(rgb(a), rgb(b));
const BLACK_OR_WHITE = { 'var(--mantine-color-black)': '#000000', 'var(--mantine-color-white)': '#ffffff' };

/** Brand colours a company might pick: Vigil's green, the demo blue, and light and dark extremes. */
const BRANDS = ['#2f9e44', '#1c7ed6', '#fab005', '#15aabf', '#e03131', '#111111', '#ffffff', null];

describe('readable colours', () => {
  for (const brand of BRANDS) {
    const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(brand, { close: 'Close' }));
    const vars = readableColorVariables(theme);

    it(`every colour's text reaches 4.5:1 on the page, on light chips and on fills (brand ${brand})`, () => {
      for (const name of Object.keys(theme.colors)) {
        if (name === 'dark') continue;
        const text = vars[`--mantine-color-${name}-text`]!;
        for (const surface of ['#ffffff', theme.colors.gray[0], theme.colors.gray[1]])
          expect(ratio(text, surface), `${name} text on ${surface}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        const chip = vars[`--mantine-color-${name}-light-color`]!;
        expect(ratio(chip, theme.colors[name]![1]), `${name} light chip`).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
        // The text Mantine puts on a filled button or badge (automatic contrast) against its fill.
        const onFill =
          BLACK_OR_WHITE[
            getContrastColor({ color: name, theme, autoContrast: true }) as keyof typeof BLACK_OR_WHITE
          ];
        expect(
          ratio(onFill, vars[`--mantine-color-${name}-filled`]!),
          `${name} filled`,
        ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      for (const key of ['--mantine-color-anchor', '--mantine-color-dimmed', '--mantine-color-error'])
        expect(ratio(vars[key]!, theme.colors.gray[1]), key).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      // Secondary text on a selected card, tinted with the brand colour.
      expect(ratio(vars['--mantine-color-dimmed']!, theme.colors.brand![1])).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    });
  }

  it("keeps a colour's own shade where it is already readable", () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme('#1c3d8f', { close: 'Close' }));
    expect(readableColorVariables(theme)['--mantine-color-brand-filled']).toBe('#1c3d8f');
  });
});
