import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../../lib/api-client.ts';
import { PATHS, signInPath } from '../../lib/paths.ts';
import { endSession, useCurrentUser } from '../../lib/session/index.ts';

/**
 * A 401 on any signed-in call, or a user load that failed for good, ends the session and brings the
 * manager to sign-in with a way back to where they were (spec 1 §4, §7); a lost impersonation brings
 * the super-admin back home in their own account instead.
 */
export function useSessionLossRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const userFailed = useCurrentUser().isError;

  useEffect(() => {
    const here = location.pathname + location.search;
    const leave = () => {
      if (endSession()) void navigate(PATHS.home, { replace: true });
      else if (location.pathname !== '/auth/signin/') void navigate(signInPath(here), { replace: true });
    };
    setUnauthorizedHandler(leave);
    if (userFailed) leave();
  }, [navigate, location.pathname, location.search, userFailed]);
}
