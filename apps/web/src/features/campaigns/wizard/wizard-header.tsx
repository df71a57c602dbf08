import { Badge, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { TRAINING_LIMITS, trainingNameOrDefault, type TrainingStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message.ts';
import classes from './wizard-kit.module.css';

export interface WizardHeaderProps {
  name: string;
  status: TrainingStatus | null;
  isScorm: boolean;
  nameProblems: readonly string[];
  onRename: (name: string) => void;
  onClose: () => void;
  /** Another campaign's wording: the line above the name, and its untitled default (spec 2 §5). */
  campaign?: { eyebrow: string; nameLabel: string; nameOrDefault: (value: string) => string };
}

/** The program's name, edited in place (a blank name becomes "Untitled Training"), and the way out. */
export function WizardHeader({
  name,
  status,
  isScorm,
  nameProblems,
  onRename,
  onClose,
  campaign,
}: WizardHeaderProps) {
  const { t } = useTranslation();
  const nameOrDefault = campaign?.nameOrDefault ?? trainingNameOrDefault;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="lg">
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text component="h1" m={0} size="xs" tt="uppercase" fw={700} c="dimmed" lts={1}>
            {isScorm
              ? t('trainingWizard.header.scorm')
              : (campaign?.eyebrow ?? t('trainingWizard.header.eyebrow'))}
          </Text>
          {status && (
            <Badge size="xs" variant="light" color={status === 'draft' ? 'gray' : 'blue'}>
              {t(`trainingWizard.header.status.${status}`)}
            </Badge>
          )}
        </Group>
        <TextInput
          variant="unstyled"
          classNames={{ input: classes.nameInput }}
          aria-label={campaign?.nameLabel ?? t('trainingWizard.header.name')}
          value={name}
          maxLength={TRAINING_LIMITS.nameMax}
          onChange={(event) => onRename(event.currentTarget.value)}
          onBlur={(event) => onRename(nameOrDefault(event.currentTarget.value))}
          onFocus={(event) => event.currentTarget.select()}
          rightSection={<IconPencil size={18} aria-hidden />}
          rightSectionPointerEvents="none"
          error={nameProblems.map((message) => translateMessage(t, message)).join(' ') || null}
          data-testid="training-name"
          maw={720}
        />
      </Stack>
      <CloseButton
        size="lg"
        aria-label={t('trainingWizard.header.close')}
        onClick={onClose}
        data-testid="wizard-close"
      />
    </Group>
  );
}
