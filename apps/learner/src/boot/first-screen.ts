/**
 * The page's first script, inlined at the top of index.html's head (vite.config.ts): it runs as soon as
 * the document starts to be parsed, before the app's scripts are even asked for. It takes the link's token as the app would, starts the
 * calls the app's first page needs (the employee's home, and the subject when the address names one), so
 * they travel beside the scripts instead of after them, and paints a subject's head (the company's bar,
 * the subject's title and description) as soon as both have answered. The app then takes those calls
 * (early-requests.ts) and its first render replaces the painted head with the same page.
 */
import type { LearnerHome, LearnerSubject } from '@vigil/shared';
import { themeStyle } from '../lib/contrast.ts';
import { HOME, parseRoute, routeHref } from '../lib/hash-route.ts';
import { adoptLinkToken, tokenStore } from '../lib/token-store.ts';
import { learnerPaths, openEarlyRequests, type EarlyRequests } from './early-requests.ts';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}

/** A line that keeps the height of the app's translated text (the back link, the lesson's label). */
function placeholder<K extends keyof HTMLElementTagNameMap>(tag: K, className: string) {
  const node = element(tag, className, '\u00a0');
  node.style.visibility = 'hidden';
  return node;
}

/** The subject page's head as `SignedIn`, `AppHeader` and `SubjectView` render it, in their classes. */
function subjectHead(home: LearnerHome, subject: LearnerSubject): HTMLElement {
  const brand = element('a', 'brand');
  brand.href = routeHref(HOME);
  if (home.brand.logoUrl) {
    const logo = element('img', 'brand-logo');
    logo.src = home.brand.logoUrl;
    logo.alt = home.brand.companyName;
    brand.append(logo);
  } else {
    brand.append(element('span', 'brand-name', home.brand.companyName));
  }
  const title = element('h1', 'page-title', subject.title);
  title.lang = subject.language;
  const head = element('header', 'subject-head', placeholder('p', 'eyebrow'), title);
  if (subject.description) {
    const lead = element('p', 'lead', subject.description);
    lead.lang = subject.language;
    head.append(lead);
  }
  const app = element(
    'div',
    'app',
    element(
      'header',
      'topbar',
      element('div', 'topbar-inner', brand, element('span', 'topbar-user', home.employee.name)),
    ),
    element(
      'main',
      '',
      element(
        'div',
        'page page-narrow',
        element('nav', 'back-nav', placeholder('span', 'back-link')),
        element('article', 'subject', head),
      ),
    ),
  );
  for (const [name, value] of Object.entries(themeStyle(home.brand))) app.style.setProperty(name, value);
  return app;
}

async function readJson<T>(early: EarlyRequests, path: string, response: Promise<Response>): Promise<T> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  const data = (await answer.clone().json()) as T;
  // Kept only while the app has not taken the call itself.
  if (early.pending[path]) early.loaded[path] = data;
  return data;
}

/**
 * How long the app waits for the early calls before it starts anyway (and shows its own loading state
 * or the error): they are the data of its first page, so it would otherwise only wait for them itself.
 */
const APP_START_WAIT_MS = 3000;

let appLoading = false;

/**
 * Asks for the app's scripts (index.html keeps their tags in a template) and runs its entry, once the
 * document is parsed. On a subject's page this waits until its head is painted, so the first paint never
 * waits for them.
 */
function startApp(): void {
  if (appLoading) return;
  appLoading = true;
  const load = () => {
    const scripts = document.getElementById('app-scripts');
    if (!(scripts instanceof HTMLTemplateElement)) throw new Error('index.html holds no app scripts');
    document.head.append(scripts.content.cloneNode(true));
    const entry = document.head.querySelector<HTMLLinkElement>('link[data-app-entry]');
    if (!entry) throw new Error('index.html names no app entry');
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry.href;
    document.head.append(script);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', load, { once: true });
  else load();
}

/** Starts the app once what was painted is on screen: after the next frame (or a moment, without frames). */
function startAppAfterPaint(): void {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startApp)));
  setTimeout(startApp, 100);
}

/** Starts the first page's calls; tells whether the app should wait for a painted subject head. */
function startCalls(): boolean {
  adoptLinkToken();
  const token = tokenStore.get();
  if (!token) return false;
  const early = openEarlyRequests();
  const ask = <T>(path: string) => {
    const response = fetch(`/api/learner${path}`, { headers: { Authorization: `Bearer ${token}` } });
    // A failed call is the app's to report when it takes it.
    response.catch(() => undefined);
    early.pending[path] = response;
    return readJson<T>(early, path, response);
  };
  const home = ask<LearnerHome>(learnerPaths.home);
  home.catch(() => undefined);
  const route = parseRoute(window.location.hash);
  if (route.name !== 'subject') return false;
  const subject = ask<LearnerSubject>(learnerPaths.subject(route.trainingId, route.subjectId));
  Promise.all([home, subject]).then(([homeData, subjectData]) => {
    // The body may still be on its way: this script runs at the top of the head.
    const paint = () => {
      const root = document.getElementById('root');
      if (appLoading || root?.firstChild) return startApp();
      if (!root) return void requestAnimationFrame(paint);
      root.append(subjectHead(homeData, subjectData));
      startAppAfterPaint();
    };
    paint();
  }, startApp);
  setTimeout(startApp, APP_START_WAIT_MS);
  return true;
}

try {
  if (!startCalls()) startApp();
} catch (error) {
  startApp();
  throw error;
}
