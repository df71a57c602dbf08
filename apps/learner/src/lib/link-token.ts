import { LEARNER_LINK_PARAM } from '@vigil/shared';

/**
 * The sign-in token of a training mail's link (`…/learn/#t={token}`), or null when the fragment is an
 * app route (`#/…`) or carries no token.
 */
export function readLinkToken(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment || fragment.startsWith('/')) return null;
  const token = new URLSearchParams(fragment).get(LEARNER_LINK_PARAM)?.trim();
  return token || null;
}
