import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@vigil/shared';
import { Invalid } from './errors.ts';

/** True when a string anywhere in a parsed body, query or path holds NUL. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  // Bytes (an uploaded file) are not text.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  return Object.values(value).some(holdsNul);
}

/**
 * NUL means nothing in any text and PostgreSQL cannot store it: a request carrying one in its body,
 * query or path gets the shared control-character answer (400) before any route sees it. Single-line
 * texts (names, emails) refuse every control character in their shared schemas.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
      throw Invalid([MESSAGES.controlCharacters]);
    }
  });
}
