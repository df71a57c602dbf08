import { LEARNER_LINK_PARAM } from '@vigil/shared';
import { HOME, isPublicRoute, parseRoute, routeHref } from './hash-route.ts';

/** The parameter of a mail link naming the page to open once signed in (`&go=assessments/{id}`). */
export const LINK_TARGET_PARAM = 'go';

function linkParams(hash: string): URLSearchParams | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment || fragment.startsWith('/')) return null;
  return new URLSearchParams(fragment);
}

/**
 * The sign-in token of a mail's link (`…/learn/#t={token}`), or null when the fragment is an app route
 * (`#/…`) or carries no token.
 */
export function readLinkToken(hash: string): string | null {
  const token = linkParams(hash)?.get(LEARNER_LINK_PARAM)?.trim();
  return token || null;
}

/**
 * The app route a mail's link asks for (`#t=…&go=assessments/{id}` → `#/assessments/{id}`), or null.
 * Only a page of the employee's own is followed; anything else (unknown, public, malformed) is ignored.
 */
export function readLinkTarget(hash: string): string | null {
  const go = linkParams(hash)?.get(LINK_TARGET_PARAM)?.trim();
  if (!go) return null;
  const route = parseRoute(`#/${go.replace(/^[#/]+/, '')}`);
  return route === HOME || isPublicRoute(route) ? null : routeHref(route);
}
