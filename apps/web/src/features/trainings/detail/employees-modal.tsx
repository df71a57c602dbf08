import { Modal } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { TrainingEmployeesTable } from '../components/training-employees-table.tsx';

interface EmployeesModalProps extends Omit<ComponentProps<typeof TrainingEmployeesTable>, 'variant'> {
  /** Which employees: everyone invited, or those whose mail bounced; null when closed. */
  variant: 'invited' | 'bounced' | null;
  onClose: () => void;
}

/** Spec 2 §2: the employees modal opened from the invited count, and its bounced variant. */
export function EmployeesModal({ variant, onClose, ...table }: EmployeesModalProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Modal
      opened={variant !== null}
      onClose={onClose}
      title={variant === 'bounced' ? t('trainings.detail.bouncedTitle') : t('trainings.detail.invitedTitle')}
      size="xl"
      fullScreen={phone}
    >
      {variant && <TrainingEmployeesTable key={variant} variant={variant} {...table} />}
    </Modal>
  );
}
