import { hasRole, ROLES, type Company } from '@vigil/shared';
import { useCurrentCompany } from '../../lib/session/index.ts';

/** The current company; the training area renders its pages only once there is one. */
export function useCompany(): Company {
  const { company } = useCurrentCompany();
  if (!company) throw new Error('A training page was shown without a current company.');
  return company;
}

/** Spec 2 §6: admins create, change and remove programs; viewers only look. */
export function useIsAdmin(): boolean {
  return hasRole(useCompany().role, ROLES.admin);
}

/** SCORM/cmi5 packages exist only when the company setting ui.cmi5.enabled is on (spec 2 §1). */
export const isCmi5Enabled = (company: Pick<Company, 'settings'>): boolean =>
  company.settings['ui.cmi5.enabled'] === '1';
