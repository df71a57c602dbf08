import { safeRedirect } from '@vigil/shared';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useAuthToken } from '../../lib/session/index.ts';

/** Public sign-in and sign-up pages send a signed-in manager on to the redirect target (spec 1 §2). */
export function RedirectIfSignedIn() {
  const token = useAuthToken();
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return <Outlet />;
}
