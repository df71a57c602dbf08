export { TrainingsArea } from './components/trainings-area.tsx';
export { TrainingDetailPage } from './detail/training-detail-page.tsx';
export { TrainingEmployeePage } from './detail/training-employee-page.tsx';
export { TrainingListPage } from './list/training-list-page.tsx';
export { TrainingWizardPage } from './wizard/training-wizard-page.tsx';
export { TrainingReportPage } from './report/training-report-page.tsx';
// Shared with the assessment detail, which reminds and copies links the same way.
export { hasRecentReminder, reminderFailureNotice, reminderSendNotice } from './delivery/reminder-rules.ts';
export { EmployeeRowActions } from './delivery/employee-row-actions.tsx';
export { useCopyLinkFrom } from './delivery/use-copy-signin-link.ts';
export { DetailSkeleton } from './detail/detail-skeleton.tsx';
// Pieces the assessment area reuses as they are.
export { formatPercent } from './components/percent.ts';
export { WizardStepper } from './wizard/components/wizard-stepper.tsx';
export { WizardFooter } from './wizard/components/wizard-footer.tsx';
export { WizardHeader } from './wizard/components/wizard-header.tsx';
export { selectedAudience, useWizardNaming } from './wizard/components/wizard-naming.tsx';
export { StoredCampaign, WizardGate } from './wizard/components/wizard-gate.tsx';
export { StepSection } from './wizard/components/step-section.tsx';
export { SummaryName } from './wizard/components/summary-name.tsx';
export { ChannelCheckboxes } from './wizard/components/channel-checkboxes.tsx';
export {
  channelOptions,
  channelKeysOf,
  usableChannelMask,
  type ChannelOption,
} from './wizard/channel-options.ts';
export { EmployeeListsStep } from './wizard/steps/employees-step.tsx';
export { useNow } from './wizard/use-now.ts';
export { TrainingActionsMenu } from './components/training-actions-menu.tsx';
export { HourPicker } from './wizard/components/hour-picker.tsx';
export { PreviewCard, SendPreviewButton } from './wizard/components/preview-card.tsx';
