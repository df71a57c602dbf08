import { Card, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useGoogleSettings, useSaveGoogleSettings } from '../api/integrations.ts';
import { ConnectErrorDialog } from '../components/connect-error-dialog.tsx';
import { GoogleConnectForm } from '../components/google-connect-form.tsx';
import { GoogleGroups } from '../components/google-groups.tsx';
import { GoogleSyncLog } from '../components/google-sync-log.tsx';
import { ConnectionCard, IntegrationShell } from '../components/integration-shell.tsx';
import { SyncHistory } from '../components/sync-history.tsx';
import { SyncPanel } from '../components/sync-panel.tsx';
import { useConnectFlow } from '../use-connect.ts';

/**
 * /settings/integrations/google: connect a service account, choose groups with include/exclude rules,
 * the Live/Test switch (test mode previews instead of syncing, spec 3 §4), progress, history and log.
 */
export function GooglePage() {
  const { t } = useTranslation();
  const { company_id: companyId } = useCompany();
  const settings = useGoogleSettings(companyId);
  const save = useSaveGoogleSettings(companyId);
  const flow = useConnectFlow(companyId, 'google');
  const data = settings.data;
  const change = (values: { enabled?: boolean; testMode?: boolean }) =>
    save.mutate(values, {
      onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
    });

  return (
    <IntegrationShell product="google" query={settings} needsUpgrade={data?.needsUpgrade}>
      {data && !data.keySet && (
        <GoogleConnectForm companyId={companyId} adminEmail={data.adminEmail} customer={data.customer} />
      )}
      {data?.keySet && (
        <>
          <ConnectionCard
            companyId={companyId}
            product="google"
            facts={[
              { label: t('integrations.google.serviceAccount'), value: data.serviceAccountEmail ?? '–' },
              { label: t('integrations.google.adminEmail'), value: data.adminEmail },
            ]}
            onTest={flow.test}
            testing={flow.testing}
          />
          <ConnectErrorDialog
            details={flow.details}
            text={t('integrations.google.cantConnect')}
            onClose={flow.closeDetails}
          />
          <Card withBorder padding="lg">
            <Stack gap="md">
              <Switch
                label={t('integrations.google.enabled')}
                description={t('integrations.google.enabledHint')}
                checked={data.enabled}
                disabled={save.isPending}
                onChange={(event) => change({ enabled: event.currentTarget.checked })}
              />
              <Group gap="md">
                <Text size="sm" fw={500} id="google-mode-label">
                  {t('integrations.google.mode')}
                </Text>
                <SegmentedControl
                  aria-labelledby="google-mode-label"
                  value={data.testMode ? 'test' : 'live'}
                  disabled={save.isPending}
                  onChange={(value) => change({ testMode: value === 'test' })}
                  data={[
                    { value: 'live', label: t('integrationMessages.live') },
                    { value: 'test', label: t('integrationMessages.test') },
                  ]}
                  data-testid="google-mode"
                />
              </Group>
              <Text size="xs" c="dimmed">
                {data.testMode ? t('integrations.google.testText') : t('integrations.google.liveText')}
              </Text>
            </Stack>
          </Card>
          <SyncPanel
            companyId={companyId}
            product="google"
            running={{ syncId: data.latestRunningSyncId, progress: 0, message: '' }}
            lastRun={data.syncStatuses[0]}
            lastSync={data.lastSync}
            ready={data.rules.some((r) => r.rule === 1)}
            testMode={data.testMode}
          />
          <GoogleGroups companyId={companyId} rules={data.rules} />
          <SyncHistory rows={data.syncStatuses} />
          <GoogleSyncLog companyId={companyId} syncId={data.lastSyncId} />
        </>
      )}
    </IntegrationShell>
  );
}
