import { useMutation, useQuery } from '@tanstack/react-query';
import { SSO_ROUTES, SsoSettings, type AzureSsoSave, type SamlSsoSave } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { directoryKeys, refreshIntegrations } from './integrations.ts';

export type SsoProduct = 'azuresso' | 'saml';

const ssoPath = (product: SsoProduct, companyId: string) =>
  SSO_ROUTES[product].replace(':id', encodeURIComponent(companyId));

const ssoKey = (companyId: string) => [...directoryKeys.all(companyId), 'sso'] as const;

/** GET the company's identity provider (the Azure page and the generic one show the same record). */
export function useSsoSettings(companyId: string, product: SsoProduct) {
  return useQuery({
    queryKey: ssoKey(companyId),
    queryFn: ({ signal }) => apiFetch(ssoPath(product, companyId), SsoSettings, { signal }),
  });
}

/** PUT the Azure page or the generic provider's form; the answer is the saved settings. */
export function useSaveSso(companyId: string, product: SsoProduct) {
  return useMutation({
    mutationFn: (body: AzureSsoSave | SamlSsoSave) =>
      apiFetch(ssoPath(product, companyId), SsoSettings, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoKey(companyId), saved);
      void refreshIntegrations(companyId);
    },
  });
}
