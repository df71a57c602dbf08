import { Group, Select, Text, TextInput } from '@mantine/core';
import { ppvEventName, PPV_LIMITS, type PpvLogEntry } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilteredLog } from '../../../components/filtered-log.tsx';
import type { QueryTableColumn } from '../../../components/query-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useAuthToken, useCompany } from '../../../lib/session/index.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { ppvExportUrl, useEmbedVideos, usePpvLog, type LogFilters } from '../api/ppv.ts';

const EMPTY: LogFilters = { from: '', to: '', subjectId: '', type: '' };
const TYPES = ['1', '2', '3', '0'] as const;

/** /ppv/usage: the views log, filtered by date, video and type, a page at a time, and its CSV export. */
export function PpvUsagePage() {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const token = useAuthToken();
  const [filters, setFilters] = useState<LogFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const log = usePpvLog(company.company_id, page, filters, true);
  // The videos with a snippet, for the subject filter (the first page covers most companies).
  const videos = useEmbedVideos(company.company_id, 1, '', true);
  const set = (key: keyof LogFilters) => (value: string | null) => {
    setFilters((current) => ({ ...current, [key]: value ?? '' }));
    setPage(1);
  };
  const typeName = (type: number) => t(`ppv.usage.types.${ppvEventName(type)}`);
  const total = log.data?.total ?? 0;
  const pageSize = log.data?.pageSize ?? PPV_LIMITS.logPageSize;
  const dash = (value: string | null) => value || '—';

  const columns: QueryTableColumn<PpvLogEntry>[] = [
    { key: 'time', header: t('ppv.usage.time'), cell: (row) => formatDateTime(row.timestamp, i18n.language) },
    { key: 'type', header: t('ppv.usage.type'), cell: (row) => typeName(row.event_type) },
    {
      key: 'subject',
      header: t('ppv.usage.subject'),
      cell: (row) => (
        <>
          {dash(row.subject_title)}
          {row.message && (
            <Text size="xs" c="red.8">
              {row.message}
            </Text>
          )}
        </>
      ),
    },
    { key: 'ip', header: t('ppv.usage.clientIp'), cell: (row) => dash(row.client_ip) },
    { key: 'video', header: t('ppv.usage.videoId'), cell: (row) => dash(row.js_video_id) },
    {
      key: 'location',
      header: t('ppv.usage.location'),
      td: { style: { wordBreak: 'break-all', maxWidth: 260 } },
      cell: (row) => dash(row.locaction),
    },
    { key: 'uid', header: t('ppv.usage.uid'), cell: (row) => dash(row.uid) },
    {
      key: 'key',
      header: t('ppv.usage.key'),
      cell: (row) => (row.api_key ? `…${row.api_key.slice(-6)}` : '—'),
    },
  ];

  return (
    <FilteredLog
      title={t('pages.embedUsage')}
      description={t('ppv.usage.description')}
      download={{
        href: token ? ppvExportUrl(company.company_id, filters, token) : null,
        label: t('ppv.usage.export'),
        testId: 'ppv-export',
      }}
      filters={
        <>
          <TextInput
            type="date"
            label={t('ppv.usage.from')}
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => set('from')(event.currentTarget.value)}
            data-testid="ppv-log-from"
          />
          <TextInput
            type="date"
            label={t('ppv.usage.to')}
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => set('to')(event.currentTarget.value)}
            data-testid="ppv-log-to"
          />
          <Select
            label={t('ppv.usage.subject')}
            placeholder={t('ppv.usage.all')}
            data={(videos.data?.rows ?? []).map((video) => ({
              value: video.subject_id,
              label: video.title,
            }))}
            value={filters.subjectId || null}
            onChange={set('subjectId')}
            searchable
            clearable
            data-testid="ppv-log-subject"
          />
          <Select
            label={t('ppv.usage.type')}
            placeholder={t('ppv.usage.all')}
            data={TYPES.map((type) => ({ value: type, label: typeName(Number(type)) }))}
            value={filters.type || null}
            onChange={set('type')}
            clearable
            data-testid="ppv-log-type"
          />
        </>
      }
      table={{
        query: log,
        rows: log.data?.rows,
        rowKey: (row) => row.id,
        columns,
        empty: t('ppv.usage.empty'),
        minWidth: 980,
        fz: 'sm',
        testId: 'ppv-log',
        footer: total > pageSize && (
          <Group justify="center" mt="md">
            <TablePager page={page} totalPages={pageCount(total, pageSize)} onChange={setPage} />
          </Group>
        ),
      }}
    />
  );
}
