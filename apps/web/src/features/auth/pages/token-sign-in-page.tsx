import { safeRedirect } from '@vigil/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FullScreenLoader } from '../../../components/full-screen-loader.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { startImpersonation, startSession } from '../../../lib/session/index.ts';
import { exchangeSignInToken, type SignInTokenKind } from '../api/exchange-sign-in-token.ts';

/**
 * /auth/email/signin/{token} and /auth/jwt/signin/{token}: exchanges the token for a session behind a
 * full-screen animation, then goes to the redirect value, or to /auth/error/email (spec 1 §2).
 */
export function TokenSignInPage({ kind }: { kind: SignInTokenKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    let active = true;
    exchangeSignInToken(kind, token).then(
      (session) => {
        if (!active) return;
        if (kind === 'jwt') startImpersonation(session.token, session.user);
        else startSession(session.token, session.user);
        void navigate(redirect, { replace: true });
      },
      () => {
        if (active) void navigate(PATHS.emailError, { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [kind, token, redirect, navigate]);

  return <FullScreenLoader label={t('auth.token.signingIn')} />;
}

export function EmailTokenSignInPage() {
  return <TokenSignInPage kind="email" />;
}

export function JwtTokenSignInPage() {
  return <TokenSignInPage kind="jwt" />;
}
