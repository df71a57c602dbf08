import { queryOptions, useQuery } from '@tanstack/react-query';
import { CategoriesResponse } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { catalogKeys, companyPath } from './catalog-keys.ts';

export function getCategories(companyId: string, lang: string, signal?: AbortSignal) {
  return apiFetch(
    `${companyPath(companyId)}/categories?lang=${encodeURIComponent(lang)}`,
    CategoriesResponse,
    {
      signal,
    },
  );
}

export const categoriesQueryOptions = (companyId: string, lang: string) =>
  queryOptions({
    queryKey: catalogKeys.categories(companyId, lang),
    queryFn: ({ signal }) => getCategories(companyId, lang, signal),
  });

/**
 * GET /companies/{id}/categories: the catalogue's categories with their subjects, disabled ones marked.
 * A failure is swallowed (spec 3 §2.2): the catalogue then shows its empty state.
 */
export function useCategories(companyId: string, lang: string) {
  const query = useQuery(categoriesQueryOptions(companyId, lang));
  return { categories: query.isError ? [] : query.data, isPending: query.isPending && !query.isError };
}
