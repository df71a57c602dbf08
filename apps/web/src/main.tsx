import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
// The start-up stages come first, in this order (see app/boot/next-task.ts): each ends by waiting for a
// new task, so the app's modules are evaluated in a few tasks and the session's requests start early.
import './app/boot/libraries-stage.ts';
import { sessionReady } from './app/boot/session-stage.ts';
import { textsReady } from './app/boot/texts-stage.ts';
import './app/boot/providers-stage.ts';
import './app/boot/routes-stage.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/**
 * Applies the stylesheets the built index.html only preloads (vite.config.ts, nonBlockingStyles) and
 * resolves once they are in, so the app never renders unstyled; in development Vite injects the styles
 * itself and there is nothing to wait for.
 */
function applyPreloadedStyles(): Promise<unknown> {
  const preloaded = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    [...preloaded].map(
      (preload) =>
        new Promise((resolve) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          // The same href attribute as the preload: a route's lazy import finds its stylesheet in place.
          sheet.setAttribute('href', preload.getAttribute('href') ?? preload.href);
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.onload = sheet.onerror = resolve;
          preload.after(sheet);
        }),
    ),
  );
}

// The first render waits for the interface texts (the English file is preloaded beside the scripts), the
// styles and, on the dashboard, the session, so that it renders the shell and the page once: each of
// them arriving during a render would make React render the whole tree again, blocking, at once.
void Promise.all([textsReady, applyPreloadedStyles(), sessionReady]).then(() =>
  // A transition lets React yield to the browser while it renders the first screen, instead of
  // holding the main thread for the whole render (the mobile preset's total blocking time).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
