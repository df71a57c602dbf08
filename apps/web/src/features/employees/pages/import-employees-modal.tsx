import { Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLists } from '../api/get-lists.ts';
import { EmployeeManagersOnly } from '../components/employee-managers-only.tsx';
import { showImportDone } from '../components/import-done.ts';
import { ImportFlow } from '../components/import-flow.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { RouteModalTitle } from '../components/route-modal-title.tsx';
import { EMPLOYEE_PATHS } from '../employee-paths.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useRouteModal } from '../use-route-modal.ts';

function ImportEmployeesDialog() {
  const { t } = useTranslation();
  const { company_id: companyId } = useCompany();
  const lists = useLists(companyId);
  const { close, modalProps } = useRouteModal(EMPLOYEE_PATHS.overview);
  const phone = useIsPhone();

  return (
    <Modal
      {...modalProps}
      size="xl"
      fullScreen={phone}
      title={<RouteModalTitle title={t('employees.import.title')} />}
    >
      {lists.isPending && <Loader size="sm" aria-label={t('session.loadingPage')} />}
      {lists.isError && <LoadError error={lists.error} onRetry={() => void lists.refetch()} />}
      {lists.data && (
        <ImportFlow
          companyId={companyId}
          lists={lists.data.rows}
          onDone={(result) => {
            showImportDone(t, result);
            close(result.listId ? EMPLOYEE_PATHS.list(result.listId) : EMPLOYEE_PATHS.overview);
          }}
          onCancel={() => close()}
        />
      )}
    </Modal>
  );
}

/** /users/import: imports a file into a list the user picks, or into a new list they name. */
export function ImportEmployeesModal() {
  return (
    <EmployeeManagersOnly redirectTo={EMPLOYEE_PATHS.overview}>
      <ImportEmployeesDialog />
    </EmployeeManagersOnly>
  );
}
