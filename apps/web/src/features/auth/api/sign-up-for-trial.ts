import { useMutation } from '@tanstack/react-query';
import { TrialSignupResponse, type TrialSignupRequest } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** Registers a free trial; 'email' means the person exists and was mailed a sign-in link instead. */
export function signUpForTrial(body: TrialSignupRequest) {
  return apiFetch('/trial', TrialSignupResponse, { method: 'POST', body, auth: false });
}

export function useSignUpForTrial() {
  return useMutation({ mutationFn: signUpForTrial });
}
