import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { withTrailingSlash } from '../../lib/paths.ts';
import { useRecordNavigation } from '../history/navigation-history.ts';
import { useQueryNotice } from '../notices/use-query-notice.ts';
import { useRealtimeConnection } from '../session/use-realtime-connection.ts';
import { useSessionLossRedirect } from '../session/use-session-loss-redirect.ts';
import { useUserLanguage } from '../session/use-user-language.ts';

/** The root of every route: path normalising, notices, history and the session's side effects. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  useRecordNavigation();
  useQueryNotice();
  useSessionLossRedirect();
  useRealtimeConnection();
  useUserLanguage();

  const normalised = withTrailingSlash(location.pathname);
  if (normalised !== location.pathname) {
    return (
      <Navigate
        to={{ pathname: normalised, search: location.search, hash: location.hash }}
        state={location.state}
        replace
      />
    );
  }
  return (
    <Suspense fallback={<FullScreenLoader label={t('session.loadingPage')} />}>
      <Outlet />
    </Suspense>
  );
}
