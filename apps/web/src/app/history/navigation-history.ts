import { LIMITS } from '@vigil/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { withTrailingSlash } from '../../lib/paths.ts';

/** The last 10 paths the manager visited in this tab, oldest first (spec 1 §4). */
let entries: readonly string[] = [];
const listeners = new Set<() => void>();

function record(path: string): void {
  if (entries.at(-1) === path) return;
  entries = [...entries, path].slice(-LIMITS.navigationHistory);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the history up to date; mounted once at the root of the router. */
export function useRecordNavigation(): void {
  const { pathname, search } = useLocation();
  useEffect(() => record(withTrailingSlash(pathname) + search), [pathname, search]);
}

/** The path visited before the current one, if any. */
export function usePreviousPath(): string | undefined {
  return useSyncExternalStore(subscribe, () => entries).at(-2);
}
