import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import {
  REMINDER_DELAY_TYPES,
  SCHEDULE_TYPES,
  TRAINING_LIMITS,
  TRAINING_MESSAGES,
  trainingNameOrDefault,
  truncate,
  type TrainingStep,
} from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { channelKeysOf, PreviewCard, StepSection, SummaryName } from '../../../campaigns/index.ts';
import { StepProblems } from '../components/step-problems.tsx';
import type { StepProps } from '../step-props.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { totalMinutes } from '../wizard-format.ts';
import { translateTrainingMessage } from '../wizard-messages.ts';
import { introPlainText, unavailableSubjectsCount, type StepAllowance } from '../wizard-state.ts';
import { UnavailableAlert } from './content-step.tsx';
import { PreviewForm } from './preview-form.tsx';

const DELAY_KEYS = Object.fromEntries(
  Object.entries(REMINDER_DELAY_TYPES).map(([key, value]) => [value, key]),
);

interface SummaryStepProps extends StepProps {
  now: Date;
  allowed: StepAllowance;
  onEdit: (step: TrainingStep) => void;
  /** The selected lists with their sizes. */
  lists: { id: string; name: string; usersCount: number }[];
  selectedUsersCount: number;
  /** A SCORM program's package format and variant, under the table. */
  packageChoice?: ReactNode;
}

/** Step 7: everything the program will do, each part with a way back to change it, and a preview to send. */
export function SummaryStep({
  company,
  draft,
  problems,
  now,
  allowed,
  onEdit,
  lists,
  selectedUsersCount,
  packageChoice,
}: SummaryStepProps) {
  const { t, i18n } = useTranslation();
  const channels = (mask: number) =>
    channelKeysOf(mask)
      .map((key) => t(`trainingWizard.channels.${key}`))
      .join(', ');
  const unavailable = unavailableSubjectsCount(draft);

  const delivery = (() => {
    if (draft.scheduleType === SCHEDULE_TYPES.now)
      return t('trainingWizard.summary.deliveryNow', { channels: channels(draft.channel) });
    if (draft.scheduleType === SCHEDULE_TYPES.downloadLinks) return t('trainingWizard.summary.deliveryLinks');
    return t('trainingWizard.summary.deliveryFuture', {
      date: formatDateTime(draft.start, i18n.language),
      n: draft.subjectsPerInterval,
      interval: t(`trainingWizard.schedule.intervals.${draft.frequency}`),
      channels: channels(draft.channel),
    });
  })();

  const reminders = draft.remindersEnabled
    ? t('trainingWizard.summary.remindersOn', {
        steps: draft.reminderSteps
          .map((s) => t(`trainingWizard.summary.delay.${DELAY_KEYS[s.delayType]}`, { n: s.delay }))
          .join(', '),
        channels: channels(draft.remindersChannel),
      })
    : t('trainingWizard.summary.off');

  const rows: { key: string; label: string; step: TrainingStep | null; value: ReactNode }[] = [
    {
      key: 'name',
      label: t('trainingWizard.summary.name'),
      step: null,
      value: (
        <SummaryName
          name={trainingNameOrDefault(draft.name)}
          needsName={translateTrainingMessage(t, TRAINING_MESSAGES.needsName)}
        />
      ),
    },
    {
      key: 'subjects',
      label: t('trainingWizard.summary.subjects'),
      step: 'content',
      value: (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('trainingWizard.content.summary', {
              n: draft.subjects.length,
              minutes: totalMinutes(draft.subjects),
            })}
          </Text>
          <Group gap={4}>
            {draft.subjects.map((s) => (
              <Badge
                key={s.id}
                variant="light"
                color={s.unavailable ? 'orange' : 'gray'}
                tt="none"
                maw="100%"
              >
                {truncate(s.title, TRAINING_LIMITS.nameInScheduleModal)}
              </Badge>
            ))}
          </Group>
        </Stack>
      ),
    },
  ];
  if (!draft.isScorm)
    rows.push(
      { key: 'delivery', label: t('trainingWizard.summary.delivery'), step: 'schedule', value: delivery },
      { key: 'reminders', label: t('trainingWizard.summary.reminders'), step: 'reminders', value: reminders },
      {
        key: 'employees',
        label: t('trainingWizard.summary.employees'),
        step: 'employees',
        value: t('trainingWizard.summary.employeesValue', {
          n: selectedUsersCount,
          lists: lists.map((l) => l.name).join(', '),
        }),
      },
      {
        key: 'intro',
        label: t('trainingWizard.summary.intro'),
        step: 'intro',
        value: draft.introEnabled ? (
          <Text size="sm" lineClamp={2}>
            {introPlainText(draft.introMessage)}
          </Text>
        ) : (
          t('trainingWizard.summary.off')
        ),
      },
    );
  else
    rows.push({
      key: 'package',
      label: t('trainingWizard.summary.package'),
      step: null,
      value: t('trainingWizard.summary.packageValue'),
    });

  return (
    <StepSection
      title={t('trainingWizard.summary.title')}
      description={t('trainingWizard.summary.description')}
    >
      <StepProblems problems={problems} />
      <UnavailableAlert
        unavailable={unavailable}
        total={draft.subjects.length}
        trial={Boolean(company.subscription?.package_trial)}
      />
      <Card padding={0}>
        <Table variant="vertical" layout="fixed" verticalSpacing="sm" data-testid="summary-table">
          <Table.Tbody>
            {rows.map(({ key, label, step, value }) => (
              <Table.Tr key={key}>
                <Table.Th w={{ base: 110, sm: 180 }}>{label}</Table.Th>
                <Table.Td>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                    <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{value}</div>
                    {step && allowed[step] && (
                      <Anchor component="button" type="button" size="sm" onClick={() => onEdit(step)}>
                        {t('trainingWizard.summary.edit')}
                      </Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {draft.isScorm && packageChoice}
      {!draft.isScorm && (
        <PreviewCard
          title={t('trainingWizard.preview.title')}
          description={t('trainingWizard.preview.description')}
        >
          <PreviewForm company={company} draft={draft} now={now} blocked={unavailable > 0} />
        </PreviewCard>
      )}
    </StepSection>
  );
}
