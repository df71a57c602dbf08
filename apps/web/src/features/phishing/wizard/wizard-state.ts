import {
  isUntitledName,
  PHISHING_LIMITS,
  UNTITLED_PHISHING,
  type PhishingOnClick,
  type PhishingRecurrence,
  type PhishingSave,
  type PhishingStatus,
  type PhishingTemplateMode,
  type PhishingView,
} from '@vigil/shared';
import { wizardAction as campaignWizardAction, type WizardAction } from '../../../lib/campaign-rules.ts';

/*
 * The phishing wizard's rules, free of React: its steps and what unlocks them, the draft and its
 * changes, and the save payload. The campaign kit gives the frame, the stepper and the lists step.
 */

export const PHISHING_STEPS = ['templates', 'employees', 'schedule', 'click', 'finalize', 'start'] as const;
export type PhishingStep = (typeof PHISHING_STEPS)[number];

export interface PhishingDraft {
  step: PhishingStep;
  id: string | null;
  status: PhishingStatus | null;
  name: string;
  templateMode: PhishingTemplateMode;
  /** The chosen templates; for a random mix the pool (none: the whole library). */
  templateIds: string[];
  listIds: string[];
  /** Send at once (the window starts when the simulation is started) or from `start`. */
  startNow: boolean;
  start: string | null;
  days: number;
  /** Business hours; null: any hour of the day. */
  hours: { from: number; to: number } | null;
  weekdaysOnly: boolean;
  timeZone: string;
  landingPageId: string | null;
  senderProfileId: string | null;
  onClick: PhishingOnClick;
  enrolProgramId: string | null;
  recurrence: PhishingRecurrence;
  trackingDays: number;
  /** Whether anything changed since the wizard opened or last saved. */
  dirty: boolean;
}

export function newPhishingDraft(timeZone: string): PhishingDraft {
  return {
    step: 'templates',
    id: null,
    status: null,
    name: UNTITLED_PHISHING,
    templateMode: 'random',
    templateIds: [],
    listIds: [],
    startNow: true,
    start: null,
    days: 3,
    hours: { from: 9, to: 17 },
    weekdaysOnly: true,
    timeZone,
    landingPageId: null,
    senderProfileId: null,
    onClick: 'teachable-moment',
    enrolProgramId: null,
    recurrence: 'none',
    trackingDays: PHISHING_LIMITS.trackingDaysDefault,
    dirty: false,
  };
}

/** A stored simulation in the wizard: edited as it is, or copied as a new draft that starts now. */
export function draftFromPhishing(view: PhishingView, mode: 'copy' | 'edit', now: Date): PhishingDraft {
  const edit = mode === 'edit';
  const start = view.sendWindow.start;
  return {
    step: edit ? 'finalize' : 'templates',
    id: edit ? view.id : null,
    status: edit ? view.status : null,
    name: edit ? view.name : `${view.name} (copy)`.slice(0, PHISHING_LIMITS.nameMax),
    templateMode: view.templateMode,
    templateIds: [...view.templateIds],
    listIds: [...view.selectedUserListsIds],
    startNow: !edit || new Date(start) <= now,
    start: edit ? start : null,
    days: view.sendWindow.days,
    hours: view.sendWindow.businessHours,
    weekdaysOnly: view.sendWindow.weekdaysOnly,
    timeZone: view.sendWindow.timeZone,
    landingPageId: view.landingPageId,
    senderProfileId: view.senderProfileId,
    onClick: view.onClick,
    enrolProgramId: view.enrolProgramId,
    recurrence: view.recurrence,
    trackingDays: view.trackingDays,
    dirty: false,
  };
}

export type DraftAction =
  | { type: 'goTo'; step: PhishingStep }
  | { type: 'rename'; name: string }
  | { type: 'templateMode'; mode: PhishingTemplateMode }
  | { type: 'toggleTemplate'; id: string; selected: boolean }
  | { type: 'setTemplates'; ids: string[] }
  | { type: 'toggleList'; id: string; selected: boolean }
  | { type: 'keepLists'; existing: readonly string[] }
  | {
      type: 'window';
      patch: Partial<
        Pick<PhishingDraft, 'startNow' | 'start' | 'days' | 'hours' | 'weekdaysOnly' | 'timeZone'>
      >;
    }
  | {
      type: 'click';
      patch: Partial<
        Pick<
          PhishingDraft,
          'landingPageId' | 'senderProfileId' | 'onClick' | 'enrolProgramId' | 'trackingDays'
        >
      >;
    }
  | { type: 'recurrence'; recurrence: PhishingRecurrence }
  | { type: 'saved'; id: string; status: PhishingStatus };

export function draftReducer(draft: PhishingDraft, action: DraftAction): PhishingDraft {
  const changed = (next: Partial<PhishingDraft>): PhishingDraft => ({ ...draft, ...next, dirty: true });
  switch (action.type) {
    case 'goTo':
      return { ...draft, step: action.step };
    case 'rename':
      return changed({ name: action.name });
    case 'templateMode':
      return changed({ templateMode: action.mode });
    case 'toggleTemplate': {
      const without = draft.templateIds.filter((id) => id !== action.id);
      if (!action.selected) return changed({ templateIds: without });
      if (without.length >= PHISHING_LIMITS.templatesMax) return draft;
      return changed({ templateIds: [...without, action.id] });
    }
    case 'setTemplates':
      return changed({ templateIds: action.ids.slice(0, PHISHING_LIMITS.templatesMax) });
    case 'toggleList': {
      const without = draft.listIds.filter((id) => id !== action.id);
      return changed({ listIds: action.selected ? [...without, action.id] : without });
    }
    case 'keepLists': {
      const kept = draft.listIds.filter((id) => action.existing.includes(id));
      return kept.length === draft.listIds.length ? draft : { ...draft, listIds: kept };
    }
    case 'window':
      return changed(action.patch);
    case 'click':
      return changed(action.patch);
    case 'recurrence':
      return changed({ recurrence: action.recurrence });
    case 'saved':
      return { ...draft, id: action.id, status: action.status, dirty: false };
  }
}

/** A simulation already out: its templates, lists and send window stay as they are. */
export const isRunning = (draft: Pick<PhishingDraft, 'status'>): boolean =>
  draft.status === 'scheduled' || draft.status === 'active';

/** Why a step cannot be reached yet, or null. */
export type LockReason = 'templates' | 'employees' | 'enrol' | null;

/** Which steps can be opened: each needs the ones before it complete. */
export function stepAllowance(
  draft: PhishingDraft,
  selectedUserCount: number,
): Record<PhishingStep, boolean> {
  const templatesOk = draft.templateMode === 'random' || draft.templateIds.length > 0;
  const employeesOk = templatesOk && draft.listIds.length > 0 && selectedUserCount > 0;
  const clickOk = employeesOk && (draft.onClick !== 'enrol' || draft.enrolProgramId !== null);
  return {
    templates: true,
    employees: templatesOk,
    schedule: employeesOk,
    click: employeesOk,
    finalize: clickOk,
    start: clickOk,
  };
}

/** What keeps a step locked, in the order the steps come. */
export function lockReason(allowed: Record<PhishingStep, boolean>, step: PhishingStep): LockReason {
  if (allowed[step]) return null;
  if (!allowed.employees) return 'templates';
  if (!allowed.schedule) return 'employees';
  return 'enrol';
}

export const wizardAction = (draft: PhishingDraft): WizardAction => campaignWizardAction(draft);

/** "Save" keeps a running simulation scheduled; anything else is a draft. */
export const saveStatus = (draft: Pick<PhishingDraft, 'status'>): 'draft' | 'scheduled' =>
  isRunning(draft) ? 'scheduled' : 'draft';

/** Closing asks first when something changed, or when a new simulation has a name or content. */
export const closeNeedsConfirm = (draft: PhishingDraft): boolean =>
  draft.dirty && (draft.id !== null || !isUntitledName(draft.name) || draft.listIds.length > 0);

/** Whether starting sends right away (the window opens now). */
export const sendsNow = (draft: PhishingDraft): boolean => !isRunning(draft) && draft.startNow;

/** The window's start as saved: now for "start now" (the server moves a past start to the start). */
export function windowStart(draft: Pick<PhishingDraft, 'startNow' | 'start'>, now: Date): string {
  if (draft.startNow || !draft.start) return now.toISOString();
  return draft.start;
}

/** The save payload of the draft with this status. */
export function buildPhishingSave(
  draft: PhishingDraft,
  status: 'draft' | 'scheduled',
  now: Date,
): PhishingSave {
  return {
    name: draft.name,
    status,
    templateMode: draft.templateMode,
    templateIds: draft.templateIds,
    userLists: draft.listIds,
    sendWindow: {
      start: windowStart(draft, now),
      days: draft.days,
      businessHours: draft.hours,
      weekdaysOnly: draft.weekdaysOnly,
      timeZone: draft.timeZone,
    },
    landingPageId: draft.landingPageId,
    senderProfileId: draft.senderProfileId,
    onClick: draft.onClick,
    enrolProgramId: draft.onClick === 'enrol' ? draft.enrolProgramId : null,
    recurrence: draft.recurrence,
    trackingDays: draft.trackingDays,
  };
}
