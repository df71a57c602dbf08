import { Alert, Modal, Switch } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useList } from '../api/get-list.ts';
import { EmployeeManagersOnly } from '../components/employee-managers-only.tsx';
import { showImportDone } from '../components/import-done.ts';
import { ImportFlow } from '../components/import-flow.tsx';
import { ManualEmployeesForm } from '../components/manual-employees-form.tsx';
import { RouteModalTitle } from '../components/route-modal-title.tsx';
import { EMPLOYEE_PATHS } from '../employee-paths.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useRouteModal } from '../use-route-modal.ts';
import { useAddUsersRefusal } from '../../../lib/entitlements.ts';

type AddMode = 'manual' | 'import';

interface AddEmployeesDialogProps {
  listId: string;
  initialMode: AddMode;
  closeTo: string;
}

function AddEmployeesDialog({ listId, initialMode, closeTo }: AddEmployeesDialogProps) {
  const { t } = useTranslation();
  const addUsersRefusal = useAddUsersRefusal();
  const company = useCompany();
  const list = useList(company.company_id, listId);
  const [mode, setMode] = useState<AddMode>(initialMode);
  const { close, modalProps } = useRouteModal(closeTo);
  const phone = useIsPhone();
  const listPage = EMPLOYEE_PATHS.list(listId);

  return (
    <Modal
      {...modalProps}
      size="xl"
      fullScreen={phone}
      title={<RouteModalTitle title={t('employees.add.title')} subtitle={list.data?.name} />}
    >
      <Switch
        label={t('employees.add.importMode')}
        checked={mode === 'import'}
        onChange={(event) => setMode(event.currentTarget.checked ? 'import' : 'manual')}
        mb="lg"
      />
      {mode === 'manual' ? (
        <ManualEmployeesForm
          companyId={company.company_id}
          listId={listId}
          canAddUsers={company.canAddUsers}
          onSaved={() => close(listPage)}
          onCancel={() => close()}
        />
      ) : (
        <>
          {!company.canAddUsers && (
            <Alert color="orange" variant="light" icon={<IconAlertCircle />} mb="lg">
              {addUsersRefusal}
            </Alert>
          )}
          <ImportFlow
            companyId={company.company_id}
            listId={listId}
            onDone={(result) => {
              showImportDone(t, result);
              close(listPage);
            }}
            onCancel={() => close()}
          />
        </>
      )}
    </Modal>
  );
}

/**
 * The add employees modal (spec 3 §2.1): manual or import mode, switched by a toggle. A list that
 * already exists (…/add-users) starts in manual mode; a list just created (/users/add/{id}) in import.
 */
export function AddEmployeesModal({ initialMode }: { initialMode: AddMode }) {
  const { listId = '' } = useParams();
  const { search } = useLocation();
  const closeTo = EMPLOYEE_PATHS.list(listId) + (initialMode === 'manual' ? search : '');
  return (
    <EmployeeManagersOnly redirectTo={closeTo}>
      <AddEmployeesDialog listId={listId} initialMode={initialMode} closeTo={closeTo} />
    </EmployeeManagersOnly>
  );
}
