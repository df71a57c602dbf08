import { STORAGE_KEYS } from '@vigil/shared';

/**
 * The dashboard's first screen as the manager last saw it, which the built index.html paints from plain
 * HTML before any of the app's scripts have loaded (app/boot/paint-first-screen.ts; vite.config.ts puts it in the
 * page): the shell's header and the page's title and welcome line. The app's first render replaces it.
 * Kept for the session it was seen in (the end of its token) and the company it was seen in.
 */
export interface FirstScreen {
  /** The last characters of the session token it belongs to. */
  session: string;
  companyId: string;
  shell: {
    initials: string;
    name: string;
    company: string;
    logo: string | null;
    tabs: string[];
    /** The theme's CSS variables the header uses (brand colours, dimmed text, links). */
    colors: Record<string, string>;
    /** What `colors` were read for (the company's colour): they are read again only when it changes. */
    theme: string;
  };
  page: { title: string; welcome: string };
}

/** Read by app/boot/paint-first-screen.ts, which imports nothing: keep the two in step. */
export const FIRST_SCREEN_KEY = 'firstScreen';
export const SESSION_MARK_LENGTH = 8;

/** The theme variables the painted header needs, as named in app/boot/paint-first-screen.ts's styles. */
export const FIRST_SCREEN_COLORS = [
  '--mantine-color-brand-5',
  '--mantine-color-brand-8',
  '--mantine-color-brand-light',
  '--mantine-color-brand-light-color',
  '--mantine-color-anchor',
  '--mantine-primary-color-filled',
  '--mantine-color-dimmed',
] as const;

function read(): Partial<FirstScreen> {
  try {
    return JSON.parse(localStorage.getItem(FIRST_SCREEN_KEY) ?? '{}') as Partial<FirstScreen>;
  } catch {
    return {};
  }
}

/**
 * Stores one part of the first screen for the current session and company; a part stored for another
 * session or company is dropped.
 */
export function rememberFirstScreen(
  companyId: string,
  part: Pick<FirstScreen, 'shell'> | Pick<FirstScreen, 'page'>,
) {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (!token) return;
  const session = token.slice(-SESSION_MARK_LENGTH);
  const stored = read();
  const same = stored.session === session && stored.companyId === companyId;
  const next = { ...(same ? stored : {}), ...part, session, companyId };
  try {
    localStorage.setItem(FIRST_SCREEN_KEY, JSON.stringify(next));
  } catch {
    // Storage can refuse (privacy modes): the page then paints the plain boot mark first.
  }
}

/** The shell remembered for the current session and company, if any. */
export function rememberedShell(companyId: string): FirstScreen['shell'] | undefined {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const stored = read();
  if (!token || stored.session !== token.slice(-SESSION_MARK_LENGTH) || stored.companyId !== companyId)
    return undefined;
  return stored.shell;
}

/** The theme's current values of FIRST_SCREEN_COLORS. */
export function themeColors(): Record<string, string> {
  const style = getComputedStyle(document.documentElement);
  return Object.fromEntries(FIRST_SCREEN_COLORS.map((name) => [name, style.getPropertyValue(name).trim()]));
}

/**
 * Runs `task` once the browser is idle (after a render's styles and layout), after a moment where
 * there is no requestIdleCallback (Safari), and at the latest when the page is left; returns what
 * cancels it.
 */
export function whenIdle(task: () => void): () => void {
  let pending = true;
  const run = () => {
    if (!pending) return;
    cancel();
    task();
  };
  const idle = typeof requestIdleCallback === 'function';
  const id = idle ? requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 200);
  addEventListener('pagehide', run);
  function cancel() {
    pending = false;
    if (idle) cancelIdleCallback(id);
    else window.clearTimeout(id);
    removeEventListener('pagehide', run);
  }
  return cancel;
}
