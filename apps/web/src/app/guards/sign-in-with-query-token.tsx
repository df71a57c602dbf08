import { CurrentUser } from '@vigil/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { startSession, useAuthToken } from '../../lib/session/index.ts';

/** Longer than any session token we issue; anything longer is not one. */
const MAX_TOKEN_LENGTH = 200;

/**
 * Spec 3 §2.3: the training reports are "also reachable with a token query value for sign-in". The
 * token is a session token, the one the report downloads carry in their `?token=`; a browser without a
 * session signs in with it once the server knows it, one already signed in keeps its own session.
 * Either way the token then leaves the address, so it stays out of the history and off the screen, and
 * a token that signs no one in ends at sign-in with the way back to the report.
 */
export function SignInWithQueryToken() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const signedIn = useAuthToken() !== null;
  const params = new URLSearchParams(search);
  const token = params.get('token');
  params.delete('token');
  const rest = params.toString();

  useEffect(() => {
    if (token === null) return;
    let active = true;
    const clean = () => void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    if (signedIn || token === '' || token.length > MAX_TOKEN_LENGTH) {
      clean();
      return;
    }
    apiFetch('/auth/user', CurrentUser, { token }).then(
      (user) => {
        if (!active) return;
        startSession(token, user);
        clean();
      },
      () => {
        if (active) clean();
      },
    );
    return () => {
      active = false;
    };
  }, [token, signedIn, pathname, rest, hash, navigate]);

  if (token !== null) return <FullScreenLoader label={t('auth.token.signingIn')} />;
  return <Outlet />;
}
