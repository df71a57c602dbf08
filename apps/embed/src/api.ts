import type { EmbedParams } from './params.ts';

/** Why the server would not let the video play; each has its own message. */
export type Refusal = 'keyRefused' | 'originNotAllowed' | 'viewsUsedUp' | 'notFound' | 'tooMany' | 'failed';

export interface Grant {
  token: string;
  title: string;
  videoUrl: string;
  poster: string | null;
  captions: { lang: string; url: string }[];
  languages: string[];
  brand: { companyName: string; logoUrl: string | null; primaryColor: string };
}

export type GrantResult = { ok: true; grant: Grant } | { ok: false; refusal: Refusal };

const REFUSAL_BY_CODE: Record<string, Refusal> = {};

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
  });
}

function refusalOf(status: number, code: string | undefined): Refusal {
  if (code && REFUSAL_BY_CODE[code]) return REFUSAL_BY_CODE[code];
  if (status === 429) return 'tooMany';
  if (status === 404) return 'notFound';
  return 'failed';
}

/** Asks for the short-lived playback grant for one language of the video. */
export async function requestGrant(params: EmbedParams, lang: string): Promise<GrantResult> {
  try {
    const response = await post('/embed/grant', {
      key: params.key,
      subjectId: params.subjectId,
      companyId: params.companyId,
      lang,
      location: params.location,
      uid: params.uid,
      preview: params.preview,
    });
    const body = (await response.json().catch(() => ({}))) as Partial<Grant> & { code?: string };
    if (!response.ok) return { ok: false, refusal: refusalOf(response.status, body.code) };
    return { ok: true, grant: body as Grant };
  } catch {
    return { ok: false, refusal: 'failed' };
  }
}

/** The video really started: the server counts the view by its rule (or refuses it). */
export async function reportView(token: string): Promise<Refusal | null> {
  try {
    const response = await post('/embed/views', { token });
    if (response.ok) return null;
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    return refusalOf(response.status, body.code);
  } catch {
    return null;
  }
}
