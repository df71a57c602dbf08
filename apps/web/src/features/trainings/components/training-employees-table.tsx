import { Anchor, Box, Group, SegmentedControl, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { TRAINING_LIMITS, type TrainingEmployeeRow, type TrainingEmployeesQuery } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { formatShortDate } from '../../../lib/format-date.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { useTrainingEmployees } from '../api/get-training.ts';
import { TRAINING_PATHS } from '../training-paths.ts';
import { formatPercent } from './percent.ts';

/** Spec 2 §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const SKELETON_ROWS = 4;
const NONE = '—';

type EmployeeFilter = NonNullable<TrainingEmployeesQuery['filter']>;
const FILTERS: EmployeeFilter[] = ['all', 'completed', 'notCompleted', 'bounced'];

interface TrainingEmployeesTableProps {
  companyId: string;
  trainingId: string;
  /** Spec 2 §2: the employees tab filters; the invited and bounced modals show one fixed set. */
  variant: 'tab' | 'invited' | 'bounced';
  /** Anonymous tracking: no per-employee details and no list column. */
  anonymous: boolean;
  /** What the table says while nobody is in it and nothing narrows it. */
  emptyText: string;
}

/** A program's employees, searched and paged by the server: Name, Completed date, List, Email, score. */
export function TrainingEmployeesTable({
  companyId,
  trainingId,
  variant,
  anonymous,
  emptyText,
}: TrainingEmployeesTableProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<{ q: string; filter: EmployeeFilter; p: number }>({
    q: '',
    filter: variant === 'bounced' ? 'bounced' : 'all',
    p: 1,
  });
  const applySearch = useDebouncedCallback(
    (q: string) => setQuery((current) => ({ ...current, q: q.trim(), p: 1 })),
    SEARCH_DEBOUNCE_MS,
  );
  const employees = useTrainingEmployees(companyId, trainingId, {
    ...query,
    q: query.q || undefined,
    n: TRAINING_LIMITS.pageSize,
  });

  const bounced = variant === 'bounced';
  const columns = [
    'name',
    ...(bounced ? [] : ['completed']),
    ...(anonymous ? [] : ['list']),
    'email',
    ...(bounced ? [] : ['score']),
  ];
  const total = employees.data?.total ?? 0;
  const narrowed = query.q !== '' || (variant === 'tab' && query.filter !== 'all');

  const cell = (employee: TrainingEmployeeRow, column: string) => {
    switch (column) {
      case 'name':
        if (anonymous || !employee.email)
          return <Text size="sm">{employee.name || t('trainings.employees.anonymous')}</Text>;
        return (
          <Anchor
            component={Link}
            to={TRAINING_PATHS.employee(trainingId, employee.email)}
            size="sm"
            fw={500}
          >
            {employee.name || employee.email}
          </Anchor>
        );
      case 'completed':
        return employee.completedDate ? formatShortDate(employee.completedDate, i18n.language) : NONE;
      case 'list':
        return employee.listName || NONE;
      case 'email':
        return employee.email || NONE;
      default:
        return (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {formatPercent(employee.scorePercent, t('trainings.notAvailable'))}
            </Text>
            <Text size="xs" c="dimmed">
              {employee.score}/{employee.total}
            </Text>
          </Group>
        );
    }
  };

  return (
    <Box>
      <Group justify="space-between" gap="sm" mb="sm">
        <TextInput
          aria-label={t('trainings.employees.search')}
          placeholder={t('trainings.employees.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={{ base: '100%', xs: 300 }}
        />
        {variant === 'tab' && (
          <SegmentedControl
            size="xs"
            data={FILTERS.map((filter) => ({
              value: filter,
              label: t(`trainings.employees.filter.${filter}`),
            }))}
            value={query.filter}
            onChange={(value) => {
              const filter = FILTERS.find((candidate) => candidate === value);
              if (filter) setQuery((current) => ({ ...current, filter, p: 1 }));
            }}
          />
        )}
      </Group>
      {employees.isError && <LoadError error={employees.error} onRetry={() => void employees.refetch()} />}
      <Table.ScrollContainer minWidth={bounced ? 480 : 720} type="native">
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          aria-busy={employees.isFetching}
          style={{ opacity: employees.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{t(`trainings.employees.columns.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {employees.isPending &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Table.Tr key={i}>
                  {columns.map((column) => (
                    <Table.Td key={column}>
                      <Skeleton h={12} w="60%" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {employees.data?.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="xl" size="sm">
                    {narrowed
                      ? t('trainings.employees.noMatch')
                      : bounced
                        ? t('trainings.employees.noBounced')
                        : emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {employees.data?.rows.map((employee, index) => (
              <Table.Tr key={employee.email || index}>
                {columns.map((column) => (
                  <Table.Td key={column} style={{ whiteSpace: 'nowrap' }}>
                    {cell(employee, column)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > TRAINING_LIMITS.pageSize && (
        <Group justify="flex-end" mt="sm">
          <TablePager
            page={query.p}
            totalPages={pageCount(total, TRAINING_LIMITS.pageSize)}
            onChange={(p) => setQuery((current) => ({ ...current, p }))}
          />
        </Group>
      )}
    </Box>
  );
}
