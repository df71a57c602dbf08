import { useQuery } from '@tanstack/react-query';
import { PartnerCompaniesResponse } from '@vigil/shared';
import { apiFetch } from '../../lib/api-client.ts';
import { sessionKeys } from '../../lib/session/index.ts';

/** The first page of a partner account's customer companies, loaded when the user menu opens. */
export function usePartnerCompanies(partnerId: string, enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.partnerCompanies(partnerId),
    queryFn: ({ signal }) =>
      apiFetch(`/partners/${encodeURIComponent(partnerId)}/companies?page=1`, PartnerCompaniesResponse, {
        signal,
      }),
    enabled,
  });
}
