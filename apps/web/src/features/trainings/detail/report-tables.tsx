import { Skeleton, Table, Text } from '@mantine/core';
import { completionPercent } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { useTrainingLessons, useTrainingLists } from '../api/get-training.ts';
import { formatPercent } from '../../campaigns/index.ts';
import { InteractiveFlags } from './interactive-flags.tsx';

interface ReportTableProps<Row> {
  query: {
    data: Row[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  headers: { label: string; numeric?: boolean }[];
  row: (row: Row) => ReactNode[];
  rowKey: (row: Row) => string;
  empty: string;
  minWidth: number;
}

function ReportTable<Row>({ query, headers, row, rowKey, empty, minWidth }: ReportTableProps<Row>) {
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {headers.map(({ label, numeric }) => (
              <Table.Th key={label} ta={numeric ? 'right' : undefined}>
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.isPending &&
            [0, 1, 2].map((i) => (
              <Table.Tr key={i}>
                {headers.map(({ label }) => (
                  <Table.Td key={label}>
                    <Skeleton h={12} w="60%" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {query.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={headers.length}>
                <Text c="dimmed" ta="center" py="xl" size="sm">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {query.data?.map((item) => (
            <Table.Tr key={rowKey(item)}>
              {row(item).map((value, index) => (
                <Table.Td key={headers[index]?.label} ta={headers[index]?.numeric ? 'right' : undefined}>
                  {value}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "3 / 4 (75%)"; a dash while nothing is expected yet. */
const completed = (score: number, total: number, notAvailable: string) =>
  total > 0 ? `${score} / ${total} (${formatPercent(completionPercent(score, total), notAvailable)})` : '—';

interface ReportProps {
  companyId: string;
  trainingId: string;
}

/**
 * Spec 2 §2: per subject, the deliveries sent, lessons completed of those expected, questions, correct
 * answers; then each interactive subject's red flags, found and missed.
 */
export function LessonsTable({ companyId, trainingId }: ReportProps) {
  const { t } = useTranslation();
  const lessons = useTrainingLessons(companyId, trainingId);
  const na = t('trainings.notAvailable');
  return (
    <>
      <ReportTable
        query={lessons}
        minWidth={640}
        empty={t('trainings.lessons.empty')}
        rowKey={(lesson) => lesson.id}
        headers={[
          { label: t('trainings.lessons.name') },
          { label: t('trainings.lessons.sent'), numeric: true },
          { label: t('trainings.lessons.completed'), numeric: true },
          { label: t('trainings.lessons.questions'), numeric: true },
          { label: t('trainings.lessons.correct'), numeric: true },
        ]}
        row={(lesson) => [
          <Text key="name" size="sm" fw={500}>
            {lesson.name}
          </Text>,
          lesson.sent,
          completed(lesson.score, lesson.total, na),
          lesson.questions_count,
          formatPercent(lesson.correctsStats, na),
        ]}
      />
      <InteractiveFlags companyId={companyId} trainingId={trainingId} lessons={lessons.data} />
    </>
  );
}

/** Spec 2 §2: the program's employee lists with their employees and lessons completed of those expected. */
export function ListsTable({ companyId, trainingId }: ReportProps) {
  const { t } = useTranslation();
  const lists = useTrainingLists(companyId, trainingId);
  const na = t('trainings.notAvailable');
  return (
    <ReportTable
      query={lists}
      minWidth={520}
      empty={t('trainings.lists.empty')}
      rowKey={(list) => list.id}
      headers={[
        { label: t('trainings.lists.name') },
        { label: t('trainings.lists.employees'), numeric: true },
        { label: t('trainings.lists.completed'), numeric: true },
      ]}
      row={(list) => [
        <Text key="name" size="sm" fw={500}>
          {list.name}
        </Text>,
        list.list_user_count,
        completed(list.score, list.total, na),
      ]}
    />
  );
}
