import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { checkedLookup, checkTarget } from '../../lib/outbound-target.ts';

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the endpoint's secret>`. */
export const SIGNATURE_HEADER = 'vigil-signature';

export function signature(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface Attempt {
  ok: boolean;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

const TIMEOUT_MS = 10_000;
/** How much of an answer's body is kept with the delivery. */
const EXCERPT_CHARS = 500;

/**
 * One signed POST of a delivery's body to its endpoint. Never throws: a refused target, a network error
 * or a timeout is an attempt without a status. 2xx is delivered; anything else is tried again.
 */
export async function postSigned(
  target: string,
  secret: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  now = Date.now(),
): Promise<Attempt> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const refused = await checkTarget(url, allowPrivate);
  if (refused) return { ok: false, status: null, durationMs: took(), excerpt: null, error: refused };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Attempt>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        timeout: TIMEOUT_MS,
        lookup: checkedLookup(allowPrivate) as never,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vigil-Webhooks/1',
          [SIGNATURE_HEADER]: signature(secret, Math.floor(now / 1000), body),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < EXCERPT_CHARS) text += chunk;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            durationMs: took(),
            excerpt: text.slice(0, EXCERPT_CHARS),
            error: null,
          });
        });
        response.on('error', (err) =>
          resolve({ ok: false, status: null, durationMs: took(), excerpt: null, error: err.message }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('Timed out')));
    request.on('error', (err) =>
      resolve({ ok: false, status: null, durationMs: took(), excerpt: null, error: err.message }),
    );
    request.end(body);
  });
}
