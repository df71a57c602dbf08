import { Alert, Card, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarDue, IconCalendarEvent, IconLock } from '@tabler/icons-react';
import {
  ASSESSMENT_SCHEDULE_TYPES,
  companySettings,
  type AssessmentDateProblems,
  type AssessmentScheduleType,
  type Company,
} from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { DatesLocale } from '../../../../components/dates-locale.tsx';
import { ChannelCheckboxes, HourPicker, StepSection, type ChannelOption } from '../../../campaigns/index.ts';
import { translateAssessmentMessage } from '../../assessment-messages.ts';
import type { StepProps } from '../step-props.ts';
import { isRunning, type AssessmentDraft } from '../wizard-state.ts';

/** Manual scheduling (an access link instead of invitations) needs the company setting (spec 2 §4). */
export const manualScheduleEnabled = (company: Pick<Company, 'settings'>): boolean =>
  companySettings(company.settings).assessmentManualSchedule;

const TYPE_KEYS: Record<AssessmentScheduleType, string> = { [-1]: 'manual', 0: 'date', 1: 'now' };

interface ScheduleStepProps extends StepProps {
  now: Date;
  problems: AssessmentDateProblems;
  channels: readonly ChannelOption[];
  onChannelChange: (mask: number) => void;
}

/** Step 5: when the invitation goes out, when the assessment is due, and on which channels. */
export function ScheduleStep({
  company,
  draft,
  dispatch,
  now,
  problems,
  channels,
  onChannelChange,
}: ScheduleStepProps) {
  const { t } = useTranslation();
  const locked = isRunning(draft);
  const types = [
    ...(manualScheduleEnabled(company) || draft.scheduleType === -1
      ? [ASSESSMENT_SCHEDULE_TYPES.manual]
      : []),
    ASSESSMENT_SCHEDULE_TYPES.date,
    ASSESSMENT_SCHEDULE_TYPES.now,
  ];
  const patch = (change: Partial<Pick<AssessmentDraft, 'scheduleType' | 'date' | 'due'>>) =>
    dispatch({ type: 'schedule', patch: change });
  const error = (message: string | undefined) => (message ? translateAssessmentMessage(t, message) : null);

  return (
    <StepSection
      title={t('assessments.wizard.schedule.title')}
      description={t('assessments.wizard.schedule.description')}
    >
      {locked && (
        <Alert color="blue" variant="light" icon={<IconLock />}>
          {t('assessments.wizard.schedule.locked')}
        </Alert>
      )}
      <Card>
        <Stack gap="lg">
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('assessments.wizard.schedule.type')}
            </Text>
            <SegmentedControl
              value={String(draft.scheduleType)}
              onChange={(value) => patch({ scheduleType: Number(value) as AssessmentScheduleType })}
              data={types.map((type) => ({
                value: String(type),
                label: t(`assessments.wizard.schedule.types.${TYPE_KEYS[type]}`),
              }))}
              disabled={locked}
              fullWidth
              maw={560}
              data-testid="schedule-type"
            />
            <Text size="xs" c="dimmed">
              {t(`assessments.wizard.schedule.help.${TYPE_KEYS[draft.scheduleType]}`)}
            </Text>
          </Stack>
          <DatesLocale>
            <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
              {draft.scheduleType === ASSESSMENT_SCHEDULE_TYPES.date && (
                <HourPicker
                  label={t('assessments.wizard.schedule.delivery')}
                  leftSection={<IconCalendarEvent size={16} />}
                  value={draft.date}
                  onChange={(date) => patch({ date })}
                  from={now}
                  error={error(problems.date)}
                  disabled={locked}
                  required
                  data-testid="delivery-date"
                />
              )}
              <HourPicker
                label={t('assessments.wizard.schedule.due')}
                leftSection={<IconCalendarDue size={16} />}
                value={draft.due}
                onChange={(due) => patch({ due })}
                from={now}
                error={error(problems.due)}
                clearable
                required
                data-testid="due-date"
              />
            </SimpleGrid>
          </DatesLocale>
          <ChannelCheckboxes
            label={t('assessments.wizard.schedule.channel')}
            options={channels}
            value={draft.channel}
            onChange={onChannelChange}
          />
        </Stack>
      </Card>
    </StepSection>
  );
}
