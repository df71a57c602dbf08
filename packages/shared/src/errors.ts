import { z } from 'zod';

/** The one error shape every API error has (spec 1 §8, DESIGN "Errors"). */
export const ErrorPayload = z.object({
  error: z.string(),
  description: z.string().optional(),
  errors: z.array(z.object({ message: z.string() })).optional(),
});
export type ErrorPayload = z.infer<typeof ErrorPayload>;

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/**
 * The client's extraction order: the description, then the list of errors (messages joined with
 * '; ', lines with a newline), then the error field, then a generic message.
 */
export function extractErrorMessage(payload: unknown): string {
  if (!payload || typeof payload !== 'object') return GENERIC_ERROR_MESSAGE;
  const p = payload as Partial<Record<'description' | 'error' | 'errors', unknown>>;
  if (typeof p.description === 'string' && p.description) return p.description;
  if (Array.isArray(p.errors) && p.errors.length > 0) {
    const messages = p.errors
      .map((e) => (e && typeof e === 'object' && 'message' in e ? String(e.message) : ''))
      .filter(Boolean);
    if (messages.length) return messages.join('; ').replace(/\\n/g, '\n');
  }
  if (typeof p.error === 'string' && p.error) return p.error;
  return GENERIC_ERROR_MESSAGE;
}
