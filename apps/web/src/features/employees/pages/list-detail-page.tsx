import { Alert, Anchor, Breadcrumbs, Button, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock, IconPencil, IconPlugConnected, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { EMPLOYEE_MESSAGES, isImportedSource, isUuid } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatLongDate } from '../../../lib/format-date.ts';
import { PATHS } from '../../../lib/paths.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useDeleteList } from '../api/delete-list.ts';
import { useList } from '../api/get-list.ts';
import { EmployeesTable } from '../components/employees-table.tsx';
import { ListNotFound } from '../components/list-not-found.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SourceBadge } from '../components/source-badge.tsx';
import { EMPLOYEE_PATHS } from '../employee-paths.ts';
import { readTableQuery, tableQueryParams, type EmployeeTableQuery } from '../employee-table-query.ts';
import { useCompany, useIsAdmin, useMayManageEmployees } from '../../../lib/session/index.ts';
import { useAddUsersRefusal } from '../../../lib/entitlements.ts';

function ListHeaderSkeleton() {
  return (
    <Stack gap="sm" mb="xl" aria-busy="true">
      <Skeleton h={14} w={180} />
      <Skeleton h={32} w={280} />
      <Skeleton h={14} w={220} />
    </Stack>
  );
}

/**
 * /users/list/{listId}: a list's employees (spec 3 §2.1), and beneath the rename and add-employees
 * modals; /users/add/{listId} shows it beneath the add-employees modal for a new list.
 */
export function ListDetailPage() {
  const { t, i18n } = useTranslation();
  const addUsersRefusal = useAddUsersRefusal();
  const { listId = '' } = useParams();
  const { company_id: companyId } = useCompany();
  const isAdmin = useIsAdmin();
  const mayManage = useMayManageEmployees();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const list = useList(companyId, listId);
  const remove = useDeleteList(companyId, listId);
  const query = readTableQuery(params);
  // A change starts from the address as it is now: the router commits the previous change in a
  // transition, so a quick second change could otherwise undo the first (search, then page size).
  const updateQuery = (update: (current: EmployeeTableQuery) => EmployeeTableQuery) =>
    setParams(tableQueryParams(update(readTableQuery(new URLSearchParams(window.location.search)))), {
      replace: true,
    });

  if (!isUuid(listId)) return <ListNotFound />;
  if (list.isPending) return <ListHeaderSkeleton />;
  if (list.isError) {
    if (list.error instanceof ApiError && list.error.status === 404) return <ListNotFound />;
    return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  }

  const { name, usersCount, created, source } = list.data;
  // A directory keeps this list: adding, renaming, removing or deleting by hand would be undone by the next sync.
  const directoryOwned = isImportedSource(source);
  const confirmRemove = () =>
    openConfirmDialog({
      title: t('employees.list.removeTitle'),
      message: translateMessage(t, EMPLOYEE_MESSAGES.confirmRemoveList),
      confirmLabel: t('actions.confirm'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            showMessage({ type: 'success', message: t('employees.list.removed', { name }) });
            void navigate(EMPLOYEE_PATHS.overview);
          },
          onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
        }),
    });

  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to={EMPLOYEE_PATHS.overview}>
          {t('nav.users')}
        </Anchor>
        <Text size="sm" c="dimmed" truncate maw={260}>
          {name}
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={name}
        description={
          <>
            {t('employees.list.summary', { count: usersCount, date: formatLongDate(created, i18n.language) })}{' '}
            <SourceBadge source={source} />
          </>
        }
        actions={
          mayManage &&
          !directoryOwned && (
            <>
              <Tooltip label={addUsersRefusal} disabled={!addUsersRefusal} withArrow>
                <Button
                  onClick={() => {
                    if (!addUsersRefusal)
                      void navigate({ pathname: EMPLOYEE_PATHS.addUsers(listId), search });
                  }}
                  // Not `disabled` (no pointer events, no tooltip, greyed text below contrast): aria-disabled,
                  // a lock and the tooltip with the reason.
                  leftSection={addUsersRefusal ? <IconLock size={18} /> : <IconUserPlus size={18} />}
                  variant={addUsersRefusal ? 'default' : undefined}
                  aria-disabled={addUsersRefusal ? true : undefined}
                  data-testid="add-employees"
                >
                  {t('employees.actions.addEmployees')}
                </Button>
              </Tooltip>
              <Button
                onClick={() => void navigate({ pathname: EMPLOYEE_PATHS.renameList(listId), search })}
                variant="default"
                leftSection={<IconPencil size={18} />}
              >
                {t('employees.actions.rename')}
              </Button>
              {/* Deleting a list stays with admins (spec 3 §6). */}
              {isAdmin && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={18} />}
                  onClick={confirmRemove}
                  loading={remove.isPending}
                >
                  {t('employees.actions.removeList')}
                </Button>
              )}
            </>
          )
        }
      />
      {directoryOwned && (
        <Alert
          mb="md"
          color="blue"
          icon={<IconPlugConnected size={18} />}
          title={t(`employees.directoryOwned.title.${source}`)}
          data-testid="directory-owned"
        >
          {t('employees.directoryOwned.text')}{' '}
          {mayManage && (
            <Anchor
              component={Link}
              to={`${PATHS.settingsIntegrations}${source}/`}
              c="blue.9"
              underline="always"
            >
              {t('employees.directoryOwned.link')}
            </Anchor>
          )}
        </Alert>
      )}
      {/* Keyed by the list, so that another list starts with an empty search box. */}
      <EmployeesTable
        key={listId}
        companyId={companyId}
        listId={listId}
        query={query}
        onQueryChange={updateQuery}
        directoryOwned={directoryOwned}
      />
      <Outlet />
    </>
  );
}
