import { describe, expect, it } from 'vitest';
import { dayEndIso, dayStartIso } from '../../../lib/date-range.ts';
import { TRAINING_LIST_ADDRESS } from './training-list-query.ts';

const {
  activeFilterCount,
  change: changeListState,
  defaultState: DEFAULT_LIST_STATE,
  emptyFilters: EMPTY_FILTERS,
  filtersValid,
  params: listStateParams,
  pickFilters,
  read: readListState,
  toQuery: toListQuery,
} = TRAINING_LIST_ADDRESS;

const LIST = '6f1c2a1e-3b4d-4c5e-8f90-1a2b3c4d5e6f';

describe('training list query', () => {
  it('reads the defaults from an empty address: page 1, last updated first', () => {
    expect(readListState(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
    expect(listStateParams(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('reads a state back from the parameters it wrote', () => {
    const state = {
      ...DEFAULT_LIST_STATE,
      p: 3,
      q: 'phishing',
      sort: 'start',
      d: 'asc',
      listId: LIST,
      subjectId: 'passwords',
      startFrom: '2026-01-01',
      endTo: '2026-02-28',
    } as const;
    expect(readListState(listStateParams(state))).toEqual(state);
  });

  it('falls back to the default of each value the API would refuse', () => {
    const read = readListState(
      new URLSearchParams('p=0&sort=name&d=up&listId=nope&startFrom=2026-02-30&endTo=tomorrow&q=x'),
    );
    expect(read).toEqual({ ...DEFAULT_LIST_STATE, q: 'x' });
  });

  it('goes back to page 1 on any change but the page', () => {
    const onPage4 = { ...DEFAULT_LIST_STATE, p: 4 };
    expect(changeListState(onPage4, { q: 'bo' })).toEqual({ ...DEFAULT_LIST_STATE, q: 'bo' });
    expect(changeListState(onPage4, { p: 5 }).p).toBe(5);
  });

  it('counts a date range once, whichever end is set', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, listId: LIST, startTo: '2026-01-01' })).toBe(2);
    expect(activeFilterCount({ ...EMPTY_FILTERS, startFrom: '2026-01-01', startTo: '2026-01-02' })).toBe(1);
    expect(activeFilterCount({ ...EMPTY_FILTERS, subjectId: 's', endFrom: '2026-01-01' })).toBe(2);
  });

  it('keeps only the filters of a state', () => {
    const state = { ...DEFAULT_LIST_STATE, q: 'x', p: 2, listId: LIST };
    expect(pickFilters(state)).toEqual({
      ...EMPTY_FILTERS,
      listId: LIST,
    });
  });

  it('refuses a range whose from date is later than its to date', () => {
    expect(filtersValid({ ...EMPTY_FILTERS, startFrom: '2026-02-02', startTo: '2026-02-01' })).toBe(false);
    expect(filtersValid({ ...EMPTY_FILTERS, endFrom: '2026-02-02', endTo: '2026-02-01' })).toBe(false);
    expect(filtersValid({ ...EMPTY_FILTERS, startFrom: '2026-02-01', startTo: '2026-02-01' })).toBe(true);
  });

  it('asks the API for ten rows of the tab, with day ranges from 00:00 to 23:59', () => {
    expect(toListQuery(DEFAULT_LIST_STATE, 'all')).toEqual({
      tab: 'all',
      p: 1,
      n: 10,
      sort: 'updated',
      d: 'desc',
    });
    const state = {
      ...DEFAULT_LIST_STATE,
      q: 'x',
      listId: LIST,
      startFrom: '2026-01-01',
      startTo: '2026-01-31',
      endFrom: '2026-02-01',
      endTo: '2026-02-28',
    };
    expect(toListQuery(state, 'active')).toEqual({
      tab: 'active',
      p: 1,
      n: 10,
      sort: 'updated',
      d: 'desc',
      q: 'x',
      listId: LIST,
      startFrom: dayStartIso('2026-01-01'),
      startTo: dayEndIso('2026-01-31'),
      endFrom: dayStartIso('2026-02-01'),
      endTo: dayEndIso('2026-02-28'),
    });
  });
});
