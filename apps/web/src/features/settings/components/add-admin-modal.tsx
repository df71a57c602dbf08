import { Alert, Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { ManagerCreate, MANAGER_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { useAddManager } from '../api/managers.ts';
import { accessFromValue, ACCESS_LEVELS, type AccessLevel } from '../manager-access.ts';

interface AddAdminValues {
  name: string;
  email: string;
  access: AccessLevel;
  sendWelcome: boolean;
}

const Form = ManagerCreate.pick({ name: true, email: true });

/** A call that adds a manager: the company's own, or a partner's for its customer. */
export type AddManagerMutation = Pick<
  UseMutationResult<unknown, Error, ManagerCreate>,
  'mutate' | 'isPending' | 'isError' | 'error' | 'reset'
>;

/** The admin form (spec 1 §5, spec 3 §5): name, email, role and 'send welcome'. */
export function AddAdminModal({
  companyId,
  opened,
  onClose,
  mutation,
}: {
  companyId: string;
  opened: boolean;
  onClose: () => void;
  /** Adds through this call instead of the company's own managers call. */
  mutation?: AddManagerMutation;
}) {
  const { t } = useTranslation();
  const own = useAddManager(companyId);
  const add = mutation ?? own;
  const form = useForm<AddAdminValues>({
    initialValues: { name: '', email: '', access: 'admin', sendWelcome: true },
    validate: schemaResolver(Form, { sync: true }),
  });
  const error = useFieldError<{ name: string; email: string }>(form.errors);
  const close = () => {
    form.reset();
    add.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    add.mutate(
      {
        name: values.name,
        email: values.email,
        sendWelcome: values.sendWelcome,
        ...accessFromValue(values.access),
      },
      {
        onSuccess: () => {
          showMessage({ type: 'success', message: translateMessage(t, MANAGER_MESSAGES.added) });
          close();
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={t('settings.admins.add')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {add.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {translateError(t, add.error)}
            </Alert>
          )}
          <TextInput
            label={t('settings.admins.name')}
            aria-required
            autoComplete="off"
            data-autofocus
            data-testid="admin-name"
            {...form.getInputProps('name')}
            error={error('name')}
          />
          <TextInput
            label={t('settings.admins.email')}
            type="email"
            aria-required
            autoComplete="off"
            data-testid="admin-email"
            {...form.getInputProps('email')}
            error={error('email')}
          />
          <Select
            label={t('settings.admins.role')}
            data={ACCESS_LEVELS.map((level) => ({
              value: level,
              label: t(`settings.admins.access.${level}`),
            }))}
            allowDeselect={false}
            description={t(`settings.admins.accessHint.${form.values.access}`)}
            data-testid="admin-role"
            {...form.getInputProps('access')}
          />
          <Checkbox
            label={t('settings.admins.sendWelcome')}
            data-testid="admin-send-welcome"
            {...form.getInputProps('sendWelcome', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="admin-save">
              {t('settings.admins.addButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
