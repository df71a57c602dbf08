import { useMutation } from '@tanstack/react-query';
import { ManagerSigninResponse, type ManagerSigninRequest } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** Mails a sign-in link (or answers a single sign-on address to go to instead). */
export function requestSignInLink(body: ManagerSigninRequest) {
  return apiFetch('/auth/email/manager_signin', ManagerSigninResponse, { method: 'POST', body, auth: false });
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}
