import type { CurrentUser } from '@vigil/shared';
import { apiRequest } from '../api-client.ts';
import { queryClient } from '../query-client.ts';
import { SESSION_SCOPE, sessionKeys } from './session-keys.ts';
import { companyIdStore, impersonatorTokenStore, tokenStore } from './session-store.ts';

/**
 * Stores a new session token; the user and companies load for it (spec 1 §4). An impersonation
 * keeps the super-admin's own token beside it.
 */
export function startSession(
  token: string,
  user?: CurrentUser,
  impersonatorToken: string | null = null,
): void {
  queryClient.clear();
  impersonatorTokenStore.set(impersonatorToken);
  tokenStore.set(token);
  if (user) queryClient.setQueryData(sessionKeys.user, user);
}

/** Starts an impersonation session, keeping the super-admin's own session to come back to. */
export function startImpersonation(token: string, user: CurrentUser): void {
  startSession(token, user, impersonatorTokenStore.get() ?? tokenStore.get());
}

/**
 * Forgets the session in this browser. A lost impersonation (it lapsed, or was ended elsewhere)
 * goes back to the super-admin's own session, which the next call checks in turn: true then.
 */
export function endSession(): boolean {
  const impersonator = impersonatorTokenStore.get();
  impersonatorTokenStore.set(null);
  tokenStore.set(impersonator);
  queryClient.clear();
  return impersonator !== null;
}

/**
 * Ends the session on the server too, with the super-admin's own session when impersonating; the
 * local sign-out happens whatever the server answers.
 */
export async function signOut(): Promise<void> {
  for (const token of [tokenStore.get(), impersonatorTokenStore.get()]) {
    if (token) await apiRequest('/auth/signout', { method: 'POST', token }).catch(() => undefined);
  }
  impersonatorTokenStore.set(null);
  tokenStore.set(null);
  queryClient.clear();
}

/** Makes another company current and reloads every company-scoped query. */
export function selectCompany(companyId: string): void {
  if (companyIdStore.get() === companyId) return;
  companyIdStore.set(companyId);
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_SCOPE });
}
