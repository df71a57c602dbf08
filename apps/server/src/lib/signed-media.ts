import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed URLs for paid media (videos and captions under /media/videos/): `{path}?exp&sig`,
 * sig = HMAC-SHA256 under SECRET_KEY of the path and the expiry (seconds since the epoch). The file
 * names are per subject and language, so a signature opens one subject in one language.
 *
 * The expiry is rounded up to a whole bucket, so every answer within a bucket gives the same URL and
 * the browser's cache (and range requests of a video being played) keep working across calls.
 */
export const SIGNED_MEDIA_PREFIX = '/media/videos/';
const BUCKET_SECONDS = 3600;

export type MediaSigner = {
  /** A signed URL valid for at least `seconds` (a URL outside SIGNED_MEDIA_PREFIX is returned as is). */
  sign(url: string, seconds?: number): string;
  /** The expiry the URLs signed now get. */
  expiry(seconds?: number): number;
};

const DEFAULT_SECONDS = 2 * 3600;

function signature(secret: string, path: string, exp: number): string {
  return createHmac('sha256', secret).update(`media\n${path}\n${exp}`).digest('base64url');
}

export function mediaSigner(secret: string, now: () => number = Date.now): MediaSigner {
  const expiry = (seconds = DEFAULT_SECONDS) =>
    Math.ceil((now() / 1000 + seconds) / BUCKET_SECONDS) * BUCKET_SECONDS;
  return {
    expiry,
    sign(url, seconds) {
      if (!url.startsWith(SIGNED_MEDIA_PREFIX)) return url;
      const exp = expiry(seconds);
      return `${url}?exp=${exp}&sig=${signature(secret, url, exp)}`;
    },
  };
}

/** Whether a request for `path` (decoded, without query) carries a valid, unexpired signature. */
export function verifyMediaUrl(
  secret: string,
  path: string,
  exp: unknown,
  sig: unknown,
  nowMs: number = Date.now(),
): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires * 1000 < nowMs) return false;
  const expected = Buffer.from(signature(secret, path, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
