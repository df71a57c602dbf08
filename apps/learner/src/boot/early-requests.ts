/**
 * The learner API calls the page's first script (`first-screen.ts`, inlined into index.html) starts while
 * the app's scripts are still downloading, and what they answered. The app takes each one once instead
 * of asking again: a call by its path under /api/learner, or its data when it had already arrived, so
 * the app's first render shows the page the first script painted instead of a skeleton.
 */
export interface EarlyRequests {
  /** Calls still on their way or answered but not yet read by the app, by path (`/me`). */
  pending: Record<string, Promise<Response>>;
  /** The JSON of calls that answered 2xx, by path. */
  loaded: Record<string, unknown>;
}

declare global {
  interface Window {
    vigilEarlyRequests?: EarlyRequests;
  }
}

export function openEarlyRequests(): EarlyRequests {
  const early: EarlyRequests = { pending: {}, loaded: {} };
  window.vigilEarlyRequests = early;
  return early;
}

/** The first script's calls, where there is a page (none where the app's modules run without one, as in tests). */
const earlyRequests = () => (typeof window === 'undefined' ? undefined : window.vigilEarlyRequests);

/** The early call of a path, handed out once (the app then reads its answer as it would its own call). */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = earlyRequests();
  const response = early?.pending[path];
  if (!early || !response) return undefined;
  delete early.pending[path];
  delete early.loaded[path];
  return response;
}

/** The data of a path's early call if it has already arrived, handed out once; else undefined. */
export function takeEarlyData<T>(path: string): T | undefined {
  const early = earlyRequests();
  if (!early || !Object.hasOwn(early.loaded, path)) return undefined;
  const data = early.loaded[path] as T;
  delete early.loaded[path];
  delete early.pending[path];
  return data;
}

/** The API paths the app and the first script share (relative to /api/learner). */
export const learnerPaths = {
  home: '/me',
  subject: (trainingId: string, subjectId: string) =>
    `/trainings/${encodeURIComponent(trainingId)}/subjects/${encodeURIComponent(subjectId)}`,
};
