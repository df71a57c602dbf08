import { Modal } from '@mantine/core';
import type { AssessmentView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { EmployeesReport, type EmployeesPreset } from './employees-report.tsx';

interface EmployeesModalProps {
  companyId: string;
  assessment: Pick<AssessmentView, 'id' | 'isScorm' | 'lists' | 'anonymousTracking' | 'canRemind'>;
  isAdmin: boolean;
  /** What the modal opens on; null while closed. */
  preset: EmployeesPreset | null;
  threatArea?: string;
  onClose: () => void;
  onRemind?: (emails: string[]) => void;
}

/** "View Employees" (spec 2 §2): the employees report in a modal; the bounced variant shows that view only. */
export function EmployeesModal({ preset, onClose, ...report }: EmployeesModalProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const title = preset
    ? t(`assessmentReports.employees.modal.${preset.view}`)
    : t('assessmentReports.employees.modal.all');
  return (
    <Modal
      opened={preset !== null}
      onClose={onClose}
      title={title}
      size="80rem"
      fullScreen={phone}
      data-testid="employees-modal"
    >
      {preset && <EmployeesReport {...report} preset={preset} fixedView={preset.view === 'bounced'} />}
    </Modal>
  );
}
