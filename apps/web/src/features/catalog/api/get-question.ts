import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { PreviewBlock, QuestionDetail } from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { catalogKeys, companyPath } from './catalog-keys.ts';

/** The values put into a question's personalised texts ({companyName}, {companyDomain}, {emailHR}). */
export interface PersonalizeKeys {
  companyName?: string;
  companyDomain?: string;
  emailHR?: string;
}

/**
 * The question as the preview reads it: a block of a kind this app does not know yet is kept (and
 * shown as 'Unknown block type') rather than failing the whole question; the presentation is the
 * carousel unless the server names another.
 */
const PreviewQuestion = QuestionDetail.extend({
  presentation: z.string().default('carousel'),
  blocks: z.array(z.union([PreviewBlock, z.looseObject({ type: z.string() })])),
});
export type PreviewQuestion = z.infer<typeof PreviewQuestion>;

export function getQuestion(
  companyId: string,
  questionId: string,
  lang: string,
  keys: PersonalizeKeys,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ lang });
  for (const [name, value] of Object.entries(keys)) if (value) params.set(name, value);
  return apiFetch(
    `${companyPath(companyId)}/questions/${encodeURIComponent(questionId)}?${params}`,
    PreviewQuestion,
    { signal },
  );
}

export const questionQueryOptions = (
  companyId: string,
  questionId: string | undefined,
  lang: string,
  keys: PersonalizeKeys,
) =>
  queryOptions({
    queryKey: catalogKeys.question(companyId, questionId ?? '', lang, keys),
    queryFn: questionId ? ({ signal }) => getQuestion(companyId, questionId, lang, keys, signal) : skipToken,
    // Another language keeps the question on screen until its texts arrive; another question does not.
    placeholderData: (previous) => (previous?.id === questionId ? previous : undefined),
  });

/** GET /companies/{id}/questions/{questionId}?lang=: the blocks localized and personalised. */
export function useQuestion(
  companyId: string,
  questionId: string | undefined,
  lang: string,
  keys: PersonalizeKeys,
) {
  return useQuery(questionQueryOptions(companyId, questionId, lang, keys));
}
