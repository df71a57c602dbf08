import { trainingReportBand } from '@vigil/shared';

export const INK = { text: '#1f2933', muted: '#616e7c', faint: '#9aa5b1', rule: '#d9e2ec', zebra: '#f5f7fa' };

/** Fill and text colours of each training report score band (spec 2 §9). */
const BAND_COLORS = {
  grey: { fill: '#ced4da', text: '#343a40' },
  red: { fill: '#e03131', text: '#ffffff' },
  orange: { fill: '#f76707', text: '#ffffff' },
  yellow: { fill: '#fcc419', text: '#343a40' },
  lime: { fill: '#94d82d', text: '#2b3a0e' },
  green: { fill: '#2f9e44', text: '#ffffff' },
} as const;

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

export function bandColors(percent: number | null): { fill: string; text: string } {
  return BAND_COLORS[trainingReportBand(percent)];
}

/** Fill and text colours of a band named by its colour (the score bands of spec 1 §9 carry one). */
export function namedBandColors(color: keyof typeof BAND_COLORS): { fill: string; text: string } {
  return BAND_COLORS[color];
}
