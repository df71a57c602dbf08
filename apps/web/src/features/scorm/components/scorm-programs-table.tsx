import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { PACKAGE_LIMITS, truncate, type ScormAssessmentRow, type ScormTrainingRow } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryTable, type QueryTableColumn } from '../../../components/query-table.tsx';
import { formatShortDate } from '../../../lib/format-date.ts';
import { formatPercent } from '../../campaigns/index.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { programPackagePath, useScormPrograms, type ProgramKind } from '../api/packages-api.ts';
import { PackageDownloadIcon } from './package-downloads.tsx';

type ScormRow = ScormTrainingRow | ScormAssessmentRow;

interface ScormProgramsTableProps {
  kind: ProgramKind;
  companyId: string;
  /** The locale section of the kind ('trainings', 'assessments'): its column names and "not available". */
  section: string;
  /** Where a row's name leads: the program's detail (its address carries the `p` of a SCORM program). */
  viewPath: (row: { id: string; isScorm: true }) => string;
}

const NAME_IN_TABLE = 30;
const DETAILS_IN_ROW = 60;

/**
 * The list's SCORM table (spec 2 §2: SCORM programs listed apart; Name, Created, Completion, Score),
 * server-paged, each row with its package's downloads. Shown only when the company has SCORM programs.
 */
export function ScormProgramsTable({ kind, companyId, section, viewPath }: ScormProgramsTableProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useScormPrograms(kind, companyId, page);
  if (query.isSuccess && query.data.total === 0) return null;
  const details = (row: ScormRow) =>
    'subjectsNames' in row
      ? row.subjectsNames.join(', ')
      : t('packages.table.questions', { count: row.questionsCount });
  const percent = (value: number | null) => formatPercent(value, t(`${section}.notAvailable`));
  const columns: QueryTableColumn<ScormRow>[] = [
    {
      key: 'name',
      header: t(`${section}.list.columns.${kind}`),
      cell: (row) => (
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={viewPath({ id: row.id, isScorm: true })}
            fw={600}
            size="sm"
            c="var(--mantine-color-text)"
            title={row.name}
          >
            {truncate(row.name, NAME_IN_TABLE)}
          </Anchor>
          <Text size="xs" c="dimmed">
            {truncate(details(row), DETAILS_IN_ROW)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'created',
      header: t('packages.table.created'),
      td: { style: { whiteSpace: 'nowrap' } },
      cell: (row) => formatShortDate(row.created, i18n.language),
    },
    { key: 'learners', header: t('packages.table.learners'), align: 'right', cell: (row) => row.learners },
    {
      key: 'completion',
      header: t('packages.table.completion'),
      align: 'right',
      cell: (row) => percent(row.completion),
    },
    { key: 'score', header: t('packages.table.score'), align: 'right', cell: (row) => percent(row.score) },
    {
      key: 'download',
      header: t('packages.download.menu'),
      hiddenHeader: true,
      width: 56,
      cell: (row) => (
        <PackageDownloadIcon kind={kind} path={programPackagePath(kind, companyId, row.id)} name={row.name} />
      ),
    },
  ];
  const total = query.data?.total ?? 0;
  return (
    <Stack gap="xs" mt="xl" data-testid={`scorm-${kind}s`}>
      <Title order={2} fz="lg">
        {t('packages.table.title')}
      </Title>
      <Card p={0}>
        <QueryTable
          query={query}
          rows={query.data?.rows}
          rowKey={(row) => row.id}
          rowTestId={() => 'scorm-row'}
          columns={columns}
          empty={t('packages.table.empty')}
          minWidth={640}
          footer={
            total > PACKAGE_LIMITS.pageSize && (
              <Group justify="flex-end" mt="sm">
                <TablePager
                  page={page}
                  totalPages={pageCount(total, PACKAGE_LIMITS.pageSize)}
                  onChange={setPage}
                />
              </Group>
            )
          }
        />
      </Card>
    </Stack>
  );
}
