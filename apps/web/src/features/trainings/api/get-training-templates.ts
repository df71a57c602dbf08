import { queryOptions, useQuery } from '@tanstack/react-query';
import { TemplateSummary } from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';

const TemplatesResponse = z.array(TemplateSummary);
export type TrainingTemplate = z.infer<typeof TemplateSummary>;

export const trainingTemplatesQueryOptions = (companyId: string, lang: string) =>
  queryOptions({
    queryKey: ['training-templates', companyId, lang] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        `/companies/${encodeURIComponent(companyId)}/templates?kind=training&lang=${encodeURIComponent(lang)}`,
        TemplatesResponse,
        { signal },
      ),
    staleTime: 5 * 60_000,
  });

/** GET /companies/{id}/templates?kind=training: the training templates, in the interface language. */
export function useTrainingTemplates(companyId: string, lang: string) {
  return useQuery(trainingTemplatesQueryOptions(companyId, lang));
}
