import { useEffect } from 'react';
import { companyIdStore, selectCompany, useMyCompanies } from '../../../lib/session/index.ts';

/**
 * A report address names its company; when it is one of the manager's other companies it becomes
 * the current one, so the way back to the program opens it in the right company.
 */
export function useReportCompany(companyId: string): void {
  const mine = useMyCompanies().data;
  const member = Boolean(mine?.some((company) => company.company_id === companyId));
  useEffect(() => {
    if (member && companyIdStore.get() !== companyId) selectCompany(companyId);
  }, [member, companyId]);
}
