/**
 * The training wizard's state (spec 2 §2, §4, §5): one reducer and the pure rules the screens apply —
 * which steps may be shown, what a save sends, how a stored program fills the wizard again.
 */
import {
  CHANNELS,
  REMINDER_LIMITS,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  SCHEDULE_TYPES,
  SCORM_TRAINING_STEPS,
  TRAINING_MESSAGES,
  TRAINING_STEPS,
  canRemoveReminderStep,
  defaultScheduleStart,
  generateSchedule,
  isSubjectAvailable,
  isTrainingStepAllowed,
  isValidReminderStep,
  nextReminderStep,
  scheduleProblem,
  trainingNameOrDefault,
  UNTITLED_TRAINING,
  type CompanySubscription,
  type Interval,
  type ReminderStep,
  type ScheduleType,
  type ScheduledBatch,
  type SubjectSummary,
  type TrainingSave,
  type TrainingStatus,
  type TrainingStep,
  type TrainingView,
  type WizardState as StepInput,
} from '@vigil/shared';
import { moveItem } from '../../../lib/move-item.ts';

/** A subject as the wizard shows it. */
export interface WizardSubject {
  id: string;
  title: string;
  thumb: string | null;
  type: number;
  /** Seconds. */
  duration: number;
  /** Outside the company's plan: disabled, or not available for trials. */
  unavailable: boolean;
}

/** A catalogue subject in the wizard; outside the plan when disabled or (on a trial) not for trials. */
export function toWizardSubject(subject: SubjectSummary, plan: CompanySubscription | null): WizardSubject {
  return {
    id: subject.id,
    title: subject.title,
    thumb: subject.thumb,
    type: subject.type,
    duration: subject.duration,
    unavailable: subject.disabled || !isSubjectAvailable(plan, subject),
  };
}

export interface DraftState {
  /** Null until the program is first saved. */
  id: string | null;
  /** The stored program's status; null while it has never been saved. */
  status: TrainingStatus | null;
  name: string;
  isScorm: boolean;
  templateId: string | null;
  /** A template, or the blank start, has been chosen (unlocks the content step). */
  templateChosen: boolean;
  templateCustomized: boolean;
  subjects: WizardSubject[];
  listIds: string[];
  scheduleType: ScheduleType;
  /** Start of a future schedule, ISO. */
  start: string;
  frequency: Interval;
  subjectsPerInterval: number;
  /**
   * Deliveries of a future schedule whose date the manager changed, by batch index (ISO). Any change of
   * the schedule settings or the subjects makes new batches and so drops these.
   */
  editedDates: Readonly<Record<number, string>>;
  channel: number;
  remindersEnabled: boolean;
  reminderSteps: ReminderStep[];
  remindersChannel: number;
  introEnabled: boolean;
  /** The intro message as HTML. */
  introMessage: string;
  step: TrainingStep;
}

export interface ChannelChoice {
  channel: number;
  remindersChannel: number;
}

export const DEFAULT_CHANNELS: ChannelChoice = { channel: CHANNELS.email, remindersChannel: CHANNELS.email };

/** A new program: untitled, no template, the default schedule starting at the next full hour. */
export function newDraft(
  now: Date,
  isScorm: boolean,
  channels: ChannelChoice = DEFAULT_CHANNELS,
): DraftState {
  return {
    id: null,
    status: null,
    name: UNTITLED_TRAINING,
    isScorm,
    templateId: null,
    templateChosen: false,
    templateCustomized: false,
    subjects: [],
    listIds: [],
    scheduleType: isScorm ? SCHEDULE_TYPES.downloadLinks : SCHEDULE_TYPES.future,
    start: defaultScheduleStart(now).toISOString(),
    frequency: SCHEDULE_LIMITS.defaultInterval,
    subjectsPerInterval: SCHEDULE_LIMITS.defaultSubjectsPerInterval,
    editedDates: {},
    channel: channels.channel,
    remindersEnabled: false,
    reminderSteps: [],
    remindersChannel: channels.remindersChannel,
    introEnabled: false,
    introMessage: '',
    step: 'goal',
  };
}

/**
 * A new program asked to start with these subjects (from the assessment report's recommended
 * training): the blank goal is chosen, the subjects count as the manager's own choice (another
 * template asks before replacing them), and the wizard opens on the content step.
 */
export function withStartSubjects(
  draft: DraftState,
  subjects: readonly Omit<WizardSubject, 'unavailable'>[],
): DraftState {
  if (subjects.length === 0) return draft;
  return {
    ...draft,
    templateChosen: true,
    templateCustomized: true,
    subjects: subjects.map((s) => ({ ...s, unavailable: false })),
    step: 'content',
  };
}

/**
 * A stored program in the wizard: for 'edit' as it is, for 'copy' as a new draft named "{name} Copy"
 * whose past start date moves to the next full hour (spec 2 §4).
 */
export function draftFromView(view: TrainingView, mode: 'copy' | 'edit', now: Date): DraftState {
  const copy = mode === 'copy';
  const start = view.date && (!copy || new Date(view.date) > now) ? view.date : null;
  return {
    id: copy ? null : view.id,
    status: copy ? null : view.status,
    name: copy ? `${view.name} Copy` : view.name,
    isScorm: view.isScorm,
    templateId: view.templateId,
    templateChosen: view.templateId !== null || view.subjects.length > 0,
    templateCustomized: view.templateCustomized,
    subjects: view.subjects.map((s) => ({
      id: s.id,
      title: s.title,
      thumb: s.thumb,
      type: s.type,
      duration: s.duration,
      unavailable: s.disabled,
    })),
    listIds: view.isScorm ? [] : [...view.selectedUserListsIds],
    scheduleType: view.isScorm ? SCHEDULE_TYPES.downloadLinks : view.scheduleType,
    start: start ?? defaultScheduleStart(now).toISOString(),
    frequency: view.frequency,
    subjectsPerInterval: view.subjectsPerInterval,
    editedDates: {},
    channel: view.channel || CHANNELS.email,
    remindersEnabled: view.reminders_enabled,
    reminderSteps: view.reminders_steps.map((s) => ({ delay: s.delay, delayType: s.delayType })),
    remindersChannel: view.reminders_channel || CHANNELS.email,
    introEnabled: view.introMessageEnabled,
    introMessage: view.introductoryData.message,
    step: 'goal',
  };
}

/**
 * The save payload of spec 2 §7; a SCORM program has no lists, reminders or intro and uses download links.
 * Once a delivery's date was changed by hand, every batch is sent as `events`, in order.
 */
export function buildTrainingSave(
  draft: DraftState,
  status: 'draft' | 'scheduled',
  now: Date = new Date(),
): TrainingSave {
  const scheduleType = draft.isScorm ? SCHEDULE_TYPES.downloadLinks : draft.scheduleType;
  const remindersEnabled = !draft.isScorm && draft.remindersEnabled;
  const events = hasEditedDates(draft)
    ? draftBatches(draft, now).map((batch) => ({ date: batch.date, subjects: [...batch.subjects] }))
    : null;
  return {
    name: trainingNameOrDefault(draft.name),
    status,
    isScorm: draft.isScorm,
    templateId: draft.templateId,
    templateCustomized: draft.templateCustomized,
    subjects: draft.subjects.map((s) => s.id),
    userLists: draft.isScorm ? [] : draft.listIds,
    scheduleType,
    date: scheduleType === SCHEDULE_TYPES.future ? draft.start : null,
    frequency: draft.frequency,
    subjectsPerInterval: draft.subjectsPerInterval,
    ...(events ? { events } : {}),
    sendOptions: { channel: draft.channel },
    reminders_enabled: remindersEnabled,
    // Steps of disabled reminders are kept for later, but only those the server can store.
    reminders_settings: {
      channel: draft.remindersChannel,
      steps: remindersEnabled ? draft.reminderSteps : draft.reminderSteps.filter(isValidReminderStep),
    },
    introMessageEnabled: !draft.isScorm && draft.introEnabled,
    introductoryData: { message: draft.introMessage },
  };
}

/** The text of an HTML fragment, to tell an empty rich-text message from a written one. */
export function introPlainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const SUBJECTS_PER_INTERVAL_MESSAGE = 'Subjects per interval is 1 to 20.';
export const CHOOSE_TEMPLATE_MESSAGE = 'Choose a template, or start from scratch.';

const validSubjectsPerInterval = (n: number) =>
  Number.isInteger(n) &&
  n >= SCHEDULE_LIMITS.subjectsPerIntervalMin &&
  n <= SCHEDULE_LIMITS.subjectsPerIntervalMax;

/** What is wrong with the schedule (in the spec's words), or null: its settings, then the edited dates. */
export function draftScheduleProblem(draft: DraftState, now: Date): string | null {
  return draftSettingsProblem(draft, now) ?? editedDatesProblem(draft, now);
}

/** What is wrong with the schedule's own settings (start, subjects per interval), or null. */
export function draftSettingsProblem(draft: DraftState, now: Date): string | null {
  if (draft.scheduleType !== SCHEDULE_TYPES.future) return null;
  if (!validSubjectsPerInterval(draft.subjectsPerInterval)) return SUBJECTS_PER_INTERVAL_MESSAGE;
  return scheduleProblem({
    scheduleType: draft.scheduleType,
    subjects: draft.subjects.map((s) => s.id),
    interval: draft.frequency,
    subjectsPerInterval: draft.subjectsPerInterval,
    start: new Date(draft.start),
    now,
  });
}

/** Whether the manager changed the date of a delivery that is sent (a future, non-SCORM schedule). */
export const hasEditedDates = (draft: Pick<DraftState, 'isScorm' | 'scheduleType' | 'editedDates'>) =>
  !draft.isScorm && draft.scheduleType === SCHEDULE_TYPES.future && Object.keys(draft.editedDates).length > 0;

/** Whether the delivery at `index` has a date the manager set by hand. */
export const isDateEdited = (draft: Pick<DraftState, 'editedDates'>, index: number): boolean =>
  Object.hasOwn(draft.editedDates, index);

/** Why a delivery cannot go out at `date` (the server's rules): before the start, or in the past. */
export function batchDateProblem(draft: Pick<DraftState, 'start'>, date: string, now: Date): string | null {
  const at = new Date(date).getTime();
  if (Number.isNaN(at)) return SCHEDULE_MESSAGES.dateInPast;
  if (at < new Date(draft.start).getTime()) return TRAINING_MESSAGES.eventBeforeStart;
  if (at < now.getTime()) return SCHEDULE_MESSAGES.dateInPast;
  return null;
}

/** The first problem of a date changed by hand, or null. */
export function editedDatesProblem(draft: DraftState, now: Date): string | null {
  if (!hasEditedDates(draft)) return null;
  for (const date of Object.values(draft.editedDates)) {
    const problem = batchDateProblem(draft, date, now);
    if (problem) return problem;
  }
  return null;
}

/** The generated batches, as the schedule makes them, before any date changed by hand. */
function generatedBatches(draft: DraftState, now: Date): ScheduledBatch[] {
  return generateSchedule({
    scheduleType: draft.scheduleType,
    subjects: draft.subjects.map((s) => s.id),
    interval: draft.frequency,
    subjectsPerInterval: validSubjectsPerInterval(draft.subjectsPerInterval)
      ? draft.subjectsPerInterval
      : SCHEDULE_LIMITS.defaultSubjectsPerInterval,
    start: new Date(draft.start),
    now,
  });
}

/**
 * The batches the schedule delivers, as shown in the schedule step and offered for previews: the
 * generated ones, with the dates the manager changed by hand on a future schedule.
 */
export function draftBatches(draft: DraftState, now: Date): ScheduledBatch[] {
  const batches = generatedBatches(draft, now);
  if (draft.scheduleType !== SCHEDULE_TYPES.future) return batches;
  return batches.map((batch, index) => {
    const date = draft.editedDates[index];
    return date === undefined ? batch : { ...batch, date };
  });
}

/** The shared step rules' input; a reminder step with a delay out of range counts as no step at all. */
export function stepInput(draft: DraftState, selectedUsersCount: number, now: Date): StepInput {
  return {
    templateChosen: draft.templateChosen,
    subjectsCount: draft.subjects.length,
    selectedUsersCount,
    scheduleType: draft.scheduleType,
    scheduleProblem: draftScheduleProblem(draft, now),
    channel: draft.channel,
    remindersEnabled: draft.remindersEnabled,
    reminderSteps: draft.reminderSteps.every(isValidReminderStep) ? draft.reminderSteps.length : 0,
    remindersChannel: draft.remindersChannel,
    introMessageEnabled: draft.introEnabled,
    introMessageText: introPlainText(draft.introMessage),
  };
}

export const wizardSteps = (isScorm: boolean): readonly TrainingStep[] =>
  isScorm ? SCORM_TRAINING_STEPS : TRAINING_STEPS;

export type StepAllowance = Record<TrainingStep, boolean>;

/** Which steps may be shown now (spec 2 §4 "Wizard step unlocking (training)"). */
export function stepAllowance(draft: DraftState, selectedUsersCount: number, now: Date): StepAllowance {
  const input = stepInput(draft, selectedUsersCount, now);
  return Object.fromEntries(
    TRAINING_STEPS.map((step) => [step, isTrainingStepAllowed(step, input, draft.isScorm)]),
  ) as StepAllowance;
}

/** Why a step is still locked, in the spec's words: the first unmet condition on the way to it. */
export function lockReason(
  draft: DraftState,
  selectedUsersCount: number,
  now: Date,
  step: TrainingStep,
): string | null {
  const allowed = stepAllowance(draft, selectedUsersCount, now);
  if (allowed[step]) return null;
  const steps = wizardSteps(draft.isScorm);
  const blocking = steps.find((s) => !allowed[s]) ?? step;
  switch (blocking) {
    case 'goal':
    case 'content':
      return CHOOSE_TEMPLATE_MESSAGE;
    case 'employees':
      return TRAINING_MESSAGES.needsSubjects;
    case 'schedule':
      return draft.listIds.length === 0 ? TRAINING_MESSAGES.needsLists : TRAINING_MESSAGES.needsEmployees;
    case 'reminders':
      return draftScheduleProblem(draft, now) ?? TRAINING_MESSAGES.oneChannel;
    case 'intro':
      return TRAINING_MESSAGES.remindersInvalid;
    case 'finalize':
    case 'start':
      return draft.isScorm ? TRAINING_MESSAGES.needsSubjects : TRAINING_MESSAGES.introEmpty;
  }
}

export const unavailableSubjectsCount = (draft: DraftState): number =>
  draft.subjects.filter((s) => s.unavailable).length;

/** Saving an edited scheduled program starts it again; anything else is stored as a draft (spec 2 §4). */
export const saveStatus = (draft: Pick<DraftState, 'status'>): 'draft' | 'scheduled' =>
  draft.status === 'scheduled' ? 'scheduled' : 'draft';

/** Closing with a template chosen, before the program has started, asks whether to save. */
export const closeNeedsConfirm = (draft: Pick<DraftState, 'templateChosen' | 'step'>): boolean =>
  draft.templateChosen && draft.step !== 'start';

/** Keeps only the remembered channels that can be used now; email when none is left. */
export function usableChannels(mask: number, usable: number): number {
  return mask & usable || CHANNELS.email;
}

export { moveItem };
export { toggleChannel, wizardAction, type WizardAction } from '../../../lib/campaign-rules.ts';

export type DraftAction =
  | { type: 'rename'; name: string }
  | {
      type: 'chooseTemplate';
      templateId: string | null;
      subjects: WizardSubject[];
      frequency?: { interval: Interval; subjectsPerInterval: number } | null;
    }
  | { type: 'addSubjects'; subjects: WizardSubject[] }
  | { type: 'syncSubjects'; catalog: ReadonlyMap<string, WizardSubject> }
  | { type: 'removeSubject'; id: string }
  | { type: 'moveSubject'; from: number; to: number }
  | { type: 'toggleList'; id: string; selected: boolean }
  | { type: 'keepLists'; existing: readonly string[] }
  | {
      type: 'schedule';
      patch: Partial<Pick<DraftState, 'scheduleType' | 'start' | 'frequency' | 'subjectsPerInterval'>>;
    }
  | { type: 'editBatchDate'; index: number; date: string }
  | { type: 'resetBatchDate'; index: number }
  | { type: 'channel'; mask: number }
  | { type: 'remindersEnabled'; enabled: boolean }
  | { type: 'addReminder' }
  | { type: 'changeReminder'; index: number; patch: Partial<ReminderStep> }
  | { type: 'removeReminder'; index: number }
  | { type: 'remindersChannel'; mask: number }
  | { type: 'introEnabled'; enabled: boolean }
  | { type: 'introMessage'; html: string }
  | { type: 'saved'; id: string; status: TrainingStatus }
  | { type: 'goTo'; step: TrainingStep };

/** The schedule settings whose change makes new batches (the subjects do as well). */
const REGENERATING_SETTINGS = ['start', 'frequency', 'subjectsPerInterval'] as const;

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'rename':
      return { ...state, name: action.name };
    case 'chooseTemplate':
      return {
        ...state,
        templateId: action.templateId,
        templateChosen: true,
        templateCustomized: false,
        subjects: action.subjects,
        editedDates: {},
        ...(action.frequency
          ? {
              frequency: action.frequency.interval,
              subjectsPerInterval: action.frequency.subjectsPerInterval,
            }
          : {}),
      };
    case 'addSubjects': {
      const known = new Set(state.subjects.map((s) => s.id));
      const added = action.subjects.filter((s) => !known.has(s.id));
      if (added.length === 0) return state;
      return {
        ...state,
        subjects: [...state.subjects, ...added],
        templateCustomized: true,
        editedDates: {},
      };
    }
    case 'syncSubjects': {
      // A stored program's subjects as the catalogue describes them now; one it no longer offers is unavailable.
      const subjects = state.subjects.map((s) => action.catalog.get(s.id) ?? { ...s, unavailable: true });
      const changed = subjects.some((s, i) => {
        const before = state.subjects[i];
        return (
          !before ||
          s.unavailable !== before.unavailable ||
          s.title !== before.title ||
          s.thumb !== before.thumb
        );
      });
      return changed ? { ...state, subjects } : state;
    }
    case 'removeSubject':
      return {
        ...state,
        subjects: state.subjects.filter((s) => s.id !== action.id),
        templateCustomized: true,
        editedDates: {},
      };
    case 'moveSubject':
      return {
        ...state,
        subjects: moveItem(state.subjects, action.from, action.to),
        templateCustomized: true,
        editedDates: {},
      };
    case 'toggleList': {
      const others = state.listIds.filter((id) => id !== action.id);
      return { ...state, listIds: action.selected ? [...others, action.id] : others };
    }
    case 'keepLists': {
      const existing = new Set(action.existing);
      const listIds = state.listIds.filter((id) => existing.has(id));
      return listIds.length === state.listIds.length ? state : { ...state, listIds };
    }
    case 'schedule': {
      // New settings make new batches: the dates changed by hand no longer belong to them.
      const regenerates = REGENERATING_SETTINGS.some(
        (key) => key in action.patch && action.patch[key] !== state[key],
      );
      return { ...state, ...action.patch, ...(regenerates ? { editedDates: {} } : {}) };
    }
    case 'editBatchDate':
      return action.index >= 0
        ? { ...state, editedDates: { ...state.editedDates, [action.index]: action.date } }
        : state;
    case 'resetBatchDate': {
      if (!isDateEdited(state, action.index)) return state;
      const editedDates = { ...state.editedDates };
      delete editedDates[action.index];
      return { ...state, editedDates };
    }
    case 'channel':
      return action.mask > 0 ? { ...state, channel: action.mask } : state;
    case 'remindersEnabled': {
      const first = action.enabled && state.reminderSteps.length === 0 ? nextReminderStep([]) : null;
      return {
        ...state,
        remindersEnabled: action.enabled,
        reminderSteps: first ? [first] : state.reminderSteps,
      };
    }
    case 'addReminder': {
      const step = nextReminderStep(state.reminderSteps);
      return step ? { ...state, reminderSteps: [...state.reminderSteps, step] } : state;
    }
    case 'changeReminder':
      return {
        ...state,
        reminderSteps: state.reminderSteps.map((s, i) =>
          i === action.index ? { ...s, ...action.patch } : s,
        ),
      };
    case 'removeReminder':
      return canRemoveReminderStep(action.index)
        ? { ...state, reminderSteps: state.reminderSteps.filter((_, i) => i !== action.index) }
        : state;
    case 'remindersChannel':
      return action.mask > 0 ? { ...state, remindersChannel: action.mask } : state;
    case 'introEnabled':
      return { ...state, introEnabled: action.enabled };
    case 'introMessage':
      return { ...state, introMessage: action.html };
    case 'saved':
      return { ...state, id: action.id, status: action.status };
    case 'goTo':
      return { ...state, step: action.step };
  }
}

export const canAddReminder = (draft: DraftState): boolean =>
  draft.reminderSteps.length < REMINDER_LIMITS.maxSteps;
