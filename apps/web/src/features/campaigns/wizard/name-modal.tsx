import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { isUntitledName, TRAINING_LIMITS, TRAINING_MESSAGES } from '@vigil/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message.ts';

/** Another campaign's wording of the modal; the training program's by default. */
export interface NameModalTexts {
  title: string;
  text: string;
  label: string;
  /** Shown when the name is still untitled. */
  needsName: string;
}

interface NameModalProps {
  opened: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
  texts?: NameModalTexts;
}

function NameForm({ onClose, onSubmit, texts }: Omit<NameModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isUntitledName(name)) setError(texts?.needsName ?? translateMessage(t, TRAINING_MESSAGES.needsName));
    else onSubmit(name);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {texts?.text ?? t('trainingWizard.nameModal.text')}
        </Text>
        <TextInput
          label={texts?.label ?? t('trainingWizard.header.name')}
          placeholder={t('trainingWizard.nameModal.placeholder')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={TRAINING_LIMITS.nameMax}
          error={error}
          data-autofocus
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" color="gray" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit">{t('actions.continue')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Spec 2 §5: an untitled program is named before it is saved or started. */
export function NameModal({ opened, onClose, onSubmit, texts }: NameModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={texts?.title ?? t('trainingWizard.nameModal.title')}>
      {opened && <NameForm onClose={onClose} onSubmit={onSubmit} texts={texts} />}
    </Modal>
  );
}
