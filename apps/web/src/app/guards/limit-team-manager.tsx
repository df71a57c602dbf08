import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { useIsTeamManager } from '../../lib/session/index.ts';

/**
 * A team manager works with employees and lists only (spec 1 §6): every other page of the shell
 * (the dashboard included) takes them to the employees instead.
 */
export function LimitTeamManager({ children }: { children?: ReactNode }) {
  if (useIsTeamManager()) return <Navigate to={PATHS.users} replace />;
  return children ?? <Outlet />;
}
