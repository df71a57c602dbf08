import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBellPlus, IconTrash } from '@tabler/icons-react';
import {
  REMINDER_DELAY_TYPES,
  REMINDER_LIMITS,
  canRemoveReminderStep,
  isValidReminderStep,
  type ReminderDelayType,
} from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { ChannelCheckboxes, type ChannelOption, StepSection } from '../../../campaigns/index.ts';
import { StepProblems } from '../components/step-problems.tsx';
import type { StepProps } from '../step-props.ts';
import { canAddReminder } from '../wizard-state.ts';

const DELAY_TYPES = Object.entries(REMINDER_DELAY_TYPES) as [
  keyof typeof REMINDER_DELAY_TYPES,
  ReminderDelayType,
][];

interface RemindersStepProps extends StepProps {
  channels: readonly ChannelOption[];
  onChannelChange: (mask: number) => void;
}

/** Step 5: reminders to employees who have not finished — up to 5 steps, the first one always kept. */
export function RemindersStep({ draft, dispatch, problems, channels, onChannelChange }: RemindersStepProps) {
  const { t } = useTranslation();
  const canAdd = canAddReminder(draft);
  return (
    <StepSection
      title={t('trainingWizard.reminders.title')}
      description={t('trainingWizard.reminders.description')}
    >
      <StepProblems problems={problems} />
      <Switch
        size="md"
        label={t('trainingWizard.reminders.enable')}
        checked={draft.remindersEnabled}
        onChange={(event) => dispatch({ type: 'remindersEnabled', enabled: event.currentTarget.checked })}
      />
      {draft.remindersEnabled && (
        <>
          <Stack gap="xs" data-testid="reminder-steps">
            {draft.reminderSteps.map((step, index) => {
              const removable = canRemoveReminderStep(index);
              const remove = (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  disabled={!removable}
                  aria-label={t('trainingWizard.reminders.remove', { n: index + 1 })}
                  onClick={() => dispatch({ type: 'removeReminder', index })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              );
              return (
                // The steps have no identity of their own; their position is what the manager edits.
                <Card key={index} padding="sm" data-testid="reminder-step">
                  <Group align="flex-start" gap="sm" wrap="wrap">
                    <Text fw={600} size="sm" w={100} mt={8}>
                      {t('trainingWizard.reminders.step', { n: index + 1 })}
                    </Text>
                    <NumberInput
                      aria-label={t('trainingWizard.reminders.delay', { n: index + 1 })}
                      w={110}
                      min={REMINDER_LIMITS.delayMin}
                      max={REMINDER_LIMITS.delayMax}
                      allowDecimal={false}
                      allowNegative={false}
                      value={step.delay || ''}
                      onChange={(value) =>
                        dispatch({
                          type: 'changeReminder',
                          index,
                          patch: { delay: typeof value === 'number' ? value : 0 },
                        })
                      }
                      error={isValidReminderStep(step) ? null : t('trainingWizard.reminders.delayRange')}
                    />
                    <Select
                      aria-label={t('trainingWizard.reminders.delayType', { n: index + 1 })}
                      w={130}
                      data={DELAY_TYPES.map(([key, value]) => ({
                        value: String(value),
                        label: t(`trainingWizard.reminders.delayTypes.${key}`),
                      }))}
                      value={String(step.delayType)}
                      onChange={(value) =>
                        value &&
                        dispatch({
                          type: 'changeReminder',
                          index,
                          patch: { delayType: Number(value) as ReminderDelayType },
                        })
                      }
                      allowDeselect={false}
                    />
                    <Text size="sm" c="dimmed" mt={8} style={{ flex: 1, minWidth: 140 }}>
                      {t('trainingWizard.reminders.after')}
                    </Text>
                    {removable ? (
                      remove
                    ) : (
                      <Tooltip label={t('trainingWizard.reminders.firstKept')} withArrow>
                        <span tabIndex={0}>{remove}</span>
                      </Tooltip>
                    )}
                  </Group>
                </Card>
              );
            })}
          </Stack>
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconBellPlus size={16} />}
              disabled={!canAdd}
              onClick={() => dispatch({ type: 'addReminder' })}
            >
              {t('trainingWizard.reminders.add')}
            </Button>
            {!canAdd && (
              <Text size="sm" c="dimmed">
                {t('trainingWizard.reminders.max', { n: REMINDER_LIMITS.maxSteps })}
              </Text>
            )}
          </Group>
          <ChannelCheckboxes
            label={t('trainingWizard.reminders.channels')}
            options={channels}
            value={draft.remindersChannel}
            onChange={onChannelChange}
          />
        </>
      )}
    </StepSection>
  );
}
