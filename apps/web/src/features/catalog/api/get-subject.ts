import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubjectDetail } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { catalogKeys, subjectPath } from './catalog-keys.ts';

/** The subject as the preview reads it (SCORM subjects carry their package's launch address). */
const PreviewSubject = SubjectDetail;
export type PreviewSubject = SubjectDetail;

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
