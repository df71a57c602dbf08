import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BlogPage } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export const fetchBlogPage = (page: number, signal?: AbortSignal) =>
  apiFetch(withQuery('/blog/posts', { page }), BlogPage, { signal });

export const blogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.blog(page),
    queryFn: ({ signal }) => fetchBlogPage(page, signal),
    staleTime: 10 * 60_000,
  });

/** GET /blog/posts?page=N: three of the provider's posts a page. */
export const useBlogPage = (page: number) =>
  useQuery({ ...blogQueryOptions(page), placeholderData: keepPreviousData });
