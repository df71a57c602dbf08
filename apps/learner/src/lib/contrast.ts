import { darkenFor, DEFAULT_COLORS, parseHexColor, textColorOn, toHexColor, type Brand } from '@vigil/shared';
import type { CSSProperties } from 'react';

export interface BrandTheme {
  /** The company's colour, for filled buttons and accents. */
  accent: string;
  /** Text on the accent colour. */
  onAccent: string;
  /** The accent as readable text, links, progress and focus rings on the page and on white cards. */
  accentStrong: string;
}

/** The page background of learner.css (cards are white, which only adds contrast). */
export const PAGE_BACKGROUND = '#f4f5f7';

/** The theme for a company colour; an unreadable value falls back to Vigil's green. */
export function brandTheme(color: string): BrandTheme {
  const rgb = parseHexColor(color) ?? parseHexColor(DEFAULT_COLORS.primary)!;
  const strong = darkenFor(rgb, parseHexColor(PAGE_BACKGROUND)!);
  return { accent: toHexColor(rgb), onAccent: textColorOn(rgb), accentStrong: toHexColor(strong) };
}

/** The company's brand as the custom properties learner.css reads. */
export function themeStyle(brand: Pick<Brand, 'primaryColor'>): CSSProperties {
  const theme = brandTheme(brand.primaryColor);
  return {
    '--accent': theme.accent,
    '--on-accent': theme.onAccent,
    '--accent-strong': theme.accentStrong,
  } as CSSProperties;
}
