import { queryClient } from '../../../lib/query-client.ts';
import { sessionKeys } from '../../../lib/session/index.ts';
import type { EmployeeTableQuery } from '../employee-table-query.ts';

/** The company's API path; every employees call acts on the company in its path. */
export const companyPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;

export const listPath = (companyId: string, listId: string) =>
  `${companyPath(companyId)}/lists/${encodeURIComponent(listId)}`;

/** Query keys of the employees area, all under the company they belong to. */
export const employeeKeys = {
  all: (companyId: string) => ['employees', companyId] as const,
  lists: (companyId: string) => ['employees', companyId, 'lists'] as const,
  list: (companyId: string, listId: string) => ['employees', companyId, 'list', listId] as const,
  users: (companyId: string, listId: string, query: EmployeeTableQuery) =>
    ['employees', companyId, 'list', listId, 'users', query] as const,
  employee: (companyId: string, listId: string, email: string) =>
    ['employees', companyId, 'list', listId, 'user', email] as const,
  /** Apart from `all`, so that a confirmed import does not ask for its preview again. */
  importPreview: (
    companyId: string,
    input: { fileVersion: number | null; listId?: string; listName?: string; removeObsolete: boolean },
  ) => ['employee-import-preview', companyId, input] as const,
};

/** Reloads the company, whose users_total and canAddUsers (the seats in use) the shell and forms read. */
export async function refreshCompanySeats(companyId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.myCompanies }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.company(companyId) }),
  ]);
}

/** After a change to lists or employees: reloads what shows them, and the seats in use. */
export async function refreshEmployees(companyId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: employeeKeys.all(companyId) }),
    refreshCompanySeats(companyId),
  ]);
}
