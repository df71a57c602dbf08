import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubjectDetail } from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { catalogKeys, subjectPath } from './catalog-keys.ts';

/**
 * The subject as the preview reads it. SCORM subjects (types 2 and 4) need the package's launch
 * address, which the shared contract does not carry yet; it is read here when the server sends it.
 */
const PreviewSubject = SubjectDetail.extend({
  scorm: z.object({ url: z.string() }).nullable().optional(),
});
export type PreviewSubject = z.infer<typeof PreviewSubject>;

export function getSubject(companyId: string, subjectId: string, lang: string, signal?: AbortSignal) {
  return apiFetch(`${subjectPath(companyId, subjectId)}?lang=${encodeURIComponent(lang)}`, PreviewSubject, {
    signal,
  });
}

export const subjectQueryOptions = (companyId: string, subjectId: string, lang: string) =>
  queryOptions({
    queryKey: catalogKeys.subject(companyId, subjectId, lang),
    queryFn: ({ signal }) => getSubject(companyId, subjectId, lang, signal),
    // Another language keeps the page as it is until its texts arrive.
    placeholderData: (previous) => (previous?.id === subjectId ? previous : undefined),
  });

/** GET /companies/{id}/subjects/{subjectId}?lang=: the subject with its media, quiz, reading and notes. */
export function useSubject(companyId: string, subjectId: string, lang: string) {
  return useQuery(subjectQueryOptions(companyId, subjectId, lang));
}
