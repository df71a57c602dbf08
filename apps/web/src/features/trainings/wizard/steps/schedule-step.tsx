import {
  Alert,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBulb, IconCalendarEvent } from '@tabler/icons-react';
import { SCHEDULE_LIMITS, SCHEDULE_TYPES, type Interval, type ScheduleType } from '@vigil/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatesLocale } from '../../../../components/dates-locale.tsx';
import { ChannelCheckboxes, type ChannelOption, HourPicker, StepSection } from '../../../campaigns/index.ts';
import { StepProblems } from '../components/step-problems.tsx';
import type { StepProps } from '../step-props.ts';
import { translateTrainingMessage } from '../wizard-messages.ts';
import {
  batchDateProblem,
  draftBatches,
  draftSettingsProblem,
  isDateEdited,
  SUBJECTS_PER_INTERVAL_MESSAGE,
} from '../wizard-state.ts';
import classes from '../wizard.module.css';
import { BatchesTable } from './batches-table.tsx';

const SCHEDULE_CHOICES: { type: ScheduleType; key: 'future' | 'now' | 'downloadLinks' }[] = [
  { type: SCHEDULE_TYPES.future, key: 'future' },
  { type: SCHEDULE_TYPES.now, key: 'now' },
  { type: SCHEDULE_TYPES.downloadLinks, key: 'downloadLinks' },
];

const INTERVAL_KEYS: Interval[] = ['W', 'B', 'M'];

interface ScheduleStepProps extends StepProps {
  now: Date;
  channels: readonly ChannelOption[];
  onChannelChange: (mask: number) => void;
}

/** Step 4: when the subjects go out — on a schedule, all now, or by downloaded sign-in links — and how. */
export function ScheduleStep({
  draft,
  dispatch,
  problems,
  now,
  channels,
  onChannelChange,
}: ScheduleStepProps) {
  const { t } = useTranslation();
  const problem = draftSettingsProblem(draft, now);
  const perIntervalProblem = problem === SUBJECTS_PER_INTERVAL_MESSAGE;
  const future = draft.scheduleType === SCHEDULE_TYPES.future;
  const batches = draftBatches(draft, now);
  const titles = new Map(draft.subjects.map((s) => [s.id, s.title]));

  return (
    <StepSection
      title={t('trainingWizard.schedule.title')}
      description={t('trainingWizard.schedule.description')}
    >
      <StepProblems problems={problems} />
      <Radio.Group
        value={String(draft.scheduleType)}
        onChange={(value) =>
          dispatch({ type: 'schedule', patch: { scheduleType: Number(value) as ScheduleType } })
        }
        label={t('trainingWizard.schedule.type')}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
          {SCHEDULE_CHOICES.map((choice) => (
            <Radio.Card key={choice.key} value={String(choice.type)} className={classes.choiceCard}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {t(`trainingWizard.schedule.types.${choice.key}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`trainingWizard.schedule.typeHelp.${choice.key}`)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>

      {future && (
        <DatesLocale>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <HourPicker
              label={t('trainingWizard.schedule.start')}
              leftSection={<IconCalendarEvent size={16} />}
              value={draft.start}
              onChange={(start) => start && dispatch({ type: 'schedule', patch: { start } })}
              from={now}
              error={problem && !perIntervalProblem ? translateTrainingMessage(t, problem) : null}
              data-testid="schedule-start"
            />
            <Select
              label={t('trainingWizard.schedule.interval')}
              data={INTERVAL_KEYS.map((key) => ({
                value: key,
                label: t(`trainingWizard.schedule.intervals.${key}`),
              }))}
              value={draft.frequency}
              onChange={(value) =>
                value && dispatch({ type: 'schedule', patch: { frequency: value as Interval } })
              }
              allowDeselect={false}
            />
            <NumberInput
              label={t('trainingWizard.schedule.perInterval')}
              min={SCHEDULE_LIMITS.subjectsPerIntervalMin}
              max={SCHEDULE_LIMITS.subjectsPerIntervalMax}
              allowDecimal={false}
              allowNegative={false}
              value={draft.subjectsPerInterval || ''}
              onChange={(value) =>
                dispatch({
                  type: 'schedule',
                  patch: { subjectsPerInterval: typeof value === 'number' ? value : 0 },
                })
              }
              error={perIntervalProblem ? translateTrainingMessage(t, problem) : null}
            />
          </SimpleGrid>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconBulb size={16} aria-hidden />
            <Text size="sm">{t('trainingWizard.schedule.suggestion')}</Text>
          </Group>
        </DatesLocale>
      )}

      {draft.scheduleType === SCHEDULE_TYPES.downloadLinks && (
        <Alert variant="light" color="blue">
          {t('trainingWizard.schedule.downloadLinksNote')}
        </Alert>
      )}

      {draft.scheduleType !== SCHEDULE_TYPES.downloadLinks && (
        <ChannelCheckboxes
          label={t('trainingWizard.schedule.channels')}
          options={channels}
          value={draft.channel}
          onChange={onChannelChange}
        />
      )}

      <Card>
        <Title order={3} fz="md" mb="sm">
          {t('trainingWizard.schedule.batches', { n: batches.length })}
        </Title>
        <DatesLocale>
          <BatchesTable
            batches={batches}
            scheduleType={draft.scheduleType}
            titles={titles}
            editing={
              future
                ? {
                    minDate: dayjs(draft.start).isAfter(now) ? draft.start : now.toISOString(),
                    isEdited: (index) => isDateEdited(draft, index),
                    problemOf: (index, date) =>
                      isDateEdited(draft, index) ? batchDateProblem(draft, date, now) : null,
                    onChange: (index, date) => dispatch({ type: 'editBatchDate', index, date }),
                    onReset: (index) => dispatch({ type: 'resetBatchDate', index }),
                  }
                : null
            }
          />
        </DatesLocale>
        {future && batches.length > 0 && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('trainingWizard.schedule.editHint')}
          </Text>
        )}
      </Card>
    </StepSection>
  );
}
