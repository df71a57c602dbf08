import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../lib/translate-message.ts';

interface SaveFooterProps {
  /** The save's state: its error is told above the button, its pending state spins it. */
  save: { isError: boolean; error: unknown; isPending: boolean };
  disabled?: boolean;
  /** Without it the button submits its form. */
  onClick?: () => void;
  label?: string;
  testId: string;
}

/** The foot of a settings form: what went wrong with the last save, and the save button on the right. */
export function SaveFooter({ save, disabled, onClick, label, testId }: SaveFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {save.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {translateError(t, save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          type={onClick ? 'button' : 'submit'}
          onClick={onClick}
          loading={save.isPending}
          disabled={disabled}
          leftSection={<IconDeviceFloppy size={18} />}
          data-testid={testId}
        >
          {label ?? t('actions.save')}
        </Button>
      </Group>
    </>
  );
}
