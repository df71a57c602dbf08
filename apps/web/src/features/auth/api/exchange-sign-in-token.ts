import { TokenExchangeResponse } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export type SignInTokenKind = 'email' | 'jwt';

/**
 * Sign-in tokens work once, so an exchange already under way is shared rather than repeated
 * (React runs effects twice in development).
 */
const pending = new Map<string, ReturnType<typeof exchange>>();

function exchange(kind: SignInTokenKind, token: string) {
  return apiFetch(`/auth/${kind}/signin/${encodeURIComponent(token)}`, TokenExchangeResponse, {
    method: 'POST',
    auth: false,
  });
}

export function exchangeSignInToken(kind: SignInTokenKind, token: string) {
  const key = `${kind}:${token}`;
  const existing = pending.get(key);
  if (existing) return existing;
  const request = exchange(kind, token);
  pending.set(key, request);
  return request;
}
