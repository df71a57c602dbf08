import { Box, Checkbox, Group, SegmentedControl, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { TRAINING_LIMITS, type TrainingEmployeeRow, type TrainingEmployeesQuery } from '@vigil/shared';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { pageCount, TablePager } from '../../employees/index.ts';
import { useTrainingEmployees } from '../api/get-training.ts';
import { EmployeeRowActions, employeeRowClass } from '../../campaigns/index.ts';
import {
  isSelected,
  NO_SELECTION,
  pageSelection,
  selectedCount,
  selectionReducer,
  toReminderTarget,
} from '../delivery/employee-selection.ts';
import { oneEmployee, type ReminderTarget } from '../delivery/reminder-target.ts';
import { SelectionBar } from '../delivery/selection-bar.tsx';
import { useCopySigninLink } from '../delivery/use-copy-signin-link.ts';
import { TRAINING_PATHS } from '../training-paths.ts';
import { TrainingEmployeeCell, type EmployeeColumn } from './training-employee-cell.tsx';

/** Spec 2 §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const SKELETON_ROWS = 4;

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
  /** The program's canRemind (admins, active programs); with onRemind it offers selection and reminders. */
  canRemind?: boolean;
  isAdmin?: boolean;
  onRemind?: (target: ReminderTarget) => void;
}

/**
 * A program's employees, searched and paged by the server: Name, Completed date, List, Email, Completion
 * (lessons finished of delivered) and Quiz score (answers right of given), each with its counts.
 * Where reminders may be sent, employees are picked on the page, on all pages, or all but some.
 */
export function TrainingEmployeesTable({
  companyId,
  trainingId,
  variant,
  anonymous,
  emptyText,
  canRemind = false,
  isAdmin = false,
  onRemind,
}: TrainingEmployeesTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<{ q: string; filter: EmployeeFilter; p: number }>({
    q: '',
    filter: variant === 'bounced' ? 'bounced' : 'all',
    p: 1,
  });
  const [selection, dispatch] = useReducer(selectionReducer, NO_SELECTION);
  // A new search or filter shows other employees, so what was picked before is let go.
  const applySearch = useDebouncedCallback((q: string) => {
    dispatch({ type: 'clear' });
    setQuery((current) => ({ ...current, q: q.trim(), p: 1 }));
  }, SEARCH_DEBOUNCE_MS);
  const employees = useTrainingEmployees(companyId, trainingId, {
    ...query,
    q: query.q || undefined,
    n: TRAINING_LIMITS.pageSize,
  });
  const signinLink = useCopySigninLink(companyId, trainingId);

  const bounced = variant === 'bounced';
  const remindable = Boolean(onRemind) && canRemind && !anonymous && !bounced;
  const withActions = !bounced && !anonymous && (remindable || isAdmin);
  const columns: EmployeeColumn[] = [
    'name',
    ...(bounced ? [] : ['completed' as const]),
    ...(anonymous ? [] : ['list' as const]),
    'email',
    ...(bounced ? [] : ['completion' as const, 'quizScore' as const]),
  ];
  const columnCount = columns.length + (remindable ? 1 : 0) + (withActions ? 1 : 0);
  const rows = employees.data?.rows ?? [];
  const total = employees.data?.total ?? 0;
  const narrowed = query.q !== '' || (variant === 'tab' && query.filter !== 'all');
  const pageEmails = rows.map((row) => row.email).filter(Boolean);
  const pageState = pageSelection(selection, pageEmails);
  const count = selectedCount(selection, total);
  const opensDetail = (employee: TrainingEmployeeRow) => !anonymous && Boolean(employee.email);

  const remind = (target: ReminderTarget) => onRemind?.(target);
  const remindSelected = () =>
    remind({ ...toReminderTarget(selection), onSent: () => dispatch({ type: 'clear' }) });

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
              if (!filter) return;
              dispatch({ type: 'clear' });
              setQuery((current) => ({ ...current, filter, p: 1 }));
            }}
          />
        )}
      </Group>
      {remindable && count > 0 && (
        <SelectionBar
          selection={selection}
          count={count}
          total={total}
          // The server's "all" is every employee of the program, so it is offered only unnarrowed.
          offerAll={!narrowed && pageState === 'all' && total > pageEmails.length}
          onSelectAll={() => dispatch({ type: 'all' })}
          onClear={() => dispatch({ type: 'clear' })}
          onRemind={remindSelected}
        />
      )}
      {employees.isError && <LoadError error={employees.error} onRetry={() => void employees.refetch()} />}
      <Table.ScrollContainer minWidth={bounced ? 480 : 820 + (withActions ? 140 : 0)} type="native">
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          aria-busy={employees.isFetching}
          style={{ opacity: employees.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          data-testid="training-employees-table"
        >
          <Table.Thead>
            <Table.Tr>
              {remindable && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('trainingDelivery.selection.page')}
                    checked={pageState === 'all'}
                    indeterminate={pageState === 'some'}
                    disabled={pageEmails.length === 0}
                    onChange={() =>
                      dispatch({ type: 'page', emails: pageEmails, selected: pageState !== 'all' })
                    }
                  />
                </Table.Th>
              )}
              {columns.map((column) => (
                <Table.Th key={column}>{t(`trainings.employees.columns.${column}`)}</Table.Th>
              ))}
              {withActions && <Table.Th w={1} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {employees.isPending &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Table.Tr key={i}>
                  {Array.from({ length: columnCount }, (_, j) => (
                    <Table.Td key={j}>
                      <Skeleton h={12} w="60%" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {employees.data?.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
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
            {rows.map((employee, index) => {
              const opens = opensDetail(employee);
              const picked = isSelected(selection, employee.email);
              return (
                <Table.Tr
                  key={employee.email || index}
                  className={employeeRowClass(opens)}
                  bg={picked ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={
                    opens
                      ? () => void navigate(TRAINING_PATHS.employee(trainingId, employee.email))
                      : undefined
                  }
                >
                  {remindable && (
                    <Table.Td onClick={(click) => click.stopPropagation()}>
                      <Checkbox
                        aria-label={t('trainingDelivery.selection.one', {
                          name: employee.name || employee.email,
                        })}
                        checked={picked}
                        onChange={(change) =>
                          dispatch({
                            type: 'toggle',
                            email: employee.email,
                            selected: change.currentTarget.checked,
                          })
                        }
                      />
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td key={column} style={{ whiteSpace: 'nowrap' }}>
                      <TrainingEmployeeCell
                        employee={employee}
                        column={column}
                        trainingId={trainingId}
                        linked={opens}
                      />
                    </Table.Td>
                  ))}
                  {withActions && (
                    <Table.Td>
                      <EmployeeRowActions
                        employee={employee}
                        canRemind={remindable}
                        canCopyLink={isAdmin}
                        copying={signinLink.pendingEmail === employee.email}
                        onRemind={() => remind(oneEmployee(employee.email))}
                        onCopyLink={() => signinLink.copy(employee.email)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
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
