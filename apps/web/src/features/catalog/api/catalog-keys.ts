import { queryClient } from '../../../lib/query-client.ts';

/** The company's API path; every catalogue call acts on the company in its path. */
export const companyPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;

export const subjectPath = (companyId: string, subjectId: string) =>
  `${companyPath(companyId)}/subjects/${encodeURIComponent(subjectId)}`;

/** Query keys of the catalogue, under the company and the language the texts come in. */
export const catalogKeys = {
  all: (companyId: string) => ['catalog', companyId] as const,
  categories: (companyId: string, lang: string) => ['catalog', companyId, 'categories', lang] as const,
  subjectAll: (companyId: string, subjectId: string) => ['catalog', companyId, 'subject', subjectId] as const,
  subject: (companyId: string, subjectId: string, lang: string) =>
    ['catalog', companyId, 'subject', subjectId, lang] as const,
  question: (companyId: string, questionId: string, lang: string, keys: object) =>
    ['catalog', companyId, 'question', questionId, lang, keys] as const,
};

/** After a note changed: the subject's detail, in every language, loads again. */
export function refreshSubject(companyId: string, subjectId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: catalogKeys.subjectAll(companyId, subjectId) });
}
