import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { fromPicker, toPicker } from './schedule-picker.ts';

type HourPickerProps = Omit<
  DateTimePickerProps,
  'value' | 'onChange' | 'valueFormat' | 'minDate' | 'timePickerProps' | 'dropdownType'
> & {
  /** An ISO date-time, or null when none is chosen. */
  value: string | null;
  onChange: (iso: string | null) => void;
  /** The earliest day that can be picked. */
  from: Date | string;
};

/** A campaign's date-time field: days from `from` on and whole hours, 24 h (spec 2 §9). */
export function HourPicker({ value, onChange, from, ...field }: HourPickerProps) {
  return (
    <DateTimePicker
      {...field}
      value={value ? toPicker(value) : null}
      onChange={(picked) => onChange(picked ? fromPicker(picked) : null)}
      valueFormat="DD MMM YYYY, HH:mm"
      minDate={dayjs(from).format('YYYY-MM-DD')}
      timePickerProps={{ format: '24h', minutesStep: 60 }}
      dropdownType="popover"
    />
  );
}
