import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a webhook's signing secret, integration credentials), sealed with
 * AES-256-GCM under a key derived from SECRET_KEY and a purpose, so that a database copy alone does not
 * give them away. Sealed text: base64url of iv (12) · tag (16) · ciphertext.
 */
const keyOf = (secretKey: string, purpose: string) =>
  createHash('sha256').update(`${purpose}\0${secretKey}`).digest();

export function seal(secretKey: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(secretKey: string, purpose: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
