/**
 * The assessment wizard's state (spec 2 §2, §4, §5): one reducer and the pure rules the screens
 * apply — which steps may be shown, what a save sends, how a stored assessment fills the wizard again.
 */
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_SCHEDULE_TYPES,
  ASSESSMENT_STEPS,
  assessmentDateProblems,
  assessmentNameOrDefault,
  CHANNELS,
  defaultScheduleStart,
  hasDateProblems,
  isAssessmentStepAllowed,
  isQuestionAvailable,
  nextReminderSend,
  PersonalizeData,
  SCORM_ASSESSMENT_STEPS,
  UNTITLED_ASSESSMENT,
  type AssessmentDateProblems,
  type AssessmentSave,
  type AssessmentScheduleType,
  type AssessmentStatus,
  type AssessmentStep,
  type AssessmentView,
  type CompanySubscription,
  type PersonalizeValues,
  type QuestionSummary,
} from '@vigil/shared';
import { moveItem } from '../../../lib/move-item.ts';

export { wizardAction, type WizardAction } from '../../../lib/campaign-rules.ts';

const DAY_MS = 86_400_000;
/** A new assessment is due a week after it goes out. */
const DEFAULT_DUE_DAYS = 7;

/** A question as the wizard shows it. */
export interface WizardQuestion {
  id: string;
  name: string;
  area: string;
  areaName: string;
  behaviours: { code: string; name: string }[];
  /** Seconds. */
  duration: number;
  /** Outside the company's plan (spec 2 §5). */
  unavailable: boolean;
}

export function toWizardQuestion(q: QuestionSummary, plan: CompanySubscription | null): WizardQuestion {
  return {
    id: q.id,
    name: q.name,
    area: q.area,
    areaName: q.areaName,
    behaviours: q.behaviours.map(({ code, name }) => ({ code, name })),
    duration: q.duration,
    unavailable: q.disabled || !isQuestionAvailable(plan, q),
  };
}

export type { PersonalizeValues };
export const EMPTY_PERSONALIZE: PersonalizeValues = { companyName: '', companyDomain: '', emailHR: '' };

/** The remembered values; empty fields for whatever is missing or unreadable. */
export function parsePersonalize(raw: string | null): PersonalizeValues {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    value = null;
  }
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const text = (key: keyof PersonalizeValues) =>
    typeof stored[key] === 'string' ? (stored[key] as string) : '';
  return value
    ? { companyName: text('companyName'), companyDomain: text('companyDomain'), emailHR: text('emailHR') }
    : EMPTY_PERSONALIZE;
}

export interface WizardReminder {
  /** ISO; null until a date is chosen. */
  send: string | null;
  /** Already sent: read-only. */
  alreadySet?: boolean;
}

export interface AssessmentDraft {
  id: string | null;
  status: AssessmentStatus | null;
  name: string;
  isScorm: boolean;
  templateId: string | null;
  templateChosen: boolean;
  templateCustomized: boolean;
  questions: WizardQuestion[];
  personalize: PersonalizeValues;
  listIds: string[];
  scheduleType: AssessmentScheduleType;
  /** Delivery date-time (schedule type 0), ISO. */
  date: string | null;
  due: string | null;
  channel: number;
  remindersEnabled: boolean;
  reminders: WizardReminder[];
  remindersChannel: number;
  step: AssessmentStep;
  /** Something changed since the wizard opened or last saved (closing then asks to save). */
  changed: boolean;
}

export interface ChannelChoice {
  channel: number;
  remindersChannel: number;
}

/** A new assessment: untitled, delivered at the next full hour and due a week later. */
export function newAssessmentDraft(
  now: Date,
  isScorm: boolean,
  channels: ChannelChoice = { channel: CHANNELS.email, remindersChannel: CHANNELS.email },
  personalize: PersonalizeValues = EMPTY_PERSONALIZE,
): AssessmentDraft {
  const date = defaultScheduleStart(now);
  return {
    id: null,
    status: null,
    name: UNTITLED_ASSESSMENT,
    isScorm,
    templateId: null,
    templateChosen: false,
    templateCustomized: false,
    questions: [],
    personalize,
    listIds: [],
    scheduleType: ASSESSMENT_SCHEDULE_TYPES.date,
    date: date.toISOString(),
    due: new Date(date.getTime() + DEFAULT_DUE_DAYS * DAY_MS).toISOString(),
    channel: channels.channel,
    remindersEnabled: false,
    reminders: [],
    remindersChannel: channels.remindersChannel,
    step: 'goal',
    changed: false,
  };
}

/**
 * A stored assessment in the wizard: for 'edit' as it is; for 'copy' a new draft named "{name} Copy",
 * without id and due date, its past delivery moved to the next full hour (spec 2 §4).
 */
export function draftFromAssessment(
  view: AssessmentView,
  mode: 'copy' | 'edit',
  now: Date,
  personalize: PersonalizeValues = EMPTY_PERSONALIZE,
): AssessmentDraft {
  const copy = mode === 'copy';
  const date =
    view.deliveryDate && (!copy || new Date(view.deliveryDate) > now)
      ? view.deliveryDate
      : defaultScheduleStart(now).toISOString();
  return {
    id: copy ? null : view.id,
    status: copy ? null : view.status,
    name: copy ? `${view.name} Copy` : view.name,
    isScorm: view.isScorm,
    templateId: view.templateIds[0] ?? null,
    templateChosen: view.templateIds.length > 0 || view.questions.length > 0,
    templateCustomized: view.templateCustomized,
    questions: view.questions.map((q) => ({
      id: q.id,
      name: q.name,
      area: q.area,
      areaName: q.areaName,
      behaviours: q.behaviours.map(({ code, name }) => ({ code, name })),
      duration: q.duration,
      unavailable: q.disabled,
    })),
    personalize: view.personalizeData ?? personalize,
    listIds: view.isScorm ? [] : [...view.selectedUserListsIds],
    scheduleType: view.scheduleType,
    date,
    due: copy ? null : view.due,
    channel: view.channel || CHANNELS.email,
    remindersEnabled: view.reminders_enabled,
    reminders: view.reminders_steps
      .filter((r) => !copy || !r.alreadySet)
      .map((r) => ({ send: r.send, ...(copy ? {} : { alreadySet: r.alreadySet }) })),
    remindersChannel: view.reminders_channel || CHANNELS.email,
    step: 'goal',
    changed: false,
  };
}

/** Editing a running assessment: questions, template, schedule type and delivery date are locked (spec 2 §4). */
export const isRunning = (draft: Pick<AssessmentDraft, 'status'>): boolean => draft.status === 'active';

/**
 * Whether key behaviours short of their threshold are flagged "not covered" (spec 2 §5): not for a
 * template's own question set, which was put together for its goal (a pulse check touches each area
 * once on purpose), but as soon as the manager changes the questions or picks them without one.
 */
export const flagsUncoveredBehaviours = (
  draft: Pick<AssessmentDraft, 'templateId' | 'templateCustomized'>,
): boolean => draft.templateId === null || draft.templateCustomized;
/** A scheduled or active assessment shows the edit banner. */
export const showsEditBanner = (draft: Pick<AssessmentDraft, 'status'>): boolean =>
  draft.status === 'scheduled' || draft.status === 'active';

const at = (iso: string | null): Date | null => (iso ? new Date(iso) : null);

/** The schedule's problems per field, in the spec's words (spec 2 §5 Dates). */
export function draftDateProblems(
  draft: AssessmentDraft,
  now: Date,
  format: (d: Date) => string,
): AssessmentDateProblems {
  if (draft.isScorm) return { reminders: {} };
  return assessmentDateProblems({
    scheduleType: draft.scheduleType,
    date: at(draft.date),
    due: at(draft.due),
    remindersEnabled: draft.remindersEnabled,
    reminders: draft.reminders.map((r) => ({ send: at(r.send), alreadySet: r.alreadySet })),
    isActive: isRunning(draft),
    now,
    format,
  });
}

/** The personalize form's problems by field (spec 2 §5), empty when valid. */
export function personalizeProblems(
  values: PersonalizeValues,
): Partial<Record<keyof PersonalizeValues, string>> {
  const result = PersonalizeData.safeParse(values);
  if (result.success) return {};
  const problems: Partial<Record<keyof PersonalizeValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof PersonalizeValues;
    problems[field] ??= issue.message;
  }
  return problems;
}

export const wizardSteps = (isScorm: boolean): readonly AssessmentStep[] =>
  isScorm ? SCORM_ASSESSMENT_STEPS : ASSESSMENT_STEPS;

export type StepAllowance = Record<AssessmentStep, boolean>;

const isoFormat = (d: Date) => d.toISOString();

/** Which steps may be shown now (spec 2 §4 "Wizard step unlocking (assessment)"). */
export function stepAllowance(draft: AssessmentDraft, selectedUserCount: number, now: Date): StepAllowance {
  const dates = draftDateProblems(draft, now, isoFormat);
  const input = {
    templateChosen: draft.templateChosen,
    questionsSelected: draft.questions.length,
    personalizeValid: Object.keys(personalizeProblems(draft.personalize)).length === 0,
    selectedUserCount,
    scheduleValid: !dates.date && !dates.due,
    channel: draft.channel,
    remindersValid:
      Object.keys(dates.reminders).length === 0 &&
      (!draft.remindersEnabled || (draft.reminders.length > 0 && draft.remindersChannel > 0)),
  };
  return Object.fromEntries(
    ASSESSMENT_STEPS.map((step) => [step, isAssessmentStepAllowed(step, input, draft.isScorm)]),
  ) as StepAllowance;
}

/** Whether every date of the schedule and reminders is valid. */
export const datesValid = (draft: AssessmentDraft, now: Date): boolean =>
  !hasDateProblems(draftDateProblems(draft, now, isoFormat));

/** The first locked step's reason key (under assessments.wizard.locked), or null when `step` is open. */
export function lockReason(allowed: StepAllowance, isScorm: boolean, step: AssessmentStep): string | null {
  // Starting needs what the summary needs; the success step itself is only reached by finishing.
  if (step === 'start') return lockReason(allowed, isScorm, 'finalize');
  if (allowed[step]) return null;
  const blocking = wizardSteps(isScorm).find((s) => !allowed[s]) ?? step;
  return blocking === 'start' ? 'finalize' : blocking;
}

/** Saving an edited scheduled or active assessment keeps it running; anything else is a draft. */
export const saveStatus = (draft: Pick<AssessmentDraft, 'status'>): 'draft' | 'scheduled' =>
  draft.status === 'scheduled' || draft.status === 'active' ? 'scheduled' : 'draft';

/** The save payload of spec 2 §7; a SCORM assessment has no lists, schedule or reminders. */
export function buildAssessmentSave(draft: AssessmentDraft, status: 'draft' | 'scheduled'): AssessmentSave {
  const personalize = PersonalizeData.safeParse(draft.personalize);
  const scheduleType = draft.isScorm ? ASSESSMENT_SCHEDULE_TYPES.now : draft.scheduleType;
  return {
    name: assessmentNameOrDefault(draft.name),
    status,
    isScorm: draft.isScorm,
    templateIds: draft.templateId ? [draft.templateId] : [],
    templateCustomized: draft.templateCustomized,
    questions: draft.questions.map((q) => q.id),
    userLists: draft.isScorm ? [] : draft.listIds,
    channel: draft.channel,
    scheduleType,
    date: scheduleType === ASSESSMENT_SCHEDULE_TYPES.date ? draft.date : null,
    due: draft.isScorm ? null : draft.due,
    reminders_enabled: !draft.isScorm && draft.remindersEnabled,
    reminders_settings: {
      channel: draft.remindersChannel,
      steps: draft.reminders
        .filter((r): r is WizardReminder & { send: string } => r.send !== null)
        .map((r) => ({ send: r.send, ...(r.alreadySet ? { alreadySet: true } : {}) })),
    },
    personalizeEnabled: true,
    personalizeData: personalize.success ? personalize.data : null,
  };
}

/** Closing with changes, before the assessment has started, asks whether to save (spec 2 §2). */
export const closeNeedsConfirm = (draft: Pick<AssessmentDraft, 'changed' | 'step'>): boolean =>
  draft.changed && draft.step !== 'start';

export const unavailableCount = (draft: Pick<AssessmentDraft, 'questions'>): number =>
  draft.questions.filter((q) => q.unavailable).length;

/** Whether another reminder can be added (at most 5, spec 2 §5). */
export const canAddReminder = (draft: Pick<AssessmentDraft, 'reminders'>): boolean =>
  draft.reminders.length < ASSESSMENT_LIMITS.maxReminders;

/** A new reminder: a day after the previous one (or the delivery, or now) if that is before the due date. */
export function newReminder(draft: AssessmentDraft, now: Date): WizardReminder {
  const last = draft.reminders.at(-1)?.send;
  const from =
    at(last ?? null) ?? (draft.scheduleType === ASSESSMENT_SCHEDULE_TYPES.date ? at(draft.date) : now);
  return { send: nextReminderSend(from, at(draft.due))?.toISOString() ?? null };
}

export type DraftAction =
  | { type: 'rename'; name: string }
  | { type: 'chooseTemplate'; templateId: string; questions: WizardQuestion[] }
  | { type: 'addQuestions'; questions: WizardQuestion[] }
  | { type: 'removeQuestion'; id: string }
  | { type: 'moveQuestion'; from: number; to: number }
  | { type: 'syncQuestions'; catalog: ReadonlyMap<string, WizardQuestion> }
  | { type: 'personalize'; patch: Partial<PersonalizeValues> }
  | { type: 'toggleList'; id: string; selected: boolean }
  | { type: 'keepLists'; existing: readonly string[] }
  | { type: 'schedule'; patch: Partial<Pick<AssessmentDraft, 'scheduleType' | 'date' | 'due'>> }
  | { type: 'channel'; mask: number }
  | { type: 'remindersEnabled'; enabled: boolean; now: Date }
  | { type: 'addReminder'; now: Date }
  | { type: 'changeReminder'; index: number; send: string | null }
  | { type: 'removeReminder'; index: number }
  | { type: 'remindersChannel'; mask: number }
  | { type: 'saved'; id: string; status: AssessmentStatus }
  | { type: 'goTo'; step: AssessmentStep };

function change(state: AssessmentDraft, action: DraftAction): AssessmentDraft {
  const running = isRunning(state);
  switch (action.type) {
    case 'rename':
      return { ...state, name: action.name };
    case 'chooseTemplate':
      if (running) return state;
      return {
        ...state,
        templateId: action.templateId,
        templateChosen: true,
        templateCustomized: false,
        questions: action.questions,
      };
    case 'addQuestions': {
      const known = new Set(state.questions.map((q) => q.id));
      const added = action.questions.filter((q) => !known.has(q.id));
      if (running || added.length === 0) return state;
      return {
        ...state,
        questions: [...state.questions, ...added],
        templateChosen: true,
        templateCustomized: true,
      };
    }
    case 'removeQuestion':
      if (running) return state;
      return {
        ...state,
        questions: state.questions.filter((q) => q.id !== action.id),
        templateCustomized: true,
      };
    case 'moveQuestion':
      if (running) return state;
      return {
        ...state,
        questions: moveItem(state.questions, action.from, action.to),
        templateCustomized: true,
      };
    case 'syncQuestions':
      return {
        ...state,
        questions: state.questions.map((q) => action.catalog.get(q.id) ?? { ...q, unavailable: true }),
      };
    case 'personalize':
      return { ...state, personalize: { ...state.personalize, ...action.patch } };
    case 'toggleList': {
      const others = state.listIds.filter((id) => id !== action.id);
      return { ...state, listIds: action.selected ? [...others, action.id] : others };
    }
    case 'keepLists': {
      const existing = new Set(action.existing);
      return { ...state, listIds: state.listIds.filter((id) => existing.has(id)) };
    }
    case 'schedule': {
      const patch = running ? { due: action.patch.due } : action.patch;
      return { ...state, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    }
    case 'channel':
      return action.mask > 0 ? { ...state, channel: action.mask } : state;
    case 'remindersEnabled': {
      const first =
        action.enabled && state.reminders.length === 0 ? [newReminder(state, action.now)] : state.reminders;
      return { ...state, remindersEnabled: action.enabled, reminders: first };
    }
    case 'addReminder':
      return canAddReminder(state)
        ? { ...state, reminders: [...state.reminders, newReminder(state, action.now)] }
        : state;
    case 'changeReminder':
      return {
        ...state,
        reminders: state.reminders.map((r, i) =>
          i === action.index && !r.alreadySet ? { ...r, send: action.send } : r,
        ),
      };
    case 'removeReminder':
      return state.reminders[action.index]?.alreadySet
        ? state
        : { ...state, reminders: state.reminders.filter((_, i) => i !== action.index) };
    case 'remindersChannel':
      return action.mask > 0 ? { ...state, remindersChannel: action.mask } : state;
    case 'saved':
      return { ...state, id: action.id, status: action.status };
    case 'goTo':
      return { ...state, step: action.step };
  }
}

/** The reducer: every change but moving between steps, syncing and saving marks the draft changed. */
export function draftReducer(state: AssessmentDraft, action: DraftAction): AssessmentDraft {
  const next = change(state, action);
  if (next === state) return state;
  if (action.type === 'saved') return { ...next, changed: false };
  if (action.type === 'goTo' || action.type === 'syncQuestions' || action.type === 'keepLists') return next;
  return { ...next, changed: true };
}
