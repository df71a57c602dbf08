import { TIMINGS } from './constants.ts';

/**
 * Back-off of spec 1 §9: base × exp(attempt / 2), capped at 240 000 ms, plus a random fraction of up
 * to a tenth of that delay so that many clients retrying at once spread out.
 */
export function backoffDelay(baseMs: number, attempt: number, random: () => number = Math.random): number {
  const delay = Math.min(baseMs * Math.exp(attempt / 2), TIMINGS.retryCapMs);
  return Math.round(delay * (1 + random() * 0.1));
}
