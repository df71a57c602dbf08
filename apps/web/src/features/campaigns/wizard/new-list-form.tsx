import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertCircle, IconUsersPlus } from '@tabler/icons-react';
import { EMPLOYEE_MESSAGES, ListSave, type EmployeeList } from '@vigil/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { addListUsers, createList, refreshEmployees } from '../../employees/index.ts';
import { parsePastedEmails, usersBatches } from './pasted-emails.ts';
import { useAddUsersRefusal } from '../../../lib/entitlements.ts';

interface NewListFormProps {
  companyId: string;
  /** False once the employees fill the subscription's seats. */
  canAddUsers: boolean;
  onCreated: (list: EmployeeList) => void;
  onCancel: () => void;
}

/** Creates the list, then adds the addresses in batches; users without an email are dropped first. */
async function createListWithUsers(companyId: string, name: string, emails: readonly string[]) {
  const list = await createList(companyId, { name });
  let added = 0;
  let updated = 0;
  try {
    for (const batch of usersBatches(emails)) {
      const result = await addListUsers(companyId, list.id, batch);
      added += result.added;
      updated += result.updated;
    }
  } finally {
    await refreshEmployees(companyId);
  }
  return { list, added, updated };
}

/** A new employee list made in the wizard: a name and pasted addresses (spec 2 §2 Select Employees). */
export function NewListForm({ companyId, canAddUsers, onCreated, onCancel }: NewListFormProps) {
  const { t } = useTranslation();
  const addUsersRefusal = useAddUsersRefusal();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const emails = parsePastedEmails(text);
  const create = useMutation({
    mutationFn: () => createListWithUsers(companyId, name.trim(), emails),
    onSuccess: ({ list, added, updated }) => {
      const parts = [t('trainingWizard.employees.added', { n: added })];
      if (updated > 0) parts.push(t('trainingWizard.employees.existing', { n: updated }));
      showMessage({ type: 'success', message: parts.join(' · ') });
      onCreated({ ...list, usersCount: added + updated });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = ListSave.safeParse({ name });
    setNameError(checked.success ? null : translateMessage(t, checked.error.issues[0]?.message ?? ''));
    if (checked.success) create.mutate();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="new-list-form">
      <Stack gap="sm">
        {!canAddUsers && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle />}>
            {addUsersRefusal}
          </Alert>
        )}
        {create.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateError(t, create.error)}
          </Alert>
        )}
        <TextInput
          label={t('trainingWizard.employees.listName')}
          placeholder={translateMessage(t, EMPLOYEE_MESSAGES.listNamePlaceholder)}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          required
          maxLength={100}
        />
        <Textarea
          label={t('trainingWizard.employees.emails')}
          description={t('trainingWizard.employees.emailsHelp')}
          placeholder="ann@example.com, ben@example.com"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={10}
          disabled={!canAddUsers}
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('trainingWizard.employees.found', { n: emails.length })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" color="gray" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconUsersPlus size={16} />}
            loading={create.isPending}
            disabled={!canAddUsers}
          >
            {t('trainingWizard.employees.createList')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
