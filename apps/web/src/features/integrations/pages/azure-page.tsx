import { useTranslation } from 'react-i18next';
import { useCompany } from '../../../lib/session/index.ts';
import { useAzureSettings } from '../api/integrations.ts';
import { AzureConnectForm } from '../components/azure-connect-form.tsx';
import { AzureGroups } from '../components/azure-groups.tsx';
import { ConnectErrorDialog } from '../components/connect-error-dialog.tsx';
import { ConnectionCard, IntegrationShell } from '../components/integration-shell.tsx';
import { SyncHistory } from '../components/sync-history.tsx';
import { SyncPanel } from '../components/sync-panel.tsx';
import { useConnectFlow } from '../use-connect.ts';

/**
 * /settings/integrations/azure (spec 3 §4): enabled '0' shows the connect form, '1' the groups to sync,
 * the sync controls with live progress, and the history of syncs.
 */
export function AzurePage() {
  const { t } = useTranslation();
  const { company_id: companyId } = useCompany();
  const settings = useAzureSettings(companyId);
  const flow = useConnectFlow(companyId, 'azure');
  const data = settings.data;

  return (
    <IntegrationShell product="azure" query={settings} needsUpgrade={data?.needsUpgrade}>
      {data && data.enabled === '0' && (
        <AzureConnectForm key="connect" companyId={companyId} tenant={data.tenant} clientId={data.clientId} />
      )}
      {data && data.enabled === '1' && (
        <>
          <ConnectionCard
            companyId={companyId}
            product="azure"
            facts={[
              { label: t('integrations.azure.tenant'), value: data.tenant },
              { label: t('integrations.azure.clientId'), value: data.clientId },
            ]}
            onTest={flow.test}
            testing={flow.testing}
          />
          <ConnectErrorDialog details={flow.details} onClose={flow.closeDetails} />
          <SyncPanel
            companyId={companyId}
            product="azure"
            running={{ syncId: data.latestRunningSyncId, progress: data.progress, message: data.message }}
            lastRun={data.syncStatuses[0]}
            lastSync={data.lastSync}
            ready={data.selectedGroups.length > 0}
          />
          <AzureGroups companyId={companyId} selected={data.selectedGroups} />
          <SyncHistory rows={data.syncStatuses} />
        </>
      )}
    </IntegrationShell>
  );
}
