import { useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { AppHeader } from './components/app-header.tsx';
import { ErrorState, Skeleton } from './components/status-views.tsx';
import { I18nContext, pickLanguage, translator, type I18n, type Language } from './i18n/i18n.ts';
import { fetchHome, setUnauthorizedHandler } from './lib/api.ts';
import { brandTheme } from './lib/contrast.ts';
import { adoptLinkToken, tokenStore } from './lib/token-store.ts';
import { useLoad } from './lib/use-load.ts';
import { useRoute } from './lib/use-route.ts';
import { HomePage } from './pages/home-page.tsx';
import { NoticePage } from './pages/notice-page.tsx';
import { SubjectPage } from './pages/subject-page.tsx';

const browserLanguages = () => navigator.languages;

function useI18nValue(language: Language): I18n {
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return useMemo(() => ({ language, t: translator(language) }), [language]);
}

/** The employees' app: signed in by the link's token, or a page saying how to get signed in. */
export function LearnerApp() {
  const [token, setToken] = useState(() => tokenStore.get());
  const [linkInvalid, setLinkInvalid] = useState(false);
  useEffect(() => setUnauthorizedHandler(() => setLinkInvalid(true)), []);

  // A training link opened in a tab that shows the app already changes only the fragment.
  useEffect(() => {
    const onHashChange = () => {
      if (!adoptLinkToken()) return;
      setToken(tokenStore.get());
      setLinkInvalid(false);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  if (!token || linkInvalid) {
    return <SignedOut reason={linkInvalid ? 'linkInvalid' : 'noToken'} />;
  }
  return <SignedIn key={token} />;
}

function SignedOut({ reason }: { reason: 'noToken' | 'linkInvalid' }) {
  const i18n = useI18nValue(pickLanguage(browserLanguages()));
  return (
    <I18nContext value={i18n}>
      <NoticePage reason={reason} />
    </I18nContext>
  );
}

function SignedIn() {
  const route = useRoute();
  const home = useLoad('home', fetchHome);
  const company = home.data?.company;
  const i18n = useI18nValue(pickLanguage([company?.language, ...browserLanguages()]));
  const theme = useMemo(() => (company ? themeStyle(company.color) : undefined), [company]);
  const mainRef = useRef<HTMLElement>(null);
  const routeKey = route.name === 'subject' ? `${route.trainingId}/${route.subjectId}` : 'home';
  const shownRoute = useRef(routeKey);

  // A new page: start at its top and let a screen reader begin reading there.
  useEffect(() => {
    if (routeKey === shownRoute.current) return;
    shownRoute.current = routeKey;
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [routeKey]);

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
        {home.data && <AppHeader company={home.data.company} employee={home.data.employee} />}
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
              key={routeKey}
              trainingId={route.trainingId}
              subjectId={route.subjectId}
              learnerName={home.data.employee.name}
              onLeave={home.reload}
            />
          ) : (
            <HomePage home={home.data} />
          )}
        </main>
      </div>
    </I18nContext>
  );
}

function themeStyle(color: string): CSSProperties {
  const theme = brandTheme(color);
  return {
    '--accent': theme.accent,
    '--on-accent': theme.onAccent,
    '--accent-strong': theme.accentStrong,
  } as CSSProperties;
}
