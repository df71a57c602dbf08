import { queryOptions, useQuery } from '@tanstack/react-query';
import { backoffDelay, CurrentUser, TIMINGS } from '@vigil/shared';
import { apiFetch } from '../api-client.ts';
import { isAuthError } from '../api-error.ts';
import { useStoredValue } from '../stored-value.ts';
import { sessionKeys } from './session-keys.ts';
import { tokenStore } from './session-store.ts';

export function useAuthToken(): string | null {
  return useStoredValue(tokenStore);
}

/** The signed-in manager: retried 10 times with back-off, except on authentication errors (spec 1 §4). */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.user,
    queryFn: ({ signal }) => apiFetch('/auth/user', CurrentUser, { signal }),
    staleTime: 5 * 60_000,
    retry: (failureCount, error) => failureCount < TIMINGS.userLoadRetries && !isAuthError(error),
    retryDelay: (failureCount) => backoffDelay(TIMINGS.userLoadBaseMs, failureCount),
  });

export function useCurrentUser() {
  const token = useAuthToken();
  return useQuery({ ...currentUserQueryOptions(), enabled: token !== null });
}
