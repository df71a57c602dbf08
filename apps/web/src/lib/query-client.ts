import { QueryClient } from '@tanstack/react-query';
import { backoffDelay, TIMINGS } from '@vigil/shared';
import { isClientError } from './api-error.ts';

const STORE_LOAD_RETRIES = 3;

/** Store loads retry server and network failures with the spec's back-off (1000 ms base). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: (failureCount, error) => failureCount < STORE_LOAD_RETRIES && !isClientError(error),
      retryDelay: (failureCount) => backoffDelay(TIMINGS.storeRetryBaseMs, failureCount),
    },
    mutations: { retry: false },
  },
});
