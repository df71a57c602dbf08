import { hasRole, ROLES, type Company } from '@vigil/shared';
import { useCurrentCompany } from '../../lib/session/index.ts';

/** The current company; the catalogue's routes render only once there is one. */
export function useCompany(): Company {
  const { company } = useCurrentCompany();
  if (!company) throw new Error('A catalogue page was shown without a current company.');
  return company;
}

/** Admins write notes; viewers read (spec 3 §6). */
export function useIsAdmin(): boolean {
  return hasRole(useCompany().role, ROLES.admin);
}
