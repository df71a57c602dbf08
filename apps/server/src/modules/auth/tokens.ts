import { createHash, randomBytes } from 'node:crypto';
import { SIGNIN_TOKEN } from '@vigil/shared';

/** A fresh secret for a link or a session: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(SIGNIN_TOKEN.bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256; they carry enough entropy that no salt is needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
