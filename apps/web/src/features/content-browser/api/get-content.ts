import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ContentBrowserResponse } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { filterParams, type ContentFilters } from '../content-filters.ts';

export function getContent(companyId: string, filters: ContentFilters, lang: string, signal?: AbortSignal) {
  const params = filterParams(filters);
  params.set('lang', lang);
  return apiFetch(`/companies/${encodeURIComponent(companyId)}/content?${params}`, ContentBrowserResponse, {
    signal,
  });
}

export const contentQueryOptions = (companyId: string, filters: ContentFilters, lang: string) =>
  queryOptions({
    queryKey: ['content-browser', companyId, filters, lang] as const,
    queryFn: ({ signal }) => getContent(companyId, filters, lang, signal),
    enabled: companyId !== '',
    // The sections stay while other filters load, so the page does not jump.
    placeholderData: keepPreviousData,
  });

/** GET /companies/{id}/content: subjects, questions and materials, filtered; with the filters' choices. */
export function useContent(companyId: string, filters: ContentFilters, lang: string) {
  return useQuery(contentQueryOptions(companyId, filters, lang));
}
