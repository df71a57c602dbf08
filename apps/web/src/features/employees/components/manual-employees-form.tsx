import { ActionIcon, Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy, IconPlus, IconX } from '@tabler/icons-react';
import { IMPORT_ERRORS, ManualEmployee } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showMessage } from '../../../components/app-messages.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { useAddListUsers } from '../api/add-list-users.ts';
import { emptyManualRow, rowsToSave, type ManualRow } from '../manual-rows.ts';
import { ModalFooter } from './modal-footer.tsx';
import { useAddUsersRefusal } from '../../../lib/entitlements.ts';

const ManualRows = z.object({ rows: z.array(ManualEmployee) });

interface ManualEmployeesFormProps {
  companyId: string;
  listId: string;
  /** False once the employees fill the subscription's seats (spec 3 §5). */
  canAddUsers: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

/** Add employees by hand: an email and a name a row, checked next to each field (spec 3 §5). */
export function ManualEmployeesForm({
  companyId,
  listId,
  canAddUsers,
  onSaved,
  onCancel,
}: ManualEmployeesFormProps) {
  const { t } = useTranslation();
  const addUsersRefusal = useAddUsersRefusal();
  const add = useAddListUsers(companyId, listId);
  const [nothingEntered, setNothingEntered] = useState(false);
  const form = useForm<{ rows: ManualRow[] }>({
    initialValues: { rows: [emptyManualRow()] },
    validate: schemaResolver(ManualRows, { sync: true }),
    validateInputOnBlur: true,
  });
  const rows = form.values.rows;
  const errorOf = useFieldError<Record<string, unknown>>(form.errors);

  const submit = form.onSubmit((values) => {
    const users = rowsToSave(values.rows);
    setNothingEntered(users.length === 0);
    if (users.length === 0) return;
    add.mutate(
      { users },
      {
        onSuccess: ({ added, updated }) => {
          showMessage({ type: 'success', message: t('employees.add.done', { added, updated }) });
          onSaved();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {!canAddUsers && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle />}>
            {addUsersRefusal}
          </Alert>
        )}
        {add.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateError(t, add.error)}
          </Alert>
        )}
        {nothingEntered && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateMessage(t, IMPORT_ERRORS.noData)}
          </Alert>
        )}
        <Stack gap="xs">
          {rows.map((row, index) => (
            <Group key={row.key} align="flex-start" wrap="nowrap" gap="xs" data-testid="manual-row">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ flex: 1 }}>
                <TextInput
                  label={index === 0 ? t('employees.add.email') : undefined}
                  aria-label={index === 0 ? undefined : t('employees.add.email')}
                  placeholder={t('employees.add.emailPlaceholder')}
                  type="email"
                  autoComplete="off"
                  {...form.getInputProps(`rows.${index}.email`)}
                  error={errorOf(`rows.${index}.email`)}
                />
                <TextInput
                  label={index === 0 ? t('employees.add.name') : undefined}
                  aria-label={index === 0 ? undefined : t('employees.add.name')}
                  placeholder={t('employees.add.namePlaceholder')}
                  autoComplete="off"
                  {...form.getInputProps(`rows.${index}.name`)}
                  error={errorOf(`rows.${index}.name`)}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={index === 0 ? 25 : 0}
                aria-label={t('employees.add.removeRow')}
                disabled={rows.length === 1}
                onClick={() => form.removeListItem('rows', index)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <div>
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('rows', emptyManualRow())}
          >
            {t('employees.add.addRow')}
          </Button>
        </div>
        <ModalFooter
          cancel={
            <Button variant="subtle" color="gray" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          }
        >
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={add.isPending}
            disabled={!canAddUsers}
          >
            {t('actions.save')}
          </Button>
        </ModalFooter>
      </Stack>
    </form>
  );
}
