import { describe, expect, it } from 'vitest';
import {
  changeTableQuery,
  DEFAULT_TABLE_QUERY,
  readTableQuery,
  sortBy,
  tableQueryParams,
} from './employee-table-query.ts';

describe('employee table query', () => {
  it('reads the defaults from an empty address: 20 a page, by email ascending', () => {
    expect(readTableQuery(new URLSearchParams())).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'email',
      order: 'asc',
      q: '',
    });
  });

  it('reads a state back from the parameters it wrote', () => {
    const query = { page: 3, pageSize: 50, sort: 'name', order: 'desc', q: 'ana' } as const;
    expect(tableQueryParams(query).toString()).toBe('page=3&pageSize=50&sort=name&order=desc&q=ana');
    expect(readTableQuery(tableQueryParams(query))).toEqual(query);
    expect(tableQueryParams(DEFAULT_TABLE_QUERY).toString()).toBe('');
  });

  it('falls back to the default of each value the API would refuse', () => {
    const read = readTableQuery(new URLSearchParams('page=-2&pageSize=7&sort=unit&order=up&q=x'));
    expect(read).toEqual({ ...DEFAULT_TABLE_QUERY, q: 'x' });
  });

  it('goes back to page 1 on any change but the page', () => {
    const onPage4 = { ...DEFAULT_TABLE_QUERY, page: 4 };
    expect(changeTableQuery(onPage4, { q: 'bo' })).toEqual({ ...DEFAULT_TABLE_QUERY, q: 'bo' });
    expect(changeTableQuery(onPage4, { page: 5 }).page).toBe(5);
  });

  it('sorts a new column ascending and flips the sorted one', () => {
    const byName = sortBy(DEFAULT_TABLE_QUERY, 'name');
    expect(byName).toMatchObject({ sort: 'name', order: 'asc' });
    expect(sortBy(byName, 'name')).toMatchObject({ sort: 'name', order: 'desc' });
    expect(sortBy(sortBy(byName, 'name'), 'name')).toMatchObject({ sort: 'name', order: 'asc' });
  });
});
