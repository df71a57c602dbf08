import { useDeferredValue, type ReactNode } from 'react';
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
  const ready = Boolean(user.data) && !companyLoading;
  // Once the session is in, the shell and the page (most of a first load's rendering) render in the
  // background, in slices that let the browser respond in between, rather than in one long task.
  const shown = useDeferredValue(ready);

  if (!token) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  if (!ready || !shown) return <FullScreenLoader label={t('session.loading')} />;
  return children ?? <Outlet />;
}
