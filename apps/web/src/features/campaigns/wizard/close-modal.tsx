import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CloseModalProps {
  opened: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
  /** Another campaign's explanation; the training program's by default. */
  text?: string;
}

/** Leaving the wizard with a template chosen asks whether to keep the work as a draft (spec 2 §2). */
export function CloseModal({ opened, saving, onSave, onDiscard, onCancel, text }: CloseModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('trainingWizard.closeModal.title')}>
      <Stack gap="md">
        <Text size="sm">{text ?? t('trainingWizard.closeModal.text')}</Text>
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" color="gray" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Group gap="sm">
            <Button variant="default" color="red" onClick={onDiscard} data-testid="close-discard">
              {t('trainingWizard.closeModal.discard')}
            </Button>
            <Button onClick={onSave} loading={saving} data-testid="close-save">
              {t('trainingWizard.closeModal.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
