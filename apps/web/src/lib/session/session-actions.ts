import type { CurrentUser } from '@vigil/shared';
import { apiRequest } from '../api-client.ts';
import { queryClient } from '../query-client.ts';
import { SESSION_SCOPE, sessionKeys } from './session-keys.ts';
import { companyIdStore, tokenStore } from './session-store.ts';

/** Stores a new session token; the user and companies load for it (spec 1 §4). */
export function startSession(token: string, user?: CurrentUser): void {
  queryClient.clear();
  tokenStore.set(token);
  if (user) queryClient.setQueryData(sessionKeys.user, user);
}

/** Forgets the session in this browser. */
export function endSession(): void {
  tokenStore.set(null);
  queryClient.clear();
}

/** Ends the session on the server too; the local sign-out happens whatever the server answers. */
export async function signOut(): Promise<void> {
  if (tokenStore.get()) {
    await apiRequest('/auth/signout', { method: 'POST' }).catch(() => undefined);
  }
  endSession();
}

/** Makes another company current and reloads every company-scoped query. */
export function selectCompany(companyId: string): void {
  if (companyIdStore.get() === companyId) return;
  companyIdStore.set(companyId);
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_SCOPE });
}
