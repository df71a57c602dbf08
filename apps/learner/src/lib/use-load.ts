import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR } from './api.ts';

export interface Loaded<T> {
  /** The data, kept while a reload runs so the page does not flash back to its skeleton. */
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

interface Outcome<T> {
  key: string;
  attempt: number;
  data?: T;
  error?: ApiError;
}

const asApiError = (error: unknown) =>
  error instanceof ApiError
    ? error
    : new ApiError(NETWORK_ERROR, error instanceof Error ? error.message : '');

/**
 * Loads data for a key, again when the key changes or `reload` is called; a stale answer is dropped.
 * `initial` may give the key's data at once (what the page's first script fetched): then the first load
 * is that data.
 */
export function useLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  initial?: () => T | undefined,
): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(() => {
    const data = initial?.();
    return data === undefined ? null : { key, attempt: 0, data };
  });
  const seeded = useRef(outcome);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (seeded.current?.key === key && seeded.current.attempt === attempt) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => setOutcome({ key, attempt, data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setOutcome((last) => ({
          key,
          attempt,
          data: last?.key === key ? last.data : undefined,
          error: asApiError(error),
        }));
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const sameKey = outcome?.key === key;
  const current = sameKey && outcome.attempt === attempt;
  return {
    data: sameKey ? outcome.data : undefined,
    error: current ? outcome.error : undefined,
    loading: !current,
    reload,
  };
}
