import type { PpvGrant, PpvGrantRequest, PpvRefusal } from '@vigil/shared';
import type { EmbedParams } from './params.ts';

/** Why the video does not play; each has its own message (texts.ts). */
export type Refusal =
  'keyRefused' | 'originNotAllowed' | 'snippetInactive' | 'viewsUsedUp' | 'tooMany' | 'failed';

export type GrantResult = { ok: true; grant: PpvGrant } | { ok: false; refusal: Refusal };

const REFUSALS: Record<PpvRefusal['error'], Refusal> = {
  key_unknown: 'keyRefused',
  origin_refused: 'originNotAllowed',
  snippet_inactive: 'snippetInactive',
  limit_reached: 'viewsUsedUp',
};

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`/api/embed/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

function refusalOf(status: number, body: Record<string, unknown>): Refusal {
  const known = REFUSALS[body.error as PpvRefusal['error']];
  if (known) return known;
  return status === 429 ? 'tooMany' : 'failed';
}

/** SUBJECT_TYPES.interactive of the contract (texts.test.ts holds it equal): its grant carries scenes. */
export const INTERACTIVE_TYPE = 5;

/** EMBED_VIEWER_STORAGE_KEY and EMBED_TICKET_META of the contract (texts.test.ts holds them equal). */
export const VIEWER_KEY = 'vigil-embed-viewer';
export const TICKET_META = 'vigil-embed-ticket';

/** The ticket the server put in this document: which allowed page framed the player. */
const ticket = () =>
  document.querySelector<HTMLMetaElement>(`meta[name="${TICKET_META}"]`)?.content || undefined;

/** A random id kept in this browser, so a viewer counts once a day (localStorage may be blocked in frames). */
function viewerId(): string {
  const fresh = () => crypto.randomUUID();
  try {
    const stored = localStorage.getItem(VIEWER_KEY);
    if (stored) return stored;
    const made = fresh();
    localStorage.setItem(VIEWER_KEY, made);
    return made;
  } catch {
    return fresh();
  }
}

/** Asks for the short-lived playback grant (logged as Signature) before anything plays. */
export async function requestGrant(params: EmbedParams): Promise<GrantResult> {
  const request: PpvGrantRequest = {
    key: params.key,
    s: params.subjectId,
    c: params.companyId || undefined,
    lang: params.lang || undefined,
    viewer: viewerId(),
    uid: params.uid || undefined,
    location: params.location || document.referrer.slice(0, 500) || undefined,
    // The snippets name their frame after the element they fill: js_video_id in the views log.
    jsVideoId: window.name.slice(0, 100) || undefined,
    preview: params.preview || undefined,
    ticket: ticket(),
  };
  try {
    const answer = await post('grant', request);
    if (answer.status !== 200) return { ok: false, refusal: refusalOf(answer.status, answer.body) };
    return { ok: true, grant: answer.body as unknown as PpvGrant };
  } catch {
    return { ok: false, refusal: 'failed' };
  }
}

/** The video really started: the server counts it by its rule, or refuses when views are used up. */
export async function reportView(grant: string): Promise<Refusal | null> {
  try {
    const answer = await post('views', { grant, event: 'view' });
    return answer.status === 200 ? null : refusalOf(answer.status, answer.body);
  } catch {
    return null;
  }
}

/** A playback failure, logged as an Error. */
export function reportError(grant: string, message: string): void {
  void post('views', { grant, event: 'error', message: message.slice(0, 500) }).catch(() => undefined);
}
