import { useMutation } from '@tanstack/react-query';
import { EndImpersonationResponse } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { impersonatorTokenStore, signOut, startSession } from '../../../lib/session/index.ts';

/** Ends the impersonations started from the super-admin's session; only that session may. */
export function endImpersonation(impersonatorToken: string) {
  return apiFetch('/auth/impersonation/end', EndImpersonationResponse, {
    method: 'POST',
    token: impersonatorToken,
  });
}

/**
 * Back to the super-admin's own account, kept in this browser since the impersonation began. Where
 * it is not (the link was opened elsewhere), the impersonation is simply signed out.
 */
async function backToOwnAccount(): Promise<'own-account' | 'signed-out'> {
  const impersonatorToken = impersonatorTokenStore.get();
  if (!impersonatorToken) {
    await signOut();
    return 'signed-out';
  }
  const { user } = await endImpersonation(impersonatorToken);
  startSession(impersonatorToken, user);
  return 'own-account';
}

export function useEndImpersonation() {
  return useMutation({ mutationFn: backToOwnAccount });
}
