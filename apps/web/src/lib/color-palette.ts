import { colorsTuple, type MantineColorsTuple } from '@mantine/core';

type Rgb = [number, number, number];

/** The index of the palette that holds the colour itself; lighter shades before, darker after. */
export const BASE_SHADE = 6;
const TOWARDS_WHITE = [0.92, 0.8, 0.64, 0.47, 0.3, 0.14];
const TOWARDS_BLACK = [0.12, 0.24, 0.36];

function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

function mix(color: Rgb, target: number, amount: number): string {
  const channel = (c: number) =>
    Math.round(c + (target - c) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${color.map(channel).join('')}`;
}

/** Ten shades around a brand colour, in the shape Mantine's theme expects; null for an invalid colour. */
export function paletteFromHex(hex: string): MantineColorsTuple | null {
  const rgb = parseHex(hex);
  if (!rgb) return null;
  const lighter = TOWARDS_WHITE.map((amount) => mix(rgb, 255, amount));
  const darker = TOWARDS_BLACK.map((amount) => mix(rgb, 0, amount));
  return colorsTuple([...lighter, mix(rgb, 0, 0), ...darker]);
}
