import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { neighbourStep, type WizardAction } from '../../../lib/campaign-rules.ts';
import { WizardFooter } from './wizard-footer.tsx';
import { WizardHeader, type WizardHeaderProps } from './wizard-header.tsx';
import type { useWizardNaming, WizardDialogsProps } from './wizard-naming.tsx';
import { WizardStepper, type WizardStepperProps } from './wizard-stepper.tsx';

/** Where a wizard stands, as its kind's rules say (every kind has a 'finalize' and a last 'start' step). */
export interface WizardFlow<S extends string> {
  step: S;
  steps: readonly S[];
  allowed: Readonly<Record<S, boolean>>;
  action: WizardAction;
  /** Why a step cannot be reached yet (its kind's lock texts), or null. */
  lockReason: (step: S) => string | null;
  /**
   * What stops creating or updating while chosen content has become unavailable (spec 2 §5), or
   * null when nothing has.
   */
  unavailable: string | null;
  /** Whether saving keeps the campaign scheduled ("Save changes") rather than storing a draft. */
  scheduled: boolean;
  goTo: (step: S) => void;
}

interface WizardFrameProps<S extends string> {
  /** The test id of the whole wizard ('training-wizard', 'assessment-wizard'). */
  testId: string;
  flow: WizardFlow<S>;
  /** The header; its status badge is left out on the success step, which says what happened. */
  header: Omit<WizardHeaderProps, 'onRename' | 'onClose'>;
  onRename: (name: string) => void;
  /** The locale key of a step's label in the stepper; the training wizard's by default. */
  labelKey?: WizardStepperProps<S>['labelKey'];
  /** What stands between the header and the stepper, if anything. */
  banner?: ReactNode;
  naming: ReturnType<typeof useWizardNaming>;
  /** The kind's texts of the naming and closing dialogs; the training wizard's by default. */
  dialogTexts?: Pick<WizardDialogsProps, 'nameTexts' | 'closeText'>;
  pending: 'save' | 'action' | null;
  /** The current step. */
  children: ReactNode;
}

/**
 * A campaign wizard (spec 2 §2): header, stepper, the current step and the actions under it. The main
 * button continues to the next step and on the summary creates, activates or updates; it and "Save"
 * say why when a step before is not complete.
 */
export function WizardFrame<S extends string>({
  testId,
  flow,
  header,
  onRename,
  labelKey,
  banner,
  naming,
  dialogTexts,
  pending,
  children,
}: WizardFrameProps<S>) {
  const { step, action, allowed, goTo } = flow;
  const done = step === 'start';
  const previous = done ? null : neighbourStep(flow.steps, step, -1);
  const next = neighbourStep(flow.steps, step, 1);
  const blockedReason = (target: S | 'start' | null): string | null => {
    if (target === null) return null;
    const reason = flow.lockReason(target as S);
    if (reason) return reason;
    if ((target === 'start' || target === 'finalize') && action !== 'continue') return flow.unavailable;
    return null;
  };
  const onAction = () => {
    if (action !== 'continue') return naming.finish();
    if (next && allowed[next]) goTo(next);
  };
  return (
    <Box data-testid={testId} data-step={step}>
      <WizardHeader
        {...header}
        status={done ? null : header.status}
        onRename={onRename}
        onClose={naming.close}
      />
      {banner}
      <WizardStepper
        steps={flow.steps}
        current={step}
        allowed={allowed}
        onSelect={goTo}
        labelKey={labelKey}
      />
      <Box mb="xl">{children}</Box>
      {!done && (
        <WizardFooter
          action={action}
          actionBlocked={action === 'continue' ? blockedReason(next) : blockedReason('start')}
          onAction={onAction}
          onPrevious={previous ? () => goTo(previous) : null}
          saveLabel={flow.scheduled ? 'changes' : 'draft'}
          saveBlocked={flow.scheduled ? blockedReason('start') : null}
          onSave={naming.save}
          pending={pending}
        />
      )}
      {naming.dialogs({ saving: pending === 'save', onRename, ...dialogTexts })}
    </Box>
  );
}
