import { Skeleton, Stack, Switch, Text } from '@mantine/core';
import { TRAINING_MESSAGES } from '@vigil/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { StepProblems } from '../components/step-problems.tsx';
import { StepSection } from '../../../campaigns/index.ts';
import type { StepProps } from '../step-props.ts';
import { translateTrainingMessage } from '../wizard-messages.ts';
import { introPlainText } from '../wizard-state.ts';

// The editor (tiptap and ProseMirror) is a large chunk of its own, fetched when this step first shows it.
const IntroEditor = lazy(() => import('./intro-editor.tsx').then((m) => ({ default: m.IntroEditor })));

/** Step 6: an optional intro message sent with the first delivery; enabled but empty blocks the summary. */
export function IntroStep({ draft, dispatch, problems }: StepProps) {
  const { t } = useTranslation();
  const empty = introPlainText(draft.introMessage) === '';
  return (
    <StepSection title={t('trainingWizard.intro.title')} description={t('trainingWizard.intro.description')}>
      <StepProblems problems={problems} />
      <Switch
        size="md"
        label={t('trainingWizard.intro.enable')}
        checked={draft.introEnabled}
        onChange={(event) => dispatch({ type: 'introEnabled', enabled: event.currentTarget.checked })}
      />
      {draft.introEnabled && (
        <Stack gap={6}>
          <Suspense
            fallback={<Skeleton h={260} radius="md" aria-label={t('trainingWizard.intro.loading')} />}
          >
            <IntroEditor
              value={draft.introMessage}
              onChange={(html) => dispatch({ type: 'introMessage', html })}
              label={t('trainingWizard.intro.label')}
            />
          </Suspense>
          {empty && (
            <Text size="sm" c="red" role="status" data-testid="intro-empty">
              {translateTrainingMessage(t, TRAINING_MESSAGES.introEmpty)}
            </Text>
          )}
        </Stack>
      )}
    </StepSection>
  );
}
