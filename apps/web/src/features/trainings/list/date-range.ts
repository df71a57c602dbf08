/** The filter date ranges live in lib, shared with the assessment list. */
export { dayEndIso, dayStartIso, isDay, isRangeReversed, type DayRange } from '../../../lib/date-range.ts';
