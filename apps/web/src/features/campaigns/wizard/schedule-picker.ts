import dayjs from 'dayjs';

/** The picker's local 'YYYY-MM-DD HH:mm:ss' and back to ISO; dates and whole hours only (spec 2 §9). */
export const toPicker = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
export const fromPicker = (value: string): string =>
  dayjs(value).minute(0).second(0).millisecond(0).toISOString();
