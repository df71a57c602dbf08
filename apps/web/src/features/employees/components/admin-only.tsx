import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useIsAdmin } from '../../../lib/session/index.ts';

interface AdminOnlyProps {
  /** The page beneath the modal, where a viewer who opened its address lands instead. */
  redirectTo: string;
  children: ReactNode;
}

/** An admin-only modal route (spec 3 §6); the server refuses the writes to viewers as well. */
export function AdminOnly({ redirectTo, children }: AdminOnlyProps) {
  return useIsAdmin() ? children : <Navigate to={redirectTo} replace />;
}
