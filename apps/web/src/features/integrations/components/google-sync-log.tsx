import { Card, Code, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useGoogleSyncLog } from '../api/integrations.ts';

const LEVEL_MARK = { info: ' ', warn: '!', error: '✗' } as const;

/** Spec 3 §7 Google sync log: what the latest sync did, line by line. */
export function GoogleSyncLog({ companyId, syncId }: { companyId: string; syncId: string | null }) {
  const { t, i18n } = useTranslation();
  const log = useGoogleSyncLog(companyId, syncId);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('integrations.google.log')}
        </Title>
        {log.isError ? (
          <LoadError error={log.error} onRetry={() => void log.refetch()} />
        ) : log.isPending ? (
          <Skeleton h={80} />
        ) : log.data.lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('integrations.google.logEmpty')}
          </Text>
        ) : (
          <Code
            block
            mah={320}
            style={{ overflow: 'auto', whiteSpace: 'pre-wrap' }}
            data-testid="google-sync-log"
          >
            {log.data.lines
              .map(
                (line) =>
                  `${formatDateTime(line.at, i18n.language)} ${LEVEL_MARK[line.level]} ${line.message}`,
              )
              .join('\n')}
          </Code>
        )}
      </Stack>
    </Card>
  );
}
