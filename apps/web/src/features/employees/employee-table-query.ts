import { EMPLOYEE_PAGE, EmployeePageQuery } from '@vigil/shared';

export type EmployeeSortColumn = 'email' | 'name';

/** What the employee table shows: kept in the address so a way back returns to the same page. */
export interface EmployeeTableQuery {
  page: number;
  pageSize: number;
  sort: EmployeeSortColumn;
  order: 'asc' | 'desc';
  q: string;
}

export const DEFAULT_TABLE_QUERY: EmployeeTableQuery = {
  page: 1,
  pageSize: EMPLOYEE_PAGE.listPageSize,
  sort: 'email',
  order: 'asc',
  q: '',
};

const { shape } = EmployeePageQuery;
const KEYS = Object.keys(DEFAULT_TABLE_QUERY) as (keyof EmployeeTableQuery)[];

function valid<T>(result: { success: true; data: T } | { success: false }, fallback: T): T {
  return result.success ? result.data : fallback;
}

/** Reads the table's state from the address; a value the API would refuse falls back to its default. */
export function readTableQuery(params: URLSearchParams): EmployeeTableQuery {
  const raw = (key: keyof EmployeeTableQuery) => params.get(key) ?? undefined;
  return {
    page: valid(shape.page.safeParse(raw('page')), DEFAULT_TABLE_QUERY.page),
    pageSize: valid(shape.pageSize.safeParse(raw('pageSize')), DEFAULT_TABLE_QUERY.pageSize),
    sort: valid(shape.sort.safeParse(raw('sort')), DEFAULT_TABLE_QUERY.sort),
    order: valid(shape.order.safeParse(raw('order')), DEFAULT_TABLE_QUERY.order),
    q: valid(shape.q.safeParse(raw('q')), undefined) ?? DEFAULT_TABLE_QUERY.q,
  };
}

/** The address parameters of a table state; defaults are left out to keep the address short. */
export function tableQueryParams(query: EmployeeTableQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    if (query[key] !== DEFAULT_TABLE_QUERY[key]) params.set(key, String(query[key]));
  }
  return params;
}

/** Applies a change; any change but the page itself starts again at page 1. */
export function changeTableQuery(
  query: EmployeeTableQuery,
  change: Partial<EmployeeTableQuery>,
): EmployeeTableQuery {
  return { ...query, ...change, page: change.page ?? 1 };
}

/** A click on a column header: that column ascending, or the other way round when it is already sorted. */
export function sortBy(query: EmployeeTableQuery, column: EmployeeSortColumn): EmployeeTableQuery {
  const order = query.sort === column && query.order === 'asc' ? 'desc' : 'asc';
  return changeTableQuery(query, { sort: column, order });
}
