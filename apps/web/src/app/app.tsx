import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { AppProviders } from './providers/app-providers.tsx';
import { router } from './router/router.ts';

/** The manager app: providers around the router; the first paint waits for the interface texts. */
export function App() {
  return (
    <AppProviders>
      {/* Shown while the interface texts themselves load, so it cannot be translated yet. */}
      <Suspense fallback={<FullScreenLoader label="Loading Vigil…" />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
}
