import { DEFAULT_COLORS } from '@vigil/shared';
import type { CSSProperties } from 'react';

type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** WCAG 2.2 AA for normal text. */
export const TEXT_CONTRAST = 4.5;

/** `#rgb` or `#rrggbb` as channels, or null for anything else. */
export function parseHexColor(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance as WCAG defines it. */
export function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** White or black, whichever reads better on the colour; one of them always reaches 4.5:1. */
export function textColorOn(rgb: Rgb): '#ffffff' | '#000000' {
  return contrastRatio(WHITE, rgb) >= contrastRatio(BLACK, rgb) ? '#ffffff' : '#000000';
}

/** The colour darkened just enough to be read as text (or a focus ring) on a light background. */
export function darkenFor(rgb: Rgb, background: Rgb, minRatio = TEXT_CONTRAST): Rgb {
  let shade = rgb;
  for (let step = 1; contrastRatio(shade, background) < minRatio && step <= 20; step++) {
    shade = rgb.map((c) => c * (1 - step * 0.05)) as unknown as Rgb;
  }
  return shade;
}

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
  return { accent: toHex(rgb), onAccent: textColorOn(rgb), accentStrong: toHex(strong) };
}

/** The theme as the custom properties learner.css reads. */
export function themeStyle(color: string): CSSProperties {
  const theme = brandTheme(color);
  return {
    '--accent': theme.accent,
    '--on-accent': theme.onAccent,
    '--accent-strong': theme.accentStrong,
  } as CSSProperties;
}
