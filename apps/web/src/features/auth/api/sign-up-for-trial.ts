import { useMutation } from '@tanstack/react-query';
import { TrialSignupResponse, type TrialSignupRequest } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Registers a free trial; 'email' means the person exists and was mailed a sign-in link instead. The
 * browser's time zone becomes the new company's, in which its mails write dates and times.
 */
export function signUpForTrial(body: Omit<TrialSignupRequest, 'timeZone'>) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return apiFetch('/trial', TrialSignupResponse, {
    method: 'POST',
    body: { ...body, timeZone },
    auth: false,
  });
}

export function useSignUpForTrial() {
  return useMutation({ mutationFn: signUpForTrial });
}
