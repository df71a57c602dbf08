import {
  AppShell,
  Button,
  Card,
  colorsTuple,
  createTheme,
  DEFAULT_THEME,
  Drawer,
  Menu,
  Modal,
  Notification,
  Paper,
  TableScrollContainer,
} from '@mantine/core';
import { DEFAULT_COLORS } from '@vigil/shared';
import { BASE_SHADE, paletteFromHex } from '../../lib/color-palette.ts';
import dayClasses from './calendar-day.module.css';
import tableClasses from './table-scroll.module.css';

const FONT_STACK =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const DEFAULT_BRAND = paletteFromHex(DEFAULT_COLORS.primary) ?? colorsTuple(DEFAULT_COLORS.primary);

/** Texts the theme gives components that would otherwise have no accessible name. */
export interface ThemeLabels {
  /** The name of the close button of every dialog, drawer and notification that gives it none of its own. */
  close: string;
}

/** The theme, its primary colour the company brand's (the default green without a company). */
export function createAppTheme(colorMain: string | null | undefined, labels: ThemeLabels) {
  const brand = (colorMain && paletteFromHex(colorMain)) || DEFAULT_BRAND;
  return createTheme({
    // The spec's bands and statuses name grey the British way (`trainingReportBand`): the same grays.
    colors: { brand, grey: DEFAULT_THEME.colors.gray },
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
      Modal: Modal.extend({
        defaultProps: { radius: 'lg', centered: true, closeButtonProps: { 'aria-label': labels.close } },
      }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': labels.close } } }),
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': labels.close } },
      }),
      // A table wider than its box scrolls by keyboard too, and shows a shadow where columns are hidden.
      TableScrollContainer: TableScrollContainer.extend({
        defaultProps: { tabIndex: 0 },
        classNames: { scrollContainer: tableClasses.scrollContainer },
      }),
      // @mantine/dates' calendars (their days take the classes of the component that shows them), named
      // rather than imported so that the dates library stays out of the first load.
      ...Object.fromEntries(
        ['Calendar', 'DatePicker', 'DatePickerInput', 'DateTimePicker'].map((name) => [
          name,
          { classNames: { day: dayClasses.day } },
        ]),
      ),
      AppShell: AppShell.extend({ defaultProps: { padding: { base: 'md', sm: 'xl' } } }),
    },
  });
}
