import { ActionIcon, Badge, Button, Card, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconBellRinging, IconPlus, IconTrash } from '@tabler/icons-react';
import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES, type AssessmentDateProblems } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { DatesLocale } from '../../../../components/dates-locale.tsx';
import { ChannelCheckboxes, HourPicker, StepSection, type ChannelOption } from '../../../campaigns/index.ts';
import { translateAssessmentMessage } from '../../assessment-messages.ts';
import type { StepProps } from '../step-props.ts';
import { canAddReminder } from '../wizard-state.ts';

interface RemindersStepProps extends StepProps {
  now: Date;
  problems: AssessmentDateProblems;
  channels: readonly ChannelOption[];
  onChannelChange: (mask: number) => void;
}

/** Step 6: up to five reminders at chosen date-times; those already sent are read-only (spec 2 §5). */
export function RemindersStep({
  draft,
  dispatch,
  now,
  problems,
  channels,
  onChannelChange,
}: RemindersStepProps) {
  const { t } = useTranslation();
  const noSteps = draft.remindersEnabled && draft.reminders.length === 0;
  return (
    <StepSection
      title={t('assessments.wizard.reminders.title')}
      description={t('assessments.wizard.reminders.description')}
    >
      <Card>
        <Stack gap="lg">
          <Switch
            label={t('assessments.wizard.reminders.enable')}
            checked={draft.remindersEnabled}
            onChange={(event) =>
              dispatch({ type: 'remindersEnabled', enabled: event.currentTarget.checked, now })
            }
            data-testid="reminders-enabled"
          />
          {draft.remindersEnabled && (
            <>
              <DatesLocale>
                <Stack gap="sm" maw={560}>
                  {draft.reminders.map((reminder, index) => (
                    <Group key={index} gap="sm" align="flex-start" wrap="nowrap">
                      <Badge variant="light" circle size="lg" mt={28} leftSection={undefined}>
                        {index + 1}
                      </Badge>
                      <HourPicker
                        style={{ flex: 1 }}
                        label={t('assessments.wizard.reminders.send', { n: index + 1 })}
                        leftSection={<IconBellRinging size={16} />}
                        value={reminder.send}
                        onChange={(send) => dispatch({ type: 'changeReminder', index, send })}
                        from={now}
                        readOnly={reminder.alreadySet}
                        description={reminder.alreadySet ? t('assessments.wizard.reminders.sent') : undefined}
                        error={
                          problems.reminders[index]
                            ? translateAssessmentMessage(t, problems.reminders[index] ?? '')
                            : null
                        }
                        data-testid={`reminder-${index}`}
                      />
                      <Tooltip label={t('assessments.wizard.reminders.remove')}>
                        <ActionIcon
                          mt={28}
                          variant="subtle"
                          color="red"
                          disabled={reminder.alreadySet}
                          aria-label={t('assessments.wizard.reminders.remove')}
                          onClick={() => dispatch({ type: 'removeReminder', index })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ))}
                </Stack>
              </DatesLocale>
              {noSteps && (
                <Text size="sm" c="red">
                  {translateAssessmentMessage(t, ASSESSMENT_MESSAGES.remindersInvalid)}
                </Text>
              )}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  disabled={!canAddReminder(draft)}
                  onClick={() => dispatch({ type: 'addReminder', now })}
                >
                  {t('assessments.wizard.reminders.add')}
                </Button>
                <Text size="xs" c="dimmed">
                  {t('assessments.wizard.reminders.limit', {
                    n: draft.reminders.length,
                    max: ASSESSMENT_LIMITS.maxReminders,
                  })}
                </Text>
              </Group>
              <ChannelCheckboxes
                label={t('assessments.wizard.reminders.channel')}
                options={channels}
                value={draft.remindersChannel}
                onChange={onChannelChange}
              />
            </>
          )}
        </Stack>
      </Card>
    </StepSection>
  );
}
