/** WCAG 2.2 contrast rules shared by the manager and learner apps' themes. */

export type Rgb = readonly [number, number, number];

/** WCAG 2.2 AA for normal text. */
export const TEXT_CONTRAST = 4.5;

/** `#rgb` or `#rrggbb` as channels, or null for anything else. */
export function parseHexColor(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
}

export function toHexColor(rgb: Rgb): string {
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

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

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
