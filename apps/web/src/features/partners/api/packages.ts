import { useMutation, useQuery } from '@tanstack/react-query';
import { AssignablePackages, AssignPackageResult, type AssignPackageRequest } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionKeys } from '../../../lib/session/index.ts';

const packagesKey = ['partners', 'packages'] as const;

/** GET /data/manager/packages: the user's unused packages, where they may go, and the form's token. */
export function useAssignablePackages() {
  return useQuery({
    queryKey: packagesKey,
    queryFn: ({ signal }) => apiFetch('/data/manager/packages', AssignablePackages, { signal }),
  });
}

/** POST /data/manager/assignpackage (spec 1 §7); afterwards the companies and credits are read again. */
export function useAssignPackage() {
  return useMutation({
    mutationFn: (body: AssignPackageRequest) =>
      apiFetch('/data/manager/assignpackage', AssignPackageResult, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packagesKey }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.myCompanies }),
        queryClient.invalidateQueries({ queryKey: ['partners'] }),
      ]),
  });
}
