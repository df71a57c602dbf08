import { createHash, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * A simulated mail's public token: in its tracking link (`/p/{token}`) and its `X-Vigil-Simulation`
 * header. It is derived, not stored: base64url of the delivery's id (8 bytes, big-endian) and the
 * first 12 bytes of HMAC-SHA256 over that id under a key derived from SECRET_KEY. So a click is
 * checked without a table or an index of tokens (the row is then read by its primary key), a copy of
 * the database gives no working link, and a guessed or altered token fails the MAC. Rotating
 * SECRET_KEY retires every link sent before (their clicks are no longer counted).
 * A token is 27 characters: [A-Za-z0-9_-].
 */
const MAC_BYTES = 12;
// A KeyObject, not the key's bytes: an HMAC under raw bytes imports them again each time, which costs
// several times the MAC itself, and every request of a mail's link checks one.
const keys = new Map<string, KeyObject>();
const keyOf = (secretKey: string) => {
  let key = keys.get(secretKey);
  if (!key) {
    key = createSecretKey(createHash('sha256').update(`phishing-token\0${secretKey}`).digest());
    keys.set(secretKey, key);
  }
  return key;
};

const macOf = (secretKey: string, id: Buffer) =>
  createHmac('sha256', keyOf(secretKey)).update(id).digest().subarray(0, MAC_BYTES);

/** The token of phishing delivery `deliveryId`. */
export function phishingToken(secretKey: string, deliveryId: number): string {
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(BigInt(deliveryId));
  return Buffer.concat([id, macOf(secretKey, id)]).toString('base64url');
}

/** The delivery id a token names, or null when it is malformed or its MAC does not hold. */
export function phishingDeliveryOf(secretKey: string, token: string): number | null {
  if (token.length !== 27 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 8 + MAC_BYTES) return null;
  const id = raw.subarray(0, 8);
  if (!timingSafeEqual(raw.subarray(8), macOf(secretKey, id))) return null;
  const value = id.readBigUInt64BE();
  return value > 0n && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}
