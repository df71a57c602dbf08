import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Cmi5ListResponse, Cmi5Package, PACKAGE_ROUTES, type Cmi5Create } from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from '../../lib/api-client.ts';
import { withQuery } from '../../lib/with-query.ts';

const cmi5Keys = {
  all: (companyId: string) => ['cmi5', companyId] as const,
  page: (companyId: string, page: number) => ['cmi5', companyId, page] as const,
};

/** GET /companies/{id}/cmi5: a page of the company's cmi5 packages. */
export function useCmi5Packages(companyId: string, page: number) {
  return useQuery({
    queryKey: cmi5Keys.page(companyId, page),
    queryFn: ({ signal }) =>
      apiFetch(withQuery(PACKAGE_ROUTES.cmi5(companyId), { p: page }), Cmi5ListResponse, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /companies/{id}/cmi5 (spec 3 §3 create payload). */
export function useCreateCmi5Package(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Cmi5Create) =>
      apiFetch(PACKAGE_ROUTES.cmi5(companyId), Cmi5Package, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: cmi5Keys.all(companyId) }),
  });
}

/** DELETE /companies/{id}/cmi5/{packageId}. */
export function useDeleteCmi5Package(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(PACKAGE_ROUTES.cmi5One(companyId, id), z.unknown(), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: cmi5Keys.all(companyId) }),
  });
}
