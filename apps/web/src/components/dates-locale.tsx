import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Date pickers in the interface language, weeks starting on Monday (spec 2 §9). */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-gb' : i18n.language;
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
