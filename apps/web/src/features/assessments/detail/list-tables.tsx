import { Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { ASSESSMENT_LIMITS, type EmployeeListRow, type QuestionReportRow } from '@vigil/shared';
import type { z } from 'zod';
import type { ListScores } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bandTint, bandTitle } from '../../../lib/score-bands.ts';
import { useScoreBands } from '../../../lib/session/index.ts';
import { pageOf, showsPager } from './report-rules.ts';
import { ReportTable } from './report-table.tsx';
import { ScoreValue } from './score-value.tsx';

interface QuestionsTableProps {
  rows: readonly QuestionReportRow[] | undefined;
  error?: unknown;
  onRetry?: () => void;
  withArea?: boolean;
}

/** Spec 2 §2 questions report: number, name, area, behaviours, answered, average %; pages from 5. */
export function QuestionsTable({ rows, error, onRetry, withArea = true }: QuestionsTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const total = rows?.length ?? 0;
  return (
    <ReportTable
      testId="questions-table"
      rows={rows && pageOf(rows, page)}
      error={error}
      onRetry={onRetry}
      rowKey={(row) => row.id}
      empty={t('assessmentReports.questions.empty')}
      minWidth={720}
      pager={
        showsPager('questions', total)
          ? { page, total, size: ASSESSMENT_LIMITS.pageSize, onChange: setPage }
          : null
      }
      columns={[
        { key: 'number', label: '#', render: (row) => row.number },
        {
          key: 'name',
          label: t('assessmentReports.questions.name'),
          render: (row) => (
            <Text size="sm" fw={500}>
              {row.name}
            </Text>
          ),
        },
        ...(withArea
          ? [
              {
                key: 'area',
                label: t('assessmentReports.questions.area'),
                render: (row: QuestionReportRow) => row.area,
              },
            ]
          : []),
        {
          key: 'behaviours',
          label: t('assessmentReports.questions.behaviours'),
          render: (row) => (
            <Group gap={4}>
              {row.behaviours.map((b) => (
                <Badge key={b.code} variant="default" size="sm" tt="none" fw={500}>
                  {b.name}
                </Badge>
              ))}
            </Group>
          ),
        },
        {
          key: 'answered',
          label: t('assessmentReports.questions.answered'),
          align: 'right',
          render: (row) => row.answered,
        },
        {
          key: 'average',
          label: t('assessmentReports.questions.average'),
          align: 'right',
          render: (row) => <ScoreValue score={row.average_score_percentage} size="sm" />,
        },
      ]}
    />
  );
}

interface EmployeeListsTableProps {
  rows: readonly EmployeeListRow[] | undefined;
  error?: unknown;
  onRetry?: () => void;
  onOpen?: (listId: string) => void;
}

/** The assessment's employee lists: employees, started, completion and score (spec 2 §2). */
export function EmployeeListsTable({ rows, error, onRetry, onOpen }: EmployeeListsTableProps) {
  const { t } = useTranslation();
  return (
    <ReportTable
      testId="employee-lists-table"
      rows={rows}
      error={error}
      onRetry={onRetry}
      rowKey={(row) => row.listId}
      empty={t('assessmentReports.lists.empty')}
      onRowClick={onOpen ? (row) => onOpen(row.listId) : undefined}
      columns={[
        {
          key: 'name',
          label: t('assessmentReports.lists.name'),
          render: (row) => (
            <Text size="sm" fw={500}>
              {row.listName}
            </Text>
          ),
        },
        {
          key: 'employees',
          label: t('assessmentReports.lists.employees'),
          align: 'right',
          render: (row) => row.employeesCount,
        },
        {
          key: 'started',
          label: t('assessmentReports.lists.started'),
          align: 'right',
          render: (row) => row.started,
        },
        {
          key: 'completion',
          label: t('assessmentReports.lists.completion'),
          align: 'right',
          render: (row) =>
            row.completionRate === null
              ? t('assessmentReports.notAvailable')
              : `${Math.round(row.completionRate)}%`,
        },
        {
          key: 'score',
          label: t('assessmentReports.lists.score'),
          align: 'right',
          render: (row) => <ScoreValue score={row.resilienceScore} size="sm" />,
        },
      ]}
    />
  );
}

type ListScoresRow = z.infer<typeof ListScores>;

/** Spec 2 §2: each list's average per threat area, cells coloured by band (only with several lists). */
export function ListScoresGrid({
  rows,
  onOpenArea,
}: {
  rows: readonly ListScoresRow[];
  onOpenArea: (areaId: string) => void;
}) {
  const { t } = useTranslation();
  const bands = useScoreBands();
  const areas = rows[0]?.areas ?? [];
  return (
    <Table.ScrollContainer minWidth={180 + areas.length * 120} type="native">
      <Table verticalSpacing="xs" horizontalSpacing="sm" withColumnBorders data-testid="list-scores-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('assessmentReports.listScores.list')}</Table.Th>
            {areas.map((area) => (
              <Table.Th key={area.areaId} ta="center">
                <Text
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  c="var(--mantine-primary-color-filled)"
                  bg="none"
                  bd="none"
                  style={{ cursor: 'pointer' }}
                  onClick={() => onOpenArea(area.areaId)}
                >
                  {area.area}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((list) => (
            <Table.Tr key={list.listId}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {list.listName}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('assessmentReports.listScores.started', {
                    started: list.started,
                    count: list.usersCount,
                  })}
                </Text>
              </Table.Td>
              {areas.map((column) => {
                const score = list.areas.find((a) => a.areaId === column.areaId)?.averageScore ?? null;
                const band = score === null ? null : bands.band(score);
                const tint = band ? bandTint(band.color) : null;
                return (
                  <Table.Td key={column.areaId} ta="center" bg={tint?.bg} c={tint?.c ?? 'dimmed'} fw={600}>
                    {score === null ? (
                      t('assessmentReports.notAvailable')
                    ) : (
                      <Tooltip label={bandTitle(t, band!)} withArrow>
                        <span>{Math.round(score)}%</span>
                      </Tooltip>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
