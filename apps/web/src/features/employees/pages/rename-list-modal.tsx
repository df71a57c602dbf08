import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { useList } from '../api/get-list.ts';
import { useRenameList } from '../api/rename-list.ts';
import { EmployeeManagersOnly } from '../components/employee-managers-only.tsx';
import { ListNameModal } from '../components/list-name-modal.tsx';
import { EMPLOYEE_PATHS } from '../employee-paths.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { useRouteModal } from '../use-route-modal.ts';

function RenameListDialog({ listId, closeTo }: { listId: string; closeTo: string }) {
  const { t } = useTranslation();
  const { company_id: companyId } = useCompany();
  // The page beneath has loaded the list, so its name is in the cache.
  const list = useList(companyId, listId);
  const rename = useRenameList(companyId, listId);
  const { close, modalProps } = useRouteModal(closeTo);
  if (!list.data) return null;
  return (
    <ListNameModal
      title={t('employees.renameList.title')}
      submitLabel={t('employees.renameList.submit')}
      initialName={list.data.name}
      pending={rename.isPending}
      error={rename.error}
      modalProps={modalProps}
      onSubmit={(name) =>
        rename.mutate(
          { name },
          {
            onSuccess: () => {
              showMessage({ type: 'success', message: t('employees.renameList.done') });
              close();
            },
          },
        )
      }
    />
  );
}

/** /users/list/{listId}/edit: renames the list. */
export function RenameListModal() {
  const { listId = '' } = useParams();
  const { search } = useLocation();
  const closeTo = EMPLOYEE_PATHS.list(listId) + search;
  return (
    <EmployeeManagersOnly redirectTo={closeTo}>
      <RenameListDialog listId={listId} closeTo={closeTo} />
    </EmployeeManagersOnly>
  );
}
