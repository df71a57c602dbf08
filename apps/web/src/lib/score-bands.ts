/**
 * How the manager app draws a score's band. Which band a score falls in is the shared rule
 * (`scoreBand`, `trainingReportBand` in packages/shared, with the company's score ranges); this file
 * only turns a band's colour — a palette name of the spec's bands or a branding #rrggbb — into what
 * Mantine and CSS take, and its title into words.
 */
import type { TFunction } from 'i18next';
import { darkenFor, parseHexColor, toHexColor } from '@vigil/shared';

type Band = { title: string; color: string; custom?: boolean };

const isHex = (color: string) => color.startsWith('#');

/** A band's colour for a Mantine colour prop: a palette name at `shade`, or the branding hex as it is. */
export const bandColor = (color: string, shade = 6): string => (isHex(color) ? color : `${color}.${shade}`);

/**
 * A band's colour for a Badge's light variant or a text colour: the palette name, for which Mantine
 * picks readable shades (light background and its text colour, the text variable), or the branding hex
 * as it is. A shade index would make Mantine use that shade as it is, which on white or on its own tint
 * fails the contrast check for the yellow and orange bands.
 */
export const bandThemeColor = (color: string): string => color;

/** A band's colour as CSS: the theme's variable at `shade`, or the branding hex. */
export const bandCssColor = (color: string, shade = 6): string =>
  isHex(color) ? color : `var(--mantine-color-${color}-${shade})`;

/** A light tint of the band for a cell's background, and text that reads on it. */
export function bandTint(color: string): { bg: string; c: string } {
  if (!isHex(color)) {
    return { bg: `var(--mantine-color-${color}-light)`, c: `var(--mantine-color-${color}-light-color)` };
  }
  const rgb = parseHexColor(color) ?? [0, 0, 0];
  return {
    bg: `color-mix(in srgb, ${color} 14%, transparent)`,
    c: toHexColor(darkenFor(rgb, [240, 240, 240])),
  };
}

/** A band's name: the spec's bands in the interface language, a company's category as it wrote it. */
export const bandTitle = (t: TFunction, band: Band): string =>
  band.custom ? band.title : t(`scoreBands.${band.title}`, { defaultValue: band.title });
