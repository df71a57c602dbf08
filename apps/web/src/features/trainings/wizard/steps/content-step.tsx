import { ActionIcon, Alert, Badge, Button, Card, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconLock,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { SUBJECT_TYPES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../catalog/index.ts';
import { StepProblems } from '../components/step-problems.tsx';
import { StepSection } from '../../../campaigns/index.ts';
import { SubjectThumb } from '../components/subject-thumb.tsx';
import type { StepProps } from '../step-props.ts';
import { totalMinutes } from '../wizard-format.ts';
import { MESSAGES_SECTION } from '../wizard-messages.ts';
import { unavailableSubjectsCount, type WizardSubject } from '../wizard-state.ts';
import classes from '../wizard.module.css';
import { AddSubjectsModal } from './add-subjects-modal.tsx';

interface ContentStepProps extends StepProps {
  /** The catalogue's subjects by category; undefined while it loads. */
  categories: { id: string; name: string; subjects: WizardSubject[] }[] | undefined;
}

/** Spec 2 §5: N/M selected subjects are outside the plan; trials may only use the subjects made for them. */
export function UnavailableAlert({
  unavailable,
  total,
  trial,
}: {
  unavailable: number;
  total: number;
  trial: boolean;
}) {
  const { t } = useTranslation();
  if (unavailable === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle />}
      role="alert"
      data-testid="unavailable-subjects"
    >
      <Text size="sm" fw={600}>
        {t(`${MESSAGES_SECTION}.unavailable`, { n: unavailable, m: total })}
      </Text>
      <Text size="sm">
        {trial ? t('trainingWizard.content.trialHint') : t('trainingWizard.content.unavailableHint')}
      </Text>
    </Alert>
  );
}

/** Step 2: the selected subjects in delivery order — reorder, remove, add from the catalogue. */
export function ContentStep({ company, draft, dispatch, problems, categories }: ContentStepProps) {
  const { t } = useTranslation();
  const [adding, addModal] = useDisclosure(false);
  const subjects = draft.subjects;
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={addModal.open} variant="light">
      {t('trainingWizard.content.add')}
    </Button>
  );

  return (
    <StepSection
      title={t('trainingWizard.content.title')}
      description={t('trainingWizard.content.description')}
      actions={subjects.length > 0 ? addButton : undefined}
    >
      <StepProblems problems={problems} />
      <UnavailableAlert
        unavailable={unavailableSubjectsCount(draft)}
        total={subjects.length}
        trial={Boolean(company.subscription?.package_trial)}
      />
      {subjects.length === 0 ? (
        <Card py="xl">
          <EmptyState
            variant="light"
            icon={<IconPlus />}
            title={t('trainingWizard.content.emptyTitle')}
            description={t('trainingWizard.content.emptyText')}
          >
            <EmptyState.Actions>{addButton}</EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="subjects-summary">
            {t('trainingWizard.content.summary', { n: subjects.length, minutes: totalMinutes(subjects) })}
          </Text>
          <Stack
            component="ol"
            gap="xs"
            className={classes.plainList}
            aria-label={t('trainingWizard.content.title')}
          >
            {subjects.map((subject, index) => (
              <Card
                component="li"
                key={subject.id}
                padding="sm"
                data-testid="selected-subject"
                data-unavailable={subject.unavailable || undefined}
                className={classes.subjectRow}
              >
                <Group wrap="nowrap" gap="sm">
                  <Text c="dimmed" size="sm" w={24} ta="right" aria-hidden>
                    {index + 1}
                  </Text>
                  <SubjectThumb thumb={subject.thumb} type={subject.type} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} size="sm" lineClamp={2}>
                      {subject.title}
                    </Text>
                    <Group gap={6}>
                      {subject.type !== SUBJECT_TYPES.scormQuiz && (
                        <Text size="xs" c="dimmed" ff="monospace">
                          {formatDuration(subject.duration)}
                        </Text>
                      )}
                      {subject.type === SUBJECT_TYPES.decision && (
                        <Badge size="xs" color="grape" variant="light">
                          {t('trainingWizard.content.decision')}
                        </Badge>
                      )}
                      {subject.unavailable && (
                        <Badge size="xs" color="orange" variant="light" leftSection={<IconLock size={10} />}>
                          {t('trainingWizard.content.unavailable')}
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('trainingWizard.content.moveUp', { title: subject.title })}
                      disabled={index === 0}
                      onClick={() => dispatch({ type: 'moveSubject', from: index, to: index - 1 })}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('trainingWizard.content.moveDown', { title: subject.title })}
                      disabled={index === subjects.length - 1}
                      onClick={() => dispatch({ type: 'moveSubject', from: index, to: index + 1 })}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('trainingWizard.content.remove', { title: subject.title })}
                      onClick={() => dispatch({ type: 'removeSubject', id: subject.id })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <AddSubjectsModal
        opened={adding}
        onClose={addModal.close}
        categories={categories}
        selected={subjects}
        onAdd={(added) => {
          dispatch({ type: 'addSubjects', subjects: added });
          addModal.close();
        }}
      />
    </StepSection>
  );
}
