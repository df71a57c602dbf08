import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  NativeSelect,
  Skeleton,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { EMPLOYEE_MESSAGES, EMPLOYEE_PAGE, MESSAGES, type Employee } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useDeleteListUser } from '../api/delete-list-user.ts';
import { useListUsers } from '../api/get-list-users.ts';
import { EMPLOYEE_PATHS, type EmployeeLinkState } from '../employee-paths.ts';
import { changeTableQuery, sortBy, type EmployeeTableQuery } from '../employee-table-query.ts';
import { pageCount } from '../page-window.ts';
import { useIsAdmin } from '../../../lib/session/index.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { SortableTh } from './sortable-th.tsx';
import { SourceBadge } from './source-badge.tsx';
import { TablePager } from './table-pager.tsx';

/** Spec 3 §9: list search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;
const SKELETON_ROWS = 5;

interface EmployeesTableProps {
  companyId: string;
  listId: string;
  query: EmployeeTableQuery;
  /** Changes the table's state, given how to change the state it is in. */
  onQueryChange: (update: (current: EmployeeTableQuery) => EmployeeTableQuery) => void;
  /** A directory keeps the list: no deleting by hand, the next sync would add the employee back. */
  directoryOwned?: boolean;
}

/** One list's employees: searched, sorted and paged by the server. */
export function EmployeesTable({
  companyId,
  listId,
  query,
  onQueryChange,
  directoryOwned = false,
}: EmployeesTableProps) {
  const { t, i18n } = useTranslation();
  const { search: listSearch } = useLocation();
  const mayDelete = useIsAdmin() && !directoryOwned;
  const users = useListUsers(companyId, listId, query);
  const remove = useDeleteListUser(companyId, listId);
  const [search, setSearch] = useState(query.q);
  const applySearch = useDebouncedCallback(
    (q: string) => onQueryChange((current) => changeTableQuery(current, { q: q.trim() })),
    SEARCH_DEBOUNCE_MS,
  );

  const confirmDelete = (employee: Employee) =>
    openConfirmDialog({
      title: t('employees.list.deleteUserTitle'),
      message: translateMessage(t, EMPLOYEE_MESSAGES.confirmDeleteUser),
      confirmLabel: t('actions.confirm'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(employee.email, {
          onSuccess: () =>
            showMessage({
              type: 'success',
              message: t('employees.list.userDeleted', { email: employee.email }),
            }),
          onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
        }),
    });

  const page = users.data;
  const total = page?.total ?? 0;
  const totalPages = pageCount(total, query.pageSize);
  const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const last = Math.min(query.page * query.pageSize, total);
  const columns = mayDelete ? 6 : 5;

  return (
    <Card p={0}>
      <Group justify="space-between" p="md" gap="sm">
        <TextInput
          aria-label={t('employees.list.search')}
          placeholder={t('employees.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={{ base: '100%', xs: 320 }}
        />
        {total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('employees.list.range', { from: first, to: last, total })}
          </Text>
        )}
      </Group>

      {users.isError && (
        <Box px="md" pb="md">
          <LoadError error={users.error} onRetry={() => void users.refetch()} />
        </Box>
      )}

      <Table.ScrollContainer minWidth={720} type="native">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-busy={users.isFetching}
          style={{ opacity: users.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              <SortableTh
                column="email"
                label={t('employees.list.email')}
                query={query}
                onSort={(column) => onQueryChange((current) => sortBy(current, column))}
              />
              <SortableTh
                column="name"
                label={t('employees.list.name')}
                query={query}
                onSort={(column) => onQueryChange((current) => sortBy(current, column))}
              />
              <Table.Th>{t('employees.list.unit')}</Table.Th>
              <Table.Th>{t('employees.list.tags')}</Table.Th>
              <Table.Th>{t('employees.list.added')}</Table.Th>
              {mayDelete && (
                <Table.Th w={64}>
                  <VisuallyHidden>{t('employees.list.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.isPending &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Table.Tr key={i}>
                  {Array.from({ length: columns }, (_, j) => (
                    <Table.Td key={j}>
                      <Skeleton h={12} w={j === 0 ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {page?.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Text c="dimmed" ta="center" py="xl" size="sm">
                    {translateMessage(t, MESSAGES.noData)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {page?.rows.map((employee) => (
              <Table.Tr key={employee.email}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={EMPLOYEE_PATHS.employee(listId, employee.email)}
                    state={{ listSearch } satisfies EmployeeLinkState}
                    size="sm"
                    fw={500}
                  >
                    {employee.email}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {employee.user_name}
                    </Text>
                    <SourceBadge source={employee.source} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{employee.unit}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {employee.tags.map((tag) => (
                      <Badge key={tag} variant="default" size="sm" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatLongDate(employee.created, i18n.language)}
                  </Text>
                </Table.Td>
                {mayDelete && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('employees.list.deleteUser', { email: employee.email })}
                      onClick={() => confirmDelete(employee)}
                      loading={remove.isPending && remove.variables === employee.email}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" p="md" gap="sm">
        <NativeSelect
          label={t('employees.list.pageSize')}
          size="xs"
          data={EMPLOYEE_PAGE.pageSizeOptions.map(String)}
          value={String(query.pageSize)}
          onChange={(event) => {
            const pageSize = Number(event.currentTarget.value);
            onQueryChange((current) => changeTableQuery(current, { pageSize }));
          }}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { fontWeight: 400 } }}
        />
        <TablePager
          page={query.page}
          totalPages={totalPages}
          onChange={(page) => onQueryChange((current) => changeTableQuery(current, { page }))}
        />
      </Group>
    </Card>
  );
}
