import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FullScreenLoader } from '../../../components/full-screen-loader.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { companyIdStore, startSession } from '../../../lib/session/index.ts';
import { verifyTrial } from '../api/verify-trial.ts';

/**
 * /trial/verify/{token}: the link of the trial's confirmation mail. Opens the new trial company,
 * signed in as its admin, on the dashboard; a used or expired link goes to the link-error page.
 */
export function TrialVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();

  useEffect(() => {
    let active = true;
    verifyTrial(token).then(
      (session) => {
        if (!active) return;
        startSession(session.token, session.user);
        companyIdStore.set(session.companyId);
        void navigate(PATHS.home, { replace: true });
      },
      () => {
        if (active) void navigate(PATHS.emailError, { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [token, navigate]);

  return <FullScreenLoader label={t('auth.token.signingIn')} />;
}
