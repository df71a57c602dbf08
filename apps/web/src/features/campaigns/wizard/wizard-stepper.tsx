import { Button, Group, Menu, Progress, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './wizard-kit.module.css';

/** The steps' names; every wizard has a last 'start' (success) step. */
export interface WizardStepperProps<S extends string> {
  steps: readonly S[];
  current: S;
  allowed: Readonly<Record<S, boolean>>;
  onSelect: (step: S) => void;
  /** The locale key of a step's label; the training wizard's labels by default. */
  labelKey?: (step: S, current: S) => string;
}

/** A step can be opened from the stepper when it is unlocked; the success step only by finishing. */
const selectable = <S extends string>(step: S, current: S, allowed: Readonly<Record<S, boolean>>) =>
  current !== 'start' && step !== 'start' && step !== current && allowed[step];

/** "Choose template" reads "Template" once the manager has moved on (spec 2 §2). */
const trainingLabelKey = (step: string, current: string) =>
  step === 'goal' && current !== 'goal' ? 'trainingWizard.steps.goalDone' : `trainingWizard.steps.${step}`;

/** Phones get the current step, a progress bar and a menu of the steps instead of eight labels. */
function CompactStepper<S extends string>({
  steps,
  current,
  allowed,
  onSelect,
  labelKey: stepLabelKey = trainingLabelKey,
}: WizardStepperProps<S>) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  return (
    <Stack gap={6} mb="lg" data-testid="wizard-stepper-compact">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('trainingWizard.stepper.position', { n: index + 1, total: steps.length })}
        </Text>
        <Menu position="bottom-end" width={240}>
          <Menu.Target>
            <Button variant="subtle" size="compact-sm" rightSection={<IconChevronDown size={14} />}>
              {t(stepLabelKey(current, current))}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {steps.map((step, i) => (
              <Menu.Item
                key={step}
                disabled={!selectable(step, current, allowed)}
                onClick={() => onSelect(step)}
                leftSection={i < index ? <IconCheck size={14} /> : <Text size="xs">{i + 1}</Text>}
                aria-current={step === current ? 'step' : undefined}
              >
                {t(stepLabelKey(step, current))}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Progress
        value={((index + 1) / steps.length) * 100}
        size="sm"
        aria-label={t('trainingWizard.stepper.position', { n: index + 1, total: steps.length })}
      />
    </Stack>
  );
}

/**
 * The wizard's steps (spec 2 §2), every one named, the number above its name so that eight fit from
 * tablet width up; only unlocked steps can be clicked (spec 2 §4).
 */
export function WizardStepper<S extends string>(props: WizardStepperProps<S>) {
  const { t } = useTranslation();
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;
  const { steps, current, allowed, onSelect, labelKey: stepLabelKey = trainingLabelKey } = props;
  if (compact) return <CompactStepper {...props} />;
  return (
    <Stepper
      // On the success step every step is done.
      active={current === 'start' ? steps.length : steps.indexOf(current)}
      onStepClick={(index) => {
        const step = steps[index];
        if (step && selectable(step, current, allowed)) onSelect(step);
      }}
      size="sm"
      iconSize={30}
      wrap={false}
      classNames={{
        steps: classes.stepperSteps,
        step: classes.stepperStep,
        stepBody: classes.stepperBody,
        stepLabel: classes.stepperLabel,
        separator: classes.stepperSeparator,
      }}
      mb="xl"
      data-testid="wizard-stepper"
    >
      {steps.map((step) => (
        <Stepper.Step
          key={step}
          label={t(stepLabelKey(step, current))}
          allowStepSelect={selectable(step, current, allowed)}
          data-allowed={allowed[step] || undefined}
        />
      ))}
    </Stepper>
  );
}
