import { useMemo, useSyncExternalStore } from 'react';
import { parseRoute, type Route } from './hash-route.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const currentHash = () => window.location.hash;

/** The page the address bar shows; links (`href="#/…"`) and the back button change it. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, currentHash);
  return useMemo(() => parseRoute(hash), [hash]);
}
