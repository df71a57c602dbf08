import { useMutation } from '@tanstack/react-query';
import { Company, type CompanyUpdate } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionKeys } from '../../../lib/session/index.ts';

export function updateCompany(companyId: string, body: CompanyUpdate) {
  return apiFetch(`/companies/${encodeURIComponent(companyId)}`, Company, { method: 'PUT', body });
}

/** The saved company replaces the one the session holds, so the shell and every page follow it. */
export function replaceSessionCompany(saved: Company): void {
  queryClient.setQueryData<Company[]>(sessionKeys.myCompanies, (companies) =>
    companies?.map((company) => (company.company_id === saved.company_id ? saved : company)),
  );
  queryClient.setQueryData(sessionKeys.company(saved.company_id), saved);
}

/** PUT /companies/{id}: the answer is the saved company, which replaces it among the manager's companies. */
export function useUpdateCompany(companyId: string) {
  return useMutation({
    mutationFn: (body: CompanyUpdate) => updateCompany(companyId, body),
    onSuccess: replaceSessionCompany,
  });
}
