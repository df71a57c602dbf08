import { hasRole, ROLES, type Company } from '@vigil/shared';
import { useCurrentCompany } from '../../lib/session/index.ts';

/** The current company; the employees layout renders its pages only once there is one. */
export function useCompany(): Company {
  const { company } = useCurrentCompany();
  if (!company) throw new Error('An employees page was shown without a current company.');
  return company;
}

/** Spec 3 §6: admins change lists and employees; viewers only look. */
export function useIsAdmin(): boolean {
  return hasRole(useCompany().role, ROLES.admin);
}
