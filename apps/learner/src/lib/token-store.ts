import { readLinkTarget, readLinkToken } from './link-token.ts';

const TOKEN_KEY = 'vigil.learner.token';

/**
 * Kept in memory as well, for browsers that refuse storage (some private modes, a sandboxed frame in a
 * learning platform): on the page's global object, so that the page's first script (bundled apart, see
 * boot/first-screen.ts) and the app share it.
 */
const memory = globalThis as { vigilLearnerToken?: string | null };

export const tokenStore = {
  get(): string | null {
    try {
      return localStorage.getItem(TOKEN_KEY) ?? memory.vigilLearnerToken ?? null;
    } catch {
      return memory.vigilLearnerToken ?? null;
    }
  },
  set(token: string): void {
    memory.vigilLearnerToken = token;
    try {
      localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // Storage refused: the token lives as long as the page.
    }
  },
  clear(): void {
    memory.vigilLearnerToken = null;
    try {
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      // Nothing stored.
    }
  },
};

/**
 * Takes the token of a mail's link into storage and removes it from the address bar, so that it is not
 * bookmarked, shared or kept in the history; the page the link names (`go`) takes its place. A new link
 * replaces an older token. Tells whether the address held one.
 */
export function adoptLinkToken(): boolean {
  const hash = window.location.hash;
  const token = readLinkToken(hash);
  if (!token) return false;
  tokenStore.set(token);
  const target = readLinkTarget(hash) ?? '';
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + window.location.search + target,
  );
  return true;
}
