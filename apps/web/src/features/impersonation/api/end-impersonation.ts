import { useMutation } from '@tanstack/react-query';
import { EndImpersonationResponse } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session/index.ts';

export function endImpersonation() {
  return apiFetch('/auth/impersonation/end', EndImpersonationResponse, { method: 'POST' });
}

/** Back to the super-admin's own account: the answer carries their new session. */
export function useEndImpersonation() {
  return useMutation({
    mutationFn: endImpersonation,
    onSuccess: ({ token, user }) => startSession(token, user),
  });
}
