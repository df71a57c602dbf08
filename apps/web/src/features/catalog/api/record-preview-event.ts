import { apiRequest } from '../../../lib/api-client.ts';
import { subjectPath } from './catalog-keys.ts';

/**
 * POST /companies/{id}/subjects/{subjectId}/events {code}: one preview event (open, close, video
 * progress, answers, decisions). Statistics only: a failure is not the viewer's concern.
 */
export function recordPreviewEvent(
  companyId: string,
  subjectId: string,
  code: number,
  options: { keepalive?: boolean } = {},
): void {
  apiRequest(`${subjectPath(companyId, subjectId)}/events`, {
    method: 'POST',
    body: { code },
    keepalive: options.keepalive,
  }).catch(() => undefined);
}
