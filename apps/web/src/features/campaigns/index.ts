/*
 * The campaign kit: what every campaign kind (training programs, assessments, and the kinds to come)
 * is built from. A kind gives its own columns, steps, texts and API hooks; the list page, the table
 * and cards, the row menu and its actions, the wizard's frame, the detail header and the reminder
 * and delivery pieces are the same for all.
 */

// API
export { campaignKeys } from './api/campaign-keys.ts';

// List
export {
  CampaignListPage,
  type CampaignFilters,
  type CampaignListKind,
  type CampaignListState,
  type CampaignTableProps,
} from './list/campaign-list-page.tsx';
export { type CampaignFilterFieldsProps } from './list/campaign-filter-modal.tsx';
export {
  CampaignTabs,
  CreateCampaignButtons,
  ListRange,
  NoCampaigns,
  NoResults,
} from './list/campaign-list.tsx';
export { ProgramList, ProgramName, ProgramTable, type ProgramColumn } from './list/program-table.tsx';
export { formatPercent } from './percent.ts';
export { useCampaignCells } from './list/campaign-cells.tsx';

// Row and detail actions
export { CampaignActionsMenu } from './actions/campaign-actions-menu.tsx';
export {
  useProgramActions,
  type ProgramActionItem,
  type ProgramActionTarget,
} from './actions/use-program-actions.ts';

// Detail page
export { DetailHeaderFrame, IconCount } from './detail/detail-header-frame.tsx';
export { DetailSkeleton } from './detail/detail-skeleton.tsx';
export { DownloadsMenu } from './detail/downloads-menu.tsx';
export { LatestCampaignsMenu } from './detail/latest-campaigns-menu.tsx';

// Deliveries and reminders
export { EmployeeRowActions, employeeRowClass } from './delivery/employee-row-actions.tsx';
export { useCopyLinkFrom } from './delivery/use-copy-link.ts';
export { DeliveryStatusView } from './delivery/delivery-status-view.tsx';
export { DeliveryStatusBadge } from './delivery/delivery-status-badge.tsx';
export { type CampaignDeliverySource } from './api/campaign-deliveries.ts';
export { RecentReminderAlert, ReminderListsSelect } from './reminders/reminder-fields.tsx';
export { hasRecentReminder } from './reminders/reminder-rules.ts';
export { useReminderNotices } from './reminders/use-reminder-notices.ts';

// Wizard
export { WizardFrame, type WizardFlow } from './wizard/wizard-frame.tsx';
export { WizardStepper } from './wizard/wizard-stepper.tsx';
export { WizardFooter } from './wizard/wizard-footer.tsx';
export { WizardHeader } from './wizard/wizard-header.tsx';
export { selectedAudience, useWizardNaming } from './wizard/wizard-naming.tsx';
export {
  CampaignWizardRoute,
  NotEditablePage,
  StoredCampaign,
  type CampaignWizardMode,
} from './wizard/wizard-gate.tsx';
export { StepSection } from './wizard/step-section.tsx';
export { StepProblems } from './wizard/step-problems.tsx';
export { SummaryName } from './wizard/summary-name.tsx';
export { SummaryTable, type SummaryRow } from './wizard/summary-table.tsx';
export { ChannelCheckboxes } from './wizard/channel-checkboxes.tsx';
export { ChannelNames } from './wizard/channel-names.tsx';
export { keepUsableChannels } from './wizard/usable-channels.ts';
export { DroppedChannelsNotice } from './wizard/dropped-channels-notice.tsx';
export {
  channelKeysOf,
  channelOptions,
  usableChannelMask,
  type ChannelKey,
  type ChannelOption,
} from './wizard/channel-options.ts';
export { EmployeeListsStep } from './wizard/employee-lists-step.tsx';
export { HourPicker } from './wizard/hour-picker.tsx';
export { PreviewCard, SendPreviewButton } from './wizard/preview-card.tsx';
export { useNow } from './wizard/use-now.ts';
export { useCampaignWizard, useUsableChannels } from './wizard/use-campaign-wizard.ts';
export { showWizardError, useCampaignSave } from './wizard/use-campaign-save.ts';
export { StartedCard } from './wizard/started-card.tsx';
