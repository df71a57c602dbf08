import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { SCHEDULE_TYPES, trainingNameOrDefault } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRAINING_PATHS } from '../../training-paths.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import type { DraftState } from '../wizard-state.ts';

interface StartStepProps {
  draft: DraftState;
  /** The program was running (scheduled) before this save: it was updated, not started. */
  updated: boolean;
}

/** Step 8: the program has started (or was updated); the way to its overview. */
export function StartStep({ draft, updated }: StartStepProps) {
  const { t, i18n } = useTranslation();
  const name = trainingNameOrDefault(draft.name);
  const id = draft.id ?? '';
  const links = !draft.isScorm && draft.scheduleType === SCHEDULE_TYPES.downloadLinks;
  return (
    <Card py={48} data-testid="training-started">
      <Stack align="center" gap="md" ta="center" maw={620} mx="auto">
        <ThemeIcon size={72} radius={72} variant="light" color="green" aria-hidden>
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {updated
            ? t('trainingWizard.start.updated', { name })
            : t('trainingWizard.start.started', { name })}
        </Title>
        {draft.isScorm ? (
          <Text c="dimmed">{t('trainingWizard.start.scorm')}</Text>
        ) : draft.scheduleType === SCHEDULE_TYPES.future ? (
          <Text c="dimmed">
            {t('trainingWizard.start.future', { date: formatDateTime(draft.start, i18n.language) })}
          </Text>
        ) : draft.scheduleType === SCHEDULE_TYPES.now ? (
          <Text c="dimmed">{t('trainingWizard.start.now')}</Text>
        ) : null}
        {links && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconInfoCircle />}
            ta="left"
            data-testid="sign-in-links-note"
          >
            {t('trainingWizard.start.links')}
          </Alert>
        )}
        <Group justify="center" gap="sm" mt="sm">
          <Button variant="default" component={Link} to={TRAINING_PATHS.list}>
            {t('trainingWizard.start.toList')}
          </Button>
          <Button
            component={Link}
            to={TRAINING_PATHS.view({ id, isScorm: draft.isScorm })}
            rightSection={<IconArrowRight size={16} />}
          >
            {t('trainingWizard.start.toOverview')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
