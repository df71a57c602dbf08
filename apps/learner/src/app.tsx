import { lazy, Suspense, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { AppFooter, useBrandFavicon } from './components/app-footer.tsx';
import { AppHeader } from './components/app-header.tsx';
import { learnerPaths, takeEarlyData } from './boot/early-requests.ts';
import { ErrorState, Skeleton } from './components/status-views.tsx';
import { I18nContext, pickLanguage, translator, type I18n, type Language } from './i18n/i18n.ts';
import { fetchHome, setUnauthorizedHandler } from './lib/api.ts';
import { themeStyle } from './lib/contrast.ts';
import { isPublicRoute, routeKey, type PublicRoute, type Route } from './lib/hash-route.ts';
import { adoptLinkToken, tokenStore } from './lib/token-store.ts';
import { useLoad } from './lib/use-load.ts';
import { useRoute } from './lib/use-route.ts';
import { HomePage } from './pages/home-page.tsx';
import { NoticePage } from './pages/notice-page.tsx';
import { SubjectPage } from './pages/subject-page.tsx';

// Assessments and the public pages load on demand, to keep the first load of the home page light.
const AssessmentPage = lazy(() =>
  import('./pages/assessment-page.tsx').then((m) => ({ default: m.AssessmentPage })),
);
const AccessPage = lazy(() => import('./pages/access-page.tsx').then((m) => ({ default: m.AccessPage })));
const DemoAssessmentPage = lazy(() =>
  import('./pages/demo-assessment-page.tsx').then((m) => ({ default: m.DemoAssessmentPage })),
);
const DemoTrainingPage = lazy(() =>
  import('./pages/demo-training-page.tsx').then((m) => ({ default: m.DemoTrainingPage })),
);

const browserLanguages = () => navigator.languages;

function useI18nValue(language: Language): I18n {
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return useMemo(() => ({ language, t: translator(language) }), [language]);
}

/**
 * The employees' app: signed in by the link's token, or a page saying how to get signed in. The
 * shared access link and the demos need no sign-in.
 */
export function LearnerApp() {
  const route = useRoute();
  const [token, setToken] = useState(() => tokenStore.get());
  const [linkInvalid, setLinkInvalid] = useState(false);
  useEffect(() => setUnauthorizedHandler(() => setLinkInvalid(true)), []);

  // A mail's link opened in a tab that shows the app already changes only the fragment.
  useEffect(() => {
    const onHashChange = () => {
      if (!adoptLinkToken()) return;
      setToken(tokenStore.get());
      setLinkInvalid(false);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  if (isPublicRoute(route)) return <PublicPage route={route} />;
  if (!token || linkInvalid) {
    return <SignedOut reason={linkInvalid ? 'linkInvalid' : 'noToken'} />;
  }
  return <SignedIn key={token} route={route} />;
}

function SignedOut({ reason }: { reason: 'noToken' | 'linkInvalid' }) {
  const i18n = useI18nValue(pickLanguage(browserLanguages()));
  return (
    <I18nContext value={i18n}>
      <NoticePage reason={reason} />
    </I18nContext>
  );
}

function PublicPage({ route }: { route: PublicRoute }) {
  const i18n = useI18nValue(pickLanguage(browserLanguages()));
  const loading = (
    <div className="page">
      <Skeleton lines={4} />
    </div>
  );
  return (
    <I18nContext value={i18n}>
      <Suspense fallback={loading}>
        {route.name === 'access' ? (
          <main id="main">
            <AccessPage assessmentId={route.assessmentId} companyId={route.companyId} sso={route.sso} />
          </main>
        ) : route.name === 'demoAssessment' ? (
          <DemoAssessmentPage companyUid={route.companyUid} />
        ) : (
          <DemoTrainingPage companyUid={route.companyUid} />
        )}
      </Suspense>
    </I18nContext>
  );
}

function SignedIn({ route }: { route: Route }) {
  const home = useLoad('home', fetchHome, () => takeEarlyData(learnerPaths.home));
  const brand = home.data?.brand;
  const i18n = useI18nValue(pickLanguage([home.data?.language, ...browserLanguages()]));
  const theme = useMemo(() => (brand ? themeStyle(brand) : undefined), [brand]);
  useBrandFavicon(brand?.faviconUrl);
  const mainRef = useRef<HTMLElement>(null);
  const key = routeKey(route);
  const shownRoute = useRef(key);

  // A new page: start at its top and let a screen reader begin reading there.
  useEffect(() => {
    if (key === shownRoute.current) return;
    shownRoute.current = key;
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [key]);

  const skipToMain = (event: MouseEvent) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <I18nContext value={i18n}>
      <div className="app" style={theme}>
        <a className="skip-link" href="#main" onClick={skipToMain}>
          {i18n.t('skipToContent')}
        </a>
        {home.data && <AppHeader brand={home.data.brand} employee={home.data.employee} />}
        <main id="main" ref={mainRef} tabIndex={-1}>
          {!home.data ? (
            <div className="page">
              <h1 className="visually-hidden">{i18n.t('appTitle')}</h1>
              {home.error ? (
                <ErrorState error={home.error} onRetry={home.reload} />
              ) : (
                <Skeleton media lines={5} />
              )}
            </div>
          ) : route.name === 'subject' ? (
            <SubjectPage
              key={key}
              trainingId={route.trainingId}
              subjectId={route.subjectId}
              learnerName={home.data.employee.name}
              onLeave={home.reload}
            />
          ) : route.name === 'assessment' ? (
            <Suspense
              fallback={
                <div className="page page-narrow">
                  <Skeleton lines={5} />
                </div>
              }
            >
              <AssessmentPage key={key} assessmentId={route.assessmentId} onLeave={home.reload} />
            </Suspense>
          ) : (
            <HomePage home={home.data} />
          )}
        </main>
        {home.data && <AppFooter brand={home.data.brand} />}
      </div>
    </I18nContext>
  );
}
