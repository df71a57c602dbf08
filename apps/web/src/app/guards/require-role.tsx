import { hasRole, ROLES, type RoleCode } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AccessDeniedPage } from '../../components/access-denied-page.tsx';
import { useCurrentCompany } from '../../lib/session/index.ts';

interface RequireRoleProps {
  /** Admin by default; a viewer requirement admits admins and viewers (spec 1 §6). */
  role?: RoleCode;
  children?: ReactNode;
}

/** A role-gated section: without the role it shows the Access denied page. */
export function RequireRole({ role = ROLES.admin, children }: RequireRoleProps) {
  const { role: current } = useCurrentCompany();
  if (!hasRole(current, role)) return <AccessDeniedPage />;
  return children ?? <Outlet />;
}
