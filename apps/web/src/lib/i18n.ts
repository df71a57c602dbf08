import { backoffDelay, DEFAULT_LANGUAGE, LOCALE_NAMESPACES, TIMINGS } from '@vigil/shared';
import i18n from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { languageStore } from './session/session-store.ts';

const NAMESPACE = LOCALE_NAMESPACES[0];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Locale files are retried on 5xx and network failures: 10 times, from 1500 ms (spec 1 §9). */
async function fetchLocale(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(url, init).catch(() => undefined);
    if (response && response.status < 500) return response;
    if (attempt >= TIMINGS.localeRetries) {
      if (response) return response;
      throw new Error(`failed loading ${url}`);
    }
    await sleep(backoffDelay(TIMINGS.localeBaseMs, attempt));
  }
}

export function initI18n(): Promise<unknown> {
  const language = languageStore.get() ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = language;
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      // fetchLocale does the retrying; i18next's own retries would multiply it.
      maxRetries: 0,
      interpolation: { escapeValue: false },
      backend: { loadPath: '/static/locales/{{lng}}/{{ns}}.json', alternateFetch: fetchLocale },
    });
}

/** Switches the interface language and remembers the choice under 'language'. */
export async function changeLanguage(code: string): Promise<void> {
  languageStore.set(code);
  document.documentElement.lang = code;
  await i18n.changeLanguage(code);
}
