import { AppShell, Button, Card, colorsTuple, createTheme, Menu, Modal, Paper } from '@mantine/core';
import { DEFAULT_COLORS } from '@vigil/shared';
import { BASE_SHADE, paletteFromHex } from '../../lib/color-palette.ts';

const FONT_STACK =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const DEFAULT_BRAND = paletteFromHex(DEFAULT_COLORS.primary) ?? colorsTuple(DEFAULT_COLORS.primary);

/** The theme, its primary colour taken from the company's color_main when it is a valid colour. */
export function createAppTheme(colorMain: string | null | undefined) {
  const brand = (colorMain && paletteFromHex(colorMain)) || DEFAULT_BRAND;
  return createTheme({
    colors: { brand },
    primaryColor: 'brand',
    primaryShade: { light: BASE_SHADE, dark: 5 },
    autoContrast: true,
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      Button: Button.extend({ defaultProps: { radius: 'md' } }),
      Card: Card.extend({ defaultProps: { withBorder: true, radius: 'lg', shadow: 'xs', padding: 'xl' } }),
      Paper: Paper.extend({ defaultProps: { radius: 'lg' } }),
      Menu: Menu.extend({ defaultProps: { shadow: 'lg', radius: 'md' } }),
      Modal: Modal.extend({ defaultProps: { radius: 'lg', centered: true } }),
      AppShell: AppShell.extend({ defaultProps: { padding: { base: 'md', sm: 'xl' } } }),
    },
  });
}
