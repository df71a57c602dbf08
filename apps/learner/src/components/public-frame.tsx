import type { Brand } from '@vigil/shared';
import { useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { I18nContext, pickLanguage, translator } from '../i18n/i18n.ts';
import { themeStyle } from '../lib/contrast.ts';
import { AppHeader } from './app-header.tsx';

interface PublicFrameProps {
  /** The company's brand, once known; Vigil's until then. */
  brand?: Brand | undefined;
  /** The language of the content, once known; the browser's until then. */
  language?: string | undefined;
  /** The link of the page itself (there is no home page without a sign-in). */
  selfHref: string;
  children: ReactNode;
}

/** The frame of a page anyone may open: the company's header and colours, in the reader's language. */
export function PublicFrame({ brand, language: contentLanguage, selfHref, children }: PublicFrameProps) {
  const language = pickLanguage([contentLanguage, ...navigator.languages]);
  const i18n = useMemo(() => ({ language, t: translator(language) }), [language]);
  const theme = useMemo(() => (brand ? themeStyle(brand) : undefined), [brand]);
  const mainRef = useRef<HTMLElement>(null);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
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
        {brand && <AppHeader brand={brand} homeHref={selfHref} />}
        <main id="main" ref={mainRef} tabIndex={-1}>
          {children}
        </main>
      </div>
    </I18nContext>
  );
}
