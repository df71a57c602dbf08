import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { EMPLOYEE_MESSAGES, ListSave } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';

interface ListNameModalProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  /** The failed save, if any. */
  error: unknown;
  onSubmit: (name: string) => void;
  modalProps: { opened: boolean; onClose: () => void; onExitTransitionEnd: () => void };
}

/** The list name form of creating and renaming a list: required, and its button off while empty (spec 3 §5). */
export function ListNameModal({
  title,
  submitLabel,
  initialName = '',
  pending,
  error,
  onSubmit,
  modalProps,
}: ListNameModalProps) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { name: initialName },
    validate: schemaResolver(ListSave, { sync: true }),
  });
  const fieldError = useFieldError<{ name: string }>(form.errors);

  return (
    <Modal {...modalProps} title={title}>
      <form onSubmit={form.onSubmit(({ name }) => onSubmit(name.trim()))} noValidate>
        <Stack>
          {Boolean(error) && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {translateError(t, error)}
            </Alert>
          )}
          <TextInput
            label={t('employees.listName.label')}
            placeholder={translateMessage(t, EMPLOYEE_MESSAGES.listNamePlaceholder)}
            required
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('name')}
            error={fieldError('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={modalProps.onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={form.values.name.trim() === ''}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
