import { hasRole, mayManageBilling, ROLES, type RoleCode } from '@vigil/shared';
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

/** The subscription pages and the upgrade wizard: admins and the company's billing manager. */
export function RequireBillingAccess({ children }: { children?: ReactNode }) {
  const { company, role } = useCurrentCompany();
  if (!mayManageBilling({ role, permissions: company?.permissions ?? [] })) return <AccessDeniedPage />;
  return children ?? <Outlet />;
}
