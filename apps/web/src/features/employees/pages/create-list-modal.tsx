import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { useCreateList } from '../api/create-list.ts';
import { EmployeeManagersOnly } from '../components/employee-managers-only.tsx';
import { ListNameModal } from '../components/list-name-modal.tsx';
import { EMPLOYEE_PATHS } from '../employee-paths.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { useRouteModal } from '../use-route-modal.ts';

function CreateListDialog() {
  const { t } = useTranslation();
  const create = useCreateList(useCompany().company_id);
  const { close, modalProps } = useRouteModal(EMPLOYEE_PATHS.overview);
  return (
    <ListNameModal
      title={t('employees.createList.title')}
      submitLabel={t('employees.createList.submit')}
      pending={create.isPending}
      error={create.error}
      modalProps={modalProps}
      onSubmit={(name) =>
        create.mutate(
          { name },
          {
            onSuccess: (list) => {
              showMessage({ type: 'success', message: t('employees.createList.done', { name: list.name }) });
              close(EMPLOYEE_PATHS.addToNewList(list.id));
            },
          },
        )
      }
    />
  );
}

/** /users/create-list: creates a list, then goes on to add its employees (spec 3 §2.1). */
export function CreateListModal() {
  return (
    <EmployeeManagersOnly redirectTo={EMPLOYEE_PATHS.overview}>
      <CreateListDialog />
    </EmployeeManagersOnly>
  );
}
