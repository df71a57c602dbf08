import { Button, Card, EmptyState } from '@mantine/core';
import { IconPlus, IconUpload, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { EMPLOYEE_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useLists } from '../api/get-lists.ts';
import { ListsTable } from '../components/lists-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SeatsSummary, SeatsSummarySkeleton } from '../components/seats-summary.tsx';
import { EMPLOYEE_PATHS } from '../employee-paths.ts';
import { useCompany, useMayManageEmployees } from '../../../lib/session/index.ts';

/** /users: the employee lists, the seats in use, and beneath the create-list and import modals. */
export function EmployeeListsPage() {
  const { t } = useTranslation();
  const company = useCompany();
  const mayManage = useMayManageEmployees();
  const navigate = useNavigate();
  const lists = useLists(company.company_id);
  const rows = lists.data?.rows;
  const usersTotal = lists.data?.usersTotal ?? 0;

  return (
    <>
      <PageHeader
        title={t('nav.users')}
        description={t('employees.overview.description')}
        actions={
          mayManage && (
            <>
              <Button
                variant="default"
                leftSection={<IconUpload size={18} />}
                onClick={() => void navigate(EMPLOYEE_PATHS.import)}
              >
                {t('employees.actions.import')}
              </Button>
              <Button
                leftSection={<IconPlus size={18} />}
                onClick={() => void navigate(EMPLOYEE_PATHS.createList)}
              >
                {t('employees.actions.createList')}
              </Button>
            </>
          )
        }
      />
      {lists.isError ? (
        <LoadError error={lists.error} onRetry={() => void lists.refetch()} />
      ) : (
        <>
          {rows ? (
            <SeatsSummary company={company} listsCount={rows.length} usersTotal={usersTotal} />
          ) : (
            <SeatsSummarySkeleton />
          )}
          {rows?.length === 0 ? (
            <Card py={56} data-testid="no-lists">
              <EmptyState
                variant="light"
                size="lg"
                icon={<IconUsersGroup />}
                title={translateMessage(t, EMPLOYEE_MESSAGES.noLists)}
                description={t(
                  mayManage ? 'employees.overview.noListsText' : 'employees.overview.noListsViewer',
                )}
              />
            </Card>
          ) : (
            <>
              {rows && usersTotal === 0 && (
                <Card py="xl" mb="lg" data-testid="no-employees">
                  <EmptyState
                    variant="light"
                    icon={<IconUsers />}
                    title={translateMessage(t, EMPLOYEE_MESSAGES.noEmployees)}
                    description={t(
                      mayManage
                        ? 'employees.overview.noEmployeesText'
                        : 'employees.overview.noEmployeesViewer',
                    )}
                  />
                </Card>
              )}
              <ListsTable lists={rows} />
            </>
          )}
        </>
      )}
      <Outlet />
    </>
  );
}
