import { Badge, Button, Card, Code, Collapse, Stack, Text, Title } from '@mantine/core';
import type { SyncRun } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable, type QueryState } from '../../../components/query-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

const STATUS_COLORS: Record<SyncRun['status'], string> = { Running: 'blue', Success: 'green', Failed: 'red' };

/** Spec 3 §4: a sync's status, Failed or Success (Running while it runs). */
export function SyncStatusBadge({ status }: { status: SyncRun['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} miw="max-content" data-testid="sync-status">
      {t(`integrations.status.${status}`)}
    </Badge>
  );
}

function ErrorDetails({ run }: { run: SyncRun }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const lines = [
    ...(run.errorDetails ? [run.errorDetails] : []),
    ...run.errors.map((e) => [e.group, e.email, e.error].filter(Boolean).join(' · ')),
  ];
  if (lines.length === 0) return <Text size="sm">0</Text>;
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        color="red"
        size="compact-xs"
        onClick={() => setShown((v) => !v)}
        aria-expanded={shown}
      >
        {t('integrations.history.errors', { count: lines.length })}
      </Button>
      <Collapse expanded={shown}>
        <Code block style={{ whiteSpace: 'pre-wrap', maxWidth: 360 }}>
          {lines.join('\n')}
        </Code>
      </Collapse>
    </Stack>
  );
}

/** Spec 3 §3 syncStatuses: each sync with its status, counts and error details. */
export function SyncHistory({ rows, query }: { rows: SyncRun[] | undefined; query?: QueryState }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('integrations.history.title')}
        </Title>
        <QueryTable
          query={query}
          rows={rows}
          rowKey={(run) => run.id}
          empty={t('integrations.history.empty')}
          minWidth={820}
          fz="sm"
          testId="sync-history"
          columns={[
            {
              key: 'started',
              header: t('integrations.history.started'),
              cell: (run) => formatDateTime(run.started, i18n.language),
            },
            {
              key: 'status',
              header: t('integrations.history.status'),
              cell: (run) => <SyncStatusBadge status={run.status} />,
            },
            {
              key: 'groups',
              header: t('integrations.history.createdGroups'),
              align: 'right',
              cell: (run) => run.createdGroups,
            },
            {
              key: 'users',
              header: t('integrations.history.createdUsers'),
              align: 'right',
              cell: (run) => run.createdUsers,
            },
            {
              key: 'updated',
              header: t('integrations.history.updatedUsers'),
              align: 'right',
              cell: (run) => run.updatedUsers,
            },
            {
              key: 'added',
              header: t('integrations.history.createdMembership'),
              align: 'right',
              cell: (run) => run.createdMembership,
            },
            {
              key: 'removed',
              header: t('integrations.history.removedMembership'),
              align: 'right',
              cell: (run) => run.removedMembership,
            },
            {
              key: 'errors',
              header: t('integrations.history.errorDetails'),
              cell: (run) => <ErrorDetails run={run} />,
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
