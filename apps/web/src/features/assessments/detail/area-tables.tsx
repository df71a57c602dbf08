import { Card, Progress, Stack, Text, Title } from '@mantine/core';
import type { KeyBehaviourRow, ThreatAreaRow } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageOf, showsPager } from './report-rules.ts';
import { ReportTable } from './report-table.tsx';
import { ScoreValue } from './score-value.tsx';
import { ASSESSMENT_LIMITS } from '@vigil/shared';

/** A titled card around one report table. */
export function ReportSection({
  title,
  caption,
  children,
  testId,
}: {
  title: string;
  caption?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md">
            {title}
          </Title>
          {caption && (
            <Text size="sm" c="dimmed">
              {caption}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

interface ThreatAreasTableProps {
  rows: readonly ThreatAreaRow[] | undefined;
  error?: unknown;
  onRetry?: () => void;
  onOpen: (areaId: string) => void;
}

/** Spec 2 §2: area, questions, weakest key behaviour and average score; a row opens the area. */
export function ThreatAreasTable({ rows, error, onRetry, onOpen }: ThreatAreasTableProps) {
  const { t } = useTranslation();
  return (
    <ReportTable
      testId="threat-areas-table"
      rows={rows}
      error={error}
      onRetry={onRetry}
      rowKey={(row) => row.id}
      empty={t('assessmentReports.threatAreas.empty')}
      onRowClick={(row) => onOpen(row.id)}
      rowLabel={(row) => t('assessmentReports.threatAreas.open', { name: row.area })}
      columns={[
        {
          key: 'area',
          label: t('assessmentReports.threatAreas.area'),
          render: (row) => (
            <Text size="sm" fw={500}>
              {row.area}
            </Text>
          ),
        },
        {
          key: 'questions',
          label: t('assessmentReports.threatAreas.questions'),
          align: 'right',
          render: (row) => row.questionsCount,
        },
        {
          key: 'weakest',
          label: t('assessmentReports.threatAreas.weakest'),
          render: (row) => row.weakestKeyBehaviour?.name ?? '—',
        },
        {
          key: 'score',
          label: t('assessmentReports.threatAreas.average'),
          align: 'right',
          render: (row) => <ScoreValue score={row.averageScore} size="sm" />,
        },
      ]}
    />
  );
}

interface KeyBehavioursTableProps {
  rows: readonly KeyBehaviourRow[] | undefined;
  error?: unknown;
  onRetry?: () => void;
  /** Within one area's page the area column says nothing new. */
  withArea?: boolean;
}

/** Spec 2 §2: name, area, coverage, average and users at risk; pages hidden under 5 behaviours. */
export function KeyBehavioursTable({ rows, error, onRetry, withArea = true }: KeyBehavioursTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const total = rows?.length ?? 0;
  return (
    <ReportTable
      testId="key-behaviours-table"
      rows={rows && pageOf(rows, page)}
      error={error}
      onRetry={onRetry}
      rowKey={(row) => row.keyBehaviourCode}
      empty={t('assessmentReports.keyBehaviours.empty')}
      minWidth={640}
      pager={
        showsPager('keyBehaviours', total)
          ? { page, total, size: ASSESSMENT_LIMITS.pageSize, onChange: setPage }
          : null
      }
      columns={[
        {
          key: 'name',
          label: t('assessmentReports.keyBehaviours.name'),
          render: (row) => (
            <Text size="sm" fw={500}>
              {row.keyBehaviourName}
            </Text>
          ),
        },
        ...(withArea
          ? [
              {
                key: 'area',
                label: t('assessmentReports.keyBehaviours.area'),
                render: (row: KeyBehaviourRow) => row.threatArea,
              },
            ]
          : []),
        {
          key: 'coverage',
          label: t('assessmentReports.keyBehaviours.coverage'),
          render: (row) => (
            <Stack gap={2} miw={90}>
              <Text size="xs">{Math.round(row.coverage)}%</Text>
              <Progress
                value={row.coverage}
                size="xs"
                color={row.coverage >= 100 ? 'teal' : 'yellow'}
                aria-hidden
              />
            </Stack>
          ),
        },
        {
          key: 'average',
          label: t('assessmentReports.keyBehaviours.average'),
          align: 'right',
          render: (row) => <ScoreValue score={row.averageScore} size="sm" />,
        },
        {
          key: 'risk',
          label: t('assessmentReports.keyBehaviours.atRisk'),
          align: 'right',
          render: (row) =>
            row.usersAtRiskPercentage === null
              ? t('assessmentReports.notAvailable')
              : `${Math.round(row.usersAtRiskPercentage)}%`,
        },
      ]}
    />
  );
}
