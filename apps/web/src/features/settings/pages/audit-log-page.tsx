import { Anchor, Badge, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilteredLog } from '../../../components/filtered-log.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useAuthToken, useCompany } from '../../../lib/session/index.ts';
import { auditCsvUrl, useAuditLog, type AuditFilters } from '../api/api-keys.ts';

const EMPTY: AuditFilters = { actor: '', action: '', from: '', to: '' };

/** Settings before and after a change, as short JSON. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  if (before === null && after === null) return null;
  return (
    <details>
      <summary>
        <Text span size="xs">
          {t('audit.change')}
        </Text>
      </summary>
      <Stack gap={4} mt={4}>
        <Text size="xs">{t('audit.before')}</Text>
        <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {JSON.stringify(before, null, 1)}
        </Code>
        <Text size="xs">{t('audit.after')}</Text>
        <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {JSON.stringify(after, null, 1)}
        </Code>
      </Stack>
    </details>
  );
}

/** /settings/audit: every change made in the company, who made it, when and from where (admins). */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const token = useAuthToken();
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const [debounced] = useDebouncedValue(filters, 300);
  const log = useAuditLog(company.company_id, debounced);
  const set = (key: keyof AuditFilters) => (event: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: React clears the event's target before the state updater runs.
    const value = event.currentTarget.value;
    setFilters((f) => ({ ...f, [key]: value }));
  };
  const rows = log.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <FilteredLog
      title={t('audit.title')}
      description={t('audit.description')}
      download={{
        href: token ? auditCsvUrl(company.company_id, debounced, token) : null,
        label: t('audit.export'),
        testId: 'audit-csv',
      }}
      filters={
        <>
          <TextInput
            label={t('audit.actor')}
            value={filters.actor}
            onChange={set('actor')}
            data-testid="audit-actor"
          />
          <TextInput
            label={t('audit.action')}
            value={filters.action}
            onChange={set('action')}
            data-testid="audit-action"
          />
          <TextInput type="date" label={t('audit.from')} value={filters.from} onChange={set('from')} />
          <TextInput type="date" label={t('audit.to')} value={filters.to} onChange={set('to')} />
        </>
      }
      table={{
        query: log,
        rows: log.data ? rows : undefined,
        rowKey: (row) => row.id,
        empty: t('audit.empty'),
        minWidth: 760,
        spacing: { vertical: 'xs' },
        fz: 'sm',
        testId: 'audit-table',
        columns: [
          {
            key: 'time',
            header: t('audit.time'),
            td: { style: { whiteSpace: 'nowrap' } },
            cell: (row) => formatDateTime(row.at, i18n.language),
          },
          {
            key: 'actor',
            header: t('audit.actor'),
            cell: (row) => (
              <Stack gap={2}>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {row.actor}
                </Text>
                <Badge size="xs" variant="light" tt="none">
                  {t(`audit.kind.${row.actorKind === 'api-key' ? 'apiKey' : row.actorKind}`)}
                </Badge>
              </Stack>
            ),
          },
          {
            key: 'action',
            header: t('audit.action'),
            cell: (row) => (
              <>
                <Code fz="xs">{row.action}</Code>
                <Change before={row.before} after={row.after} />
              </>
            ),
          },
          { key: 'address', header: t('audit.address'), cell: (row) => row.ip ?? '—' },
        ],
        footer: log.hasNextPage && (
          <Group justify="center" mt="md">
            <Button
              variant="default"
              loading={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {t('audit.more')}
            </Button>
          </Group>
        ),
      }}
    >
      <Text size="xs" c="dimmed">
        {t('audit.appendOnly')}{' '}
        <Anchor href="/api/docs" underline="always">
          {t('apiAccess.docs')}
        </Anchor>
      </Text>
    </FilteredLog>
  );
}
