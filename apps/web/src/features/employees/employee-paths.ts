import { PATHS } from '../../lib/paths.ts';

const list = (listId: string) => `${PATHS.users}list/${encodeURIComponent(listId)}/`;

/** The employees area's routes (spec 3 §2.1), with the trailing slash every path gets. */
export const EMPLOYEE_PATHS = {
  overview: PATHS.users,
  createList: `${PATHS.users}create-list/`,
  import: `${PATHS.users}import/`,
  /** Add employees right after a list was created. */
  addToNewList: (listId: string) => `${PATHS.users}add/${encodeURIComponent(listId)}/`,
  list,
  renameList: (listId: string) => `${list(listId)}edit/`,
  addUsers: (listId: string) => `${list(listId)}add-users/`,
  employee: (listId: string, email: string) => `${list(listId)}user/${encodeURIComponent(email)}/`,
} as const;

/** The table state (`?page=…`) a link to an employee carries, so that 'Back to list' returns to it. */
export interface EmployeeLinkState {
  listSearch: string;
}

export function listSearchFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('listSearch' in state)) return '';
  const { listSearch } = state;
  return typeof listSearch === 'string' && listSearch.startsWith('?') ? listSearch : '';
}
