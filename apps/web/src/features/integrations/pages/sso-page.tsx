import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../../lib/session/index.ts';
import { useSsoSettings, type SsoProduct } from '../api/sso.ts';
import { IntegrationShell } from '../components/integration-shell.tsx';
import { ServiceProviderCard } from '../components/service-provider-card.tsx';
import { SsoForm } from '../components/sso-form.tsx';

/**
 * /settings/integrations/azuresso and /settings/integrations/saml: the company's identity provider
 * (one per company; saving one page replaces what the other set) and our side of the trust.
 */
export function SsoPage({ product }: { product: SsoProduct }) {
  const { t } = useTranslation();
  const { company_id: companyId } = useCompany();
  const settings = useSsoSettings(companyId, product);
  const data = settings.data;
  const other = data?.provider && data.provider !== product ? data.provider : null;
  return (
    <IntegrationShell product={product} query={settings} needsUpgrade={data?.needsUpgrade}>
      {data && (
        <>
          {other && (
            <Alert color="blue" data-testid="sso-other-provider">
              {t('integrations.sso.otherProvider', { name: t(`integrations.cards.${other}.name`) })}
            </Alert>
          )}
          <SsoForm
            key={`${product}-${data.provider ?? 'none'}`}
            companyId={companyId}
            product={product}
            settings={data}
          />
          <ServiceProviderCard sp={data.sp} />
        </>
      )}
    </IntegrationShell>
  );
}
