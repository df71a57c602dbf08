import { Fieldset, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRangeReversed } from '../lib/date-range.ts';
import { formatShortDate } from '../lib/format-date.ts';

interface DateRangeFieldsProps {
  legend: string;
  /** Calendar days (YYYY-MM-DD), '' when not set. */
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}

/**
 * A from and a to day of a list filter; a from day later than the to day marks both fields with
 * "Set date earlier than" / "Set date later than" (spec 2 §5 Filters). Needs a DatesProvider above it.
 */
export function DateRangeFields({ legend, from, to, onChange }: DateRangeFieldsProps) {
  const { t, i18n } = useTranslation();
  const reversed = isRangeReversed({ from: from || null, to: to || null });
  const day = (value: string) => formatShortDate(`${value}T12:00:00`, i18n.language);
  return (
    <Fieldset legend={legend} variant="filled" p="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DatePickerInput
          label={t('trainings.filters.from')}
          placeholder={t('trainings.filters.pickDate')}
          leftSection={<IconCalendar size={16} />}
          valueFormat="D MMM YYYY"
          clearable
          value={from || null}
          onChange={(value) => onChange(value ?? '', to)}
          error={reversed && t('trainings.filters.earlierThan', { date: day(to) })}
        />
        <DatePickerInput
          label={t('trainings.filters.to')}
          placeholder={t('trainings.filters.pickDate')}
          leftSection={<IconCalendar size={16} />}
          valueFormat="D MMM YYYY"
          clearable
          value={to || null}
          onChange={(value) => onChange(from, value ?? '')}
          error={reversed && t('trainings.filters.laterThan', { date: day(from) })}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
