import { getPrimaryShade, isLightColor, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';
import {
  contrastRatio,
  darkenFor,
  parseHexColor,
  relativeLuminance,
  TEXT_CONTRAST,
  toHexColor,
  type Rgb,
} from '@vigil/shared';

const WHITE: Rgb = [255, 255, 255];

/** A shade a tenth darker, for hover states. */
const darker = (rgb: Rgb): string => toHexColor(rgb.map((c) => c * 0.9) as unknown as Rgb);

/**
 * Fills where Mantine's automatic contrast puts white text: the first shade from the primary one on
 * that white reaches 4.5:1. Light colours keep their shade, and get black text, which reads on them.
 */
function readableFill(shades: readonly Rgb[], primaryShade: number, light: boolean): Rgb {
  if (light) return shades[primaryShade]!;
  const fill = shades.slice(primaryShade).find((shade) => contrastRatio(shade, WHITE) >= TEXT_CONTRAST);
  return fill ?? darkenFor(shades[9]!, WHITE);
}

/**
 * Mantine's light-scheme colour variables made to reach WCAG 2.2 AA (4.5:1) wherever they colour text:
 * `c="teal"` and links on the page, light badges and buttons (text on shade 1), outline buttons, and
 * white or black text on filled ones. The palettes themselves, used by charts and rings, stay as they
 * are. Text on the page is measured against gray.1, the darkest surface text sits on (cards are white,
 * the page gray.0, table hovers gray.1).
 */
export function readableColorVariables(theme: MantineTheme): Record<string, string> {
  const primaryShade = getPrimaryShade(theme, 'light');
  const surface = parseHexColor(theme.colors.gray[1])!;
  const onSurface = (rgb: Rgb) => toHexColor(darkenFor(rgb, surface));
  const variables: Record<string, string> = {};
  const textOf: Record<string, string> = {};

  for (const [name, palette] of Object.entries(theme.colors)) {
    const shades = palette.map(parseHexColor);
    if (shades.some((shade) => shade === null)) continue;
    const rgb = shades as Rgb[];
    const fill = readableFill(
      rgb,
      primaryShade,
      isLightColor(palette[primaryShade]!, theme.luminanceThreshold),
    );
    const text = onSurface(rgb[primaryShade]!);
    textOf[name] = text;
    Object.assign(variables, {
      [`--mantine-color-${name}-text`]: text,
      [`--mantine-color-${name}-filled`]: toHexColor(fill),
      [`--mantine-color-${name}-filled-hover`]: darker(fill),
      [`--mantine-color-${name}-light-color`]: toHexColor(darkenFor(rgb[9]!, rgb[1]!)),
      [`--mantine-color-${name}-outline`]: text,
    });
  }
  // Secondary text also sits on tinted surfaces: a selected card or light button of the brand colour.
  const brandTint = parseHexColor(theme.colors[theme.primaryColor]![1]) ?? surface;
  const tinted = relativeLuminance(brandTint) < relativeLuminance(surface) ? brandTint : surface;
  const dimmed = toHexColor(darkenFor(parseHexColor(theme.colors.gray[6])!, tinted));
  return {
    ...variables,
    '--mantine-color-anchor': textOf[theme.primaryColor]!,
    '--mantine-color-dimmed': dimmed,
    // Placeholders are text too (WCAG 1.4.3); the date pickers show theirs as the field's content.
    '--mantine-color-placeholder': dimmed,
    '--mantine-color-error': textOf.red!,
    '--mantine-color-success': textOf.teal!,
  };
}

/** The theme's variables with the readable colours above in the light scheme. */
export const readableCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: readableColorVariables(theme),
  dark: {},
});
