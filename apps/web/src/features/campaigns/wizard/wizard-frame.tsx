import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { WizardFooter, type WizardFooterProps } from './wizard-footer.tsx';
import { WizardHeader, type WizardHeaderProps } from './wizard-header.tsx';
import { WizardStepper, type WizardStepperProps } from './wizard-stepper.tsx';

interface WizardFrameProps<S extends string> {
  /** The test id of the whole wizard ('training-wizard', 'assessment-wizard'). */
  testId: string;
  step: S;
  /** The header; its status badge is left out on the success step, which says what happened. */
  header: WizardHeaderProps;
  /** What stands between the header and the stepper, if anything. */
  banner?: ReactNode;
  stepper: Omit<WizardStepperProps<S>, 'current'>;
  /** The actions under a step; none on the success step. */
  footer: WizardFooterProps;
  /** The naming, send-now and close dialogs of `useWizardNaming`. */
  dialogs: ReactNode;
  /** The current step. */
  children: ReactNode;
}

/** A campaign wizard (spec 2 §2): header, stepper, the current step and the actions under it. */
export function WizardFrame<S extends string>({
  testId,
  step,
  header,
  banner,
  stepper,
  footer,
  dialogs,
  children,
}: WizardFrameProps<S>) {
  const done = step === 'start';
  return (
    <Box data-testid={testId} data-step={step}>
      <WizardHeader {...header} status={done ? null : header.status} />
      {banner}
      <WizardStepper {...stepper} current={step} />
      <Box mb="xl">{children}</Box>
      {!done && <WizardFooter {...footer} />}
      {dialogs}
    </Box>
  );
}
