import { Outlet } from 'react-router';
import { useCurrentCompany } from '../../../lib/session/index.ts';

/** /users/*: the employees of the current company; without one the shell's notice says why nothing shows. */
export function EmployeesLayout() {
  const { company } = useCurrentCompany();
  return company ? <Outlet /> : null;
}
