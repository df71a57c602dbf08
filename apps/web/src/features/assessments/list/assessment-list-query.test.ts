import { describe, expect, it } from 'vitest';
import { dayEndIso, dayStartIso } from '../../../lib/date-range.ts';
import { ASSESSMENT_LIST_ADDRESS } from './assessment-list-query.ts';

const { read, params, defaultState, emptyFilters, activeFilterCount, filtersValid, toQuery } =
  ASSESSMENT_LIST_ADDRESS;
const LIST = '6f1c2a1e-3b4d-4c5e-8f90-1a2b3c4d5e6f';

describe('assessment list query', () => {
  it('reads a state back from the parameters it wrote, and nothing of the training filters', () => {
    const state = { ...defaultState, p: 2, sort: 'due', listId: LIST, deliveryFrom: '2026-03-01' } as const;
    expect(read(params(state))).toEqual(state);
    expect(read(new URLSearchParams('subjectId=s&startFrom=2026-01-01&sort=start'))).toEqual(defaultState);
  });

  it('counts the list and each date range once', () => {
    expect(
      activeFilterCount({ ...emptyFilters, listId: LIST, dueFrom: '2026-01-01', dueTo: '2026-01-02' }),
    ).toBe(2);
    expect(filtersValid({ ...emptyFilters, dueFrom: '2026-01-02', dueTo: '2026-01-01' })).toBe(false);
  });

  it('asks for delivery and due ranges from 00:00 to 23:59', () => {
    expect(toQuery({ ...defaultState, deliveryTo: '2026-03-31', dueFrom: '2026-04-01' }, 'active')).toEqual({
      tab: 'active',
      p: 1,
      n: 10,
      sort: 'updated',
      d: 'desc',
      deliveryTo: dayEndIso('2026-03-31'),
      dueFrom: dayStartIso('2026-04-01'),
    });
  });
});
