import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { signInPath } from '../../lib/paths.ts';
import { useAuthToken, useCurrentCompany, useCurrentUser } from '../../lib/session/index.ts';

/** Protected pages: signed-out managers go to sign-in with a way back (spec 1 §2). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const token = useAuthToken();
  const location = useLocation();
  const user = useCurrentUser();
  const { isLoading: companyLoading } = useCurrentCompany();

  if (!token) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  if (!user.data || companyLoading) return <FullScreenLoader label={t('session.loading')} />;
  return children ?? <Outlet />;
}
