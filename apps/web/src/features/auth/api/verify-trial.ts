import { TrialConfig, TrialVerifyResponse } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** A confirmation link works once, so an exchange already under way is shared (effects run twice in development). */
const pending = new Map<string, Promise<TrialVerifyResponse>>();

/** POST /trial/verify/{token}: the trial company, its admin's session. */
export function verifyTrial(token: string): Promise<TrialVerifyResponse> {
  const existing = pending.get(token);
  if (existing) return existing;
  const request = apiFetch(`/trial/verify/${encodeURIComponent(token)}`, TrialVerifyResponse, {
    method: 'POST',
    auth: false,
  });
  pending.set(token, request);
  return request;
}

/** GET /trial/config: the reCAPTCHA site key, when the server checks captchas. */
export function useTrialConfig() {
  return useQuery({
    queryKey: ['trial-config'],
    queryFn: () => apiFetch('/trial/config', TrialConfig, { auth: false }),
    staleTime: Infinity,
  });
}
