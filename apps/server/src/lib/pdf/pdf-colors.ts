import {
  BAND_PALETTE,
  bandHex,
  trainingReportBand,
  type BandPaletteColor,
  type ScoreRangeSetting,
} from '@vigil/shared';

export const INK = { text: '#1f2933', muted: '#616e7c', faint: '#9aa5b1', rule: '#d9e2ec', zebra: '#f5f7fa' };

/** Text on each palette band (spec 2 §9), tuned by eye; a branding range's text follows its fill. */
const PALETTE_TEXT: Record<BandPaletteColor, string> = {
  grey: '#343a40',
  red: '#ffffff',
  orange: '#ffffff',
  yellow: '#343a40',
  lime: '#2b3a0e',
  green: '#ffffff',
};

function channels(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `color` moved `amount` (0–1) of the way towards `target`. */
export function mix(color: string, target: string, amount: number): string {
  const from = channels(color);
  const to = channels(target);
  const mixed = from.map((c, i) => Math.round(c + ((to[i] ?? c) - c) * amount));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
function luminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text that reads on a `background` fill: white on dark colours, near-black on light ones. */
export function textOn(background: string): string {
  return luminance(background) > 0.45 ? INK.text : '#ffffff';
}

/** The brand colour darkened until text in it reads on white (a yellow brand would vanish). */
export function readableOnWhite(color: string): string {
  let result = color;
  for (let step = 0; step < 6 && luminance(result) > 0.3; step += 1) result = mix(result, '#000000', 0.2);
  return result;
}

/** Fill and text colours of a band's colour: a palette name (the spec's bands) or a branding #rrggbb. */
export function bandFill(color: string): { fill: string; text: string } {
  const fill = bandHex(color);
  return { fill, text: color in BAND_PALETTE ? PALETTE_TEXT[color as BandPaletteColor] : textOn(fill) };
}

/** Fill and text colours of a training report percent's band, under the company's ranges if any. */
export function bandColors(
  percent: number | null,
  ranges?: readonly ScoreRangeSetting[] | null,
): { fill: string; text: string } {
  return bandFill(trainingReportBand(percent, ranges).color);
}
