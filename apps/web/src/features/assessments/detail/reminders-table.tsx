import { Badge } from '@mantine/core';
import type { AssessmentReminderView } from '@vigil/shared';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.ts';
import { ReportTable } from './report-table.tsx';

interface RemindersTableProps {
  rows: readonly z.infer<typeof AssessmentReminderView>[] | undefined;
  error?: unknown;
  onRetry?: () => void;
}

/** Spec 2 remind overview: status (scheduled or sent), send date and how many it was sent to. */
export function RemindersTable({ rows, error, onRetry }: RemindersTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ReportTable
      testId="reminders-table"
      rows={rows}
      error={error}
      onRetry={onRetry}
      rowKey={(row) => row.id}
      minWidth={420}
      empty={t('assessmentReports.reminders.empty')}
      columns={[
        {
          key: 'status',
          label: t('assessmentReports.reminders.status'),
          render: (row) => (
            <Badge variant="light" color={row.status === 0 ? 'blue' : 'teal'} tt="none">
              {row.status === 0
                ? t('assessmentReports.reminders.scheduled')
                : t('assessmentReports.reminders.sent')}
              {row.manual ? ` · ${t('assessmentReports.reminders.manual')}` : ''}
            </Badge>
          ),
        },
        {
          key: 'date',
          label: t('assessmentReports.reminders.date'),
          render: (row) => formatDateTime(row.send, i18n.language),
        },
        {
          key: 'sendTo',
          label: t('assessmentReports.reminders.sendTo'),
          align: 'right',
          render: (row) =>
            row.status === 0 ? '—' : t('assessmentReports.reminders.employees', { count: row.sendTo }),
        },
      ]}
    />
  );
}
