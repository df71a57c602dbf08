import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { SCHEDULE_TYPES, trainingNameOrDefault } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StartedCard } from '../../../campaigns/index.ts';
import { TRAINING_PATHS } from '../../training-paths.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import type { DraftState } from '../wizard-state.ts';

interface StartStepProps {
  draft: DraftState;
  /** A SCORM program's package downloads. */
  packageReady?: ReactNode;
  /** The program was running (scheduled) before this save: it was updated, not started. */
  updated: boolean;
}

/** Step 8: the program has started (or was updated); the way to its overview. */
export function StartStep({ draft, updated, packageReady }: StartStepProps) {
  const { t, i18n } = useTranslation();
  const name = trainingNameOrDefault(draft.name);
  const id = draft.id ?? '';
  const links = !draft.isScorm && draft.scheduleType === SCHEDULE_TYPES.downloadLinks;
  return (
    <StartedCard
      testId="training-started"
      title={
        updated ? t('trainingWizard.start.updated', { name }) : t('trainingWizard.start.started', { name })
      }
      listPath={TRAINING_PATHS.list}
      toListLabel={t('trainingWizard.start.toList')}
      overviewPath={TRAINING_PATHS.view({ id, isScorm: draft.isScorm })}
      toOverviewLabel={t('trainingWizard.start.toOverview')}
    >
      {draft.isScorm ? (
        <>
          <Text c="dimmed">{t('trainingWizard.start.scorm')}</Text>
          {packageReady}
        </>
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
    </StartedCard>
  );
}
