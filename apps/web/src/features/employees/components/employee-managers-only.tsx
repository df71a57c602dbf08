import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useMayManageEmployees } from '../../../lib/session/index.ts';

interface EmployeeManagersOnlyProps {
  /** The page beneath the modal, where a viewer who opened its address lands instead. */
  redirectTo: string;
  children: ReactNode;
}

/**
 * A modal route for admins and team managers (add, import, create or rename a list: spec 1 §6); a
 * plain viewer lands on the page beneath, and the server refuses the writes to viewers as well.
 */
export function EmployeeManagersOnly({ redirectTo, children }: EmployeeManagersOnlyProps) {
  return useMayManageEmployees() ? children : <Navigate to={redirectTo} replace />;
}
