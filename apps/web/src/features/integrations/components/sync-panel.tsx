import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconRefresh } from '@tabler/icons-react';
import type { DirectoryProduct, SyncPreview, SyncRun } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useSync } from '../api/integrations.ts';
import { useSyncProgress } from '../use-sync-progress.ts';
import { SyncPreviewView } from './sync-preview-view.tsx';
import { SyncStatusBadge } from './sync-history.tsx';

interface SyncPanelProps {
  companyId: string;
  product: DirectoryProduct;
  running: { syncId: string | null; progress: number; message: string };
  lastRun: SyncRun | undefined;
  lastSync: string | null;
  /** Groups are chosen: there is something to sync. */
  ready: boolean;
  /** Google test mode: the button reads 'Preview' instead of 'Sync now' (spec 3 §4). */
  testMode?: boolean;
}

/** Sync controls (spec 3 §4): Preview, Sync now, the running sync's live message and percent, the last status. */
export function SyncPanel({
  companyId,
  product,
  running,
  lastRun,
  lastSync,
  ready,
  testMode = false,
}: SyncPanelProps) {
  const { t, i18n } = useTranslation();
  const sync = useSync(companyId, product);
  const [preview, setPreview] = useState<SyncPreview | null>(null);
  const progress = useSyncProgress(companyId, running.syncId, running);

  const start = (asPreview: boolean) =>
    sync.mutate(asPreview, {
      onSuccess: (answer) => {
        setPreview(answer.preview);
        if (answer.syncId) showMessage({ type: 'success', message: t('integrationMessages.syncStarted') });
      },
      onError: (error) => {
        // The server may answer 'Sync failed: {error}' itself (the directory refused the preview).
        const text = translateError(t, error);
        const message = text.startsWith('Sync failed:')
          ? text
          : t('integrationMessages.syncFailed', { error: text });
        showMessage({ type: 'error', message });
      },
    });
  const busy = progress !== null;

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="lg">
              {t('integrations.sync.title')}
            </Title>
            <Group gap="sm">
              {!testMode && (
                <Button
                  variant="default"
                  leftSection={<IconEye size={18} />}
                  onClick={() => start(true)}
                  loading={sync.isPending && sync.variables}
                  disabled={!ready || busy}
                  data-testid="sync-preview-button"
                >
                  {t('integrationMessages.preview')}
                </Button>
              )}
              <Button
                leftSection={testMode ? <IconEye size={18} /> : <IconRefresh size={18} />}
                onClick={() => start(testMode)}
                loading={sync.isPending && sync.variables === testMode}
                disabled={!ready || busy}
                data-testid="sync-now"
              >
                {testMode ? t('integrationMessages.preview') : t('integrationMessages.syncNow')}
              </Button>
            </Group>
          </Group>
          {!ready && (
            <Text size="sm" c="dimmed">
              {t('integrations.sync.chooseGroups')}
            </Text>
          )}
          {progress ? (
            <Stack gap={6} data-testid="sync-progress" data-percent={Math.round(progress.progress)}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" aria-live="polite">
                  {progress.message || t('integrations.sync.running')}
                </Text>
                <Text size="sm" fw={600}>
                  {Math.round(progress.progress)} %
                </Text>
              </Group>
              <Progress
                value={progress.progress}
                animated
                size="lg"
                aria-label={t('integrations.sync.progressLabel')}
              />
            </Stack>
          ) : (
            lastRun && (
              <Group gap="sm" data-testid="sync-last">
                <Text size="sm">{t('integrations.sync.last')}</Text>
                <SyncStatusBadge status={lastRun.status} />
                {lastSync && (
                  <Text size="sm" c="dimmed">
                    {formatDateTime(lastSync, i18n.language)}
                  </Text>
                )}
                {lastRun.status === 'Failed' && lastRun.errorDetails && (
                  <Text size="sm" c="red.8">
                    {lastRun.errorDetails}
                  </Text>
                )}
              </Group>
            )
          )}
        </Stack>
      </Card>
      {preview && <SyncPreviewView preview={preview} onClose={() => setPreview(null)} />}
    </Stack>
  );
}
