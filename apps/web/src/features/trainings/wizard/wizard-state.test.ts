import {
  CHANNELS,
  SCHEDULE_MESSAGES,
  SCHEDULE_TYPES,
  TRAINING_MESSAGES,
  TrainingSave,
  UNTITLED_TRAINING,
  type SubjectSummary,
  type TrainingView,
} from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { neighbourStep } from '../../../lib/campaign-rules.ts';
import {
  batchDateProblem,
  buildTrainingSave,
  CHOOSE_TEMPLATE_MESSAGE,
  closeNeedsConfirm,
  draftBatches,
  draftFromView,
  draftReducer,
  draftScheduleProblem,
  draftSettingsProblem,
  hasEditedDates,
  introPlainText,
  isDateEdited,
  lockReason,
  moveItem,
  newDraft,
  saveStatus,
  stepAllowance,
  SUBJECTS_PER_INTERVAL_MESSAGE,
  toggleChannel,
  toWizardSubject,
  unavailableSubjectsCount,
  usableChannels,
  wizardAction,
  wizardSteps,
  withStartSubjects,
  type DraftAction,
  type DraftState,
  type WizardSubject,
} from './wizard-state.ts';

const NOW = new Date('2026-03-02T09:20:00Z');
const LIST = '6f1c2a1e-3b4d-4c5e-8f90-1a2b3c4d5e6f';

const subject = (id: string, unavailable = false): WizardSubject => ({
  id,
  title: `Subject ${id}`,
  thumb: null,
  type: 1,
  duration: 120,
  unavailable,
});

/** A program ready to start: template, three subjects, a list, the default schedule. */
function readyDraft(patch: Partial<DraftState> = {}): DraftState {
  return {
    ...newDraft(NOW, false),
    name: 'Security basics',
    templateId: 'security-basics',
    templateChosen: true,
    subjects: [subject('a'), subject('b'), subject('c')],
    listIds: [LIST],
    ...patch,
  };
}

const view: TrainingView = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Phishing defence',
  status: 'scheduled',
  statusInfo: { label: 'Scheduled', color: 'blue' },
  active: 1,
  isScorm: false,
  uniqueId: 'u1',
  templateId: 'phishing-defence',
  templateCustomized: true,
  scheduleType: 0,
  date: '2026-01-05T08:00:00.000Z',
  frequency: 'B',
  subjectsPerInterval: 2,
  channel: 1,
  reminders_enabled: true,
  reminders_channel: 1,
  reminders_steps: [{ delay: 2, delayType: 3 }],
  introMessageEnabled: true,
  introductoryData: { message: '<p>Welcome</p>' },
  subjects: [{ id: 'a', title: 'A', type: 1, duration: 90, thumb: '/a.jpg', disabled: true }],
  lists: [{ id: LIST, name: 'Everyone', usersCount: 12 }],
  selectedUserListsIds: [LIST],
  selectedUserCount: 12,
  events: [],
  firstBatch: null,
  lastBatch: null,
  lastDelivery: null,
  created: '2025-12-01T00:00:00.000Z',
  updated: '2025-12-01T00:00:00.000Z',
  hasUnavailableSubjects: true,
  unavailableSubjects: 1,
  anonymousTracking: false,
  totalUsers: 0,
  opened: 0,
  score: 0,
  total: 0,
  bouncedEmails: 0,
  attendance: null,
  completionRate: null,
  answered: 0,
  correct: 0,
  quizScore: null,
  canEdit: true,
  canCopy: true,
  canStop: true,
  canPause: true,
  canRemind: false,
  canDelete: true,
};

describe('a new draft', () => {
  it('is untitled, on the first step, scheduled weekly with 3 subjects from the next full hour', () => {
    const draft = newDraft(NOW, false);
    expect(draft).toMatchObject({
      id: null,
      name: UNTITLED_TRAINING,
      step: 'goal',
      scheduleType: SCHEDULE_TYPES.future,
      start: '2026-03-02T10:00:00.000Z',
      frequency: 'W',
      subjectsPerInterval: 3,
      channel: CHANNELS.email,
      remindersChannel: CHANNELS.email,
    });
  });

  it('takes the remembered channels, and a SCORM program uses download links', () => {
    const draft = newDraft(NOW, true, { channel: 3, remindersChannel: 2 });
    expect(draft.channel).toBe(3);
    expect(draft.remindersChannel).toBe(2);
    expect(draft.scheduleType).toBe(SCHEDULE_TYPES.downloadLinks);
  });

  it('starts with the subjects it was given (a recommended training) on the content step', () => {
    const fresh = newDraft(NOW, false);
    expect(withStartSubjects(fresh, [])).toBe(fresh);
    const subject = {
      id: 'interactive-one-password',
      title: 'One password',
      thumb: null,
      type: 5,
      duration: 180,
    };
    const draft = withStartSubjects(fresh, [subject]);
    expect(draft).toMatchObject({
      templateChosen: true,
      templateCustomized: true,
      templateId: null,
      step: 'content',
    });
    expect(draft.subjects).toEqual([{ ...subject, unavailable: false }]);
    // The goal step is done: the content and employees steps are open.
    expect(lockReason(draft, 1, NOW, 'content')).toBeNull();
  });
});

describe('the save payload', () => {
  it('carries everything the contract needs and passes it', () => {
    const payload = buildTrainingSave(
      readyDraft({ introEnabled: true, introMessage: '<p>Hi</p>' }),
      'scheduled',
    );
    expect(payload).toMatchObject({
      name: 'Security basics',
      status: 'scheduled',
      isScorm: false,
      templateId: 'security-basics',
      subjects: ['a', 'b', 'c'],
      userLists: [LIST],
      scheduleType: 0,
      date: '2026-03-02T10:00:00.000Z',
      frequency: 'W',
      subjectsPerInterval: 3,
      sendOptions: { channel: 1 },
      reminders_enabled: false,
      introMessageEnabled: true,
      introductoryData: { message: '<p>Hi</p>' },
    });
    expect(payload.events).toBeUndefined();
    expect(TrainingSave.safeParse(payload).success).toBe(true);
  });

  it('names a blank program "Untitled Training" and sends no date unless scheduled for later', () => {
    const payload = buildTrainingSave(readyDraft({ name: '  ', scheduleType: SCHEDULE_TYPES.now }), 'draft');
    expect(payload.name).toBe(UNTITLED_TRAINING);
    expect(payload.date).toBeNull();
  });

  it('sends a SCORM program with download links, no lists, no reminders and no intro', () => {
    const payload = buildTrainingSave(
      readyDraft({ isScorm: true, remindersEnabled: true, introEnabled: true, scheduleType: 0 }),
      'scheduled',
    );
    expect(payload).toMatchObject({
      isScorm: true,
      scheduleType: 2,
      userLists: [],
      date: null,
      reminders_enabled: false,
      introMessageEnabled: false,
    });
  });

  it('keeps only storable steps of disabled reminders', () => {
    const draft = readyDraft({
      remindersEnabled: false,
      reminderSteps: [
        { delay: 1, delayType: 3 },
        { delay: 0, delayType: 3 },
      ],
    });
    expect(buildTrainingSave(draft, 'draft').reminders_settings.steps).toEqual([{ delay: 1, delayType: 3 }]);
  });
});

describe('prefilling from a stored program', () => {
  it('copies as a new untitled-id draft named "{name} Copy" with a past start moved forward', () => {
    const draft = draftFromView(view, 'copy', NOW);
    expect(draft).toMatchObject({
      id: null,
      status: null,
      name: 'Phishing defence Copy',
      templateId: 'phishing-defence',
      templateChosen: true,
      templateCustomized: true,
      listIds: [LIST],
      start: '2026-03-02T10:00:00.000Z',
      frequency: 'B',
      subjectsPerInterval: 2,
      remindersEnabled: true,
      reminderSteps: [{ delay: 2, delayType: 3 }],
      introEnabled: true,
      introMessage: '<p>Welcome</p>',
      step: 'goal',
    });
    expect(draft.subjects).toEqual([
      { id: 'a', title: 'A', thumb: '/a.jpg', type: 1, duration: 90, unavailable: true },
    ]);
  });

  it('edits with the id, status, name and start kept', () => {
    const draft = draftFromView(view, 'edit', NOW);
    expect(draft).toMatchObject({
      id: view.id,
      status: 'scheduled',
      name: 'Phishing defence',
      start: view.date,
    });
  });

  it('takes no template choice for an empty draft saved on the first step', () => {
    const draft = draftFromView({ ...view, templateId: null, subjects: [] }, 'edit', NOW);
    expect(draft.templateChosen).toBe(false);
  });
});

describe('step unlocking', () => {
  it('opens one step after another as the program takes shape', () => {
    const fresh = newDraft(NOW, false);
    expect(stepAllowance(fresh, 0, NOW)).toMatchObject({ goal: true, content: false });
    const chosen = { ...fresh, templateChosen: true };
    expect(stepAllowance(chosen, 0, NOW)).toMatchObject({ content: true, employees: false });
    const withSubjects = { ...chosen, subjects: [subject('a')] };
    expect(stepAllowance(withSubjects, 0, NOW)).toMatchObject({ employees: true, schedule: false });
    expect(stepAllowance(withSubjects, 5, NOW)).toMatchObject({
      schedule: true,
      reminders: true,
      intro: true,
      finalize: true,
      start: true,
    });
  });

  it('locks reminders on a past start date or a bad number of subjects per delivery', () => {
    expect(stepAllowance(readyDraft({ start: '2026-03-01T08:00:00.000Z' }), 5, NOW).reminders).toBe(false);
    expect(stepAllowance(readyDraft({ subjectsPerInterval: 0 }), 5, NOW).reminders).toBe(false);
    expect(stepAllowance(readyDraft({ subjectsPerInterval: 21 }), 5, NOW).reminders).toBe(false);
  });

  it('locks the intro step on a reminder delay out of range, and the summary on an empty intro', () => {
    const badReminder = readyDraft({
      remindersEnabled: true,
      reminderSteps: [{ delay: 1001, delayType: 1 }],
    });
    expect(stepAllowance(badReminder, 5, NOW).intro).toBe(false);
    const emptyIntro = readyDraft({ introEnabled: true, introMessage: '<p>&nbsp;</p>' });
    expect(stepAllowance(emptyIntro, 5, NOW)).toMatchObject({ intro: true, finalize: false });
  });

  it('lets a SCORM program finish with subjects alone', () => {
    expect(stepAllowance(readyDraft({ isScorm: true, listIds: [] }), 0, NOW).finalize).toBe(true);
  });

  it('says why a step is locked, by the first unmet condition', () => {
    const fresh = newDraft(NOW, false);
    expect(lockReason(fresh, 0, NOW, 'content')).toBe(CHOOSE_TEMPLATE_MESSAGE);
    expect(lockReason({ ...fresh, templateChosen: true }, 0, NOW, 'schedule')).toBe(
      TRAINING_MESSAGES.needsSubjects,
    );
    expect(lockReason(readyDraft({ listIds: [] }), 0, NOW, 'schedule')).toBe(TRAINING_MESSAGES.needsLists);
    expect(lockReason(readyDraft(), 0, NOW, 'finalize')).toBe(TRAINING_MESSAGES.needsEmployees);
    expect(lockReason(readyDraft({ start: '2026-01-01T00:00:00Z' }), 3, NOW, 'reminders')).toBe(
      SCHEDULE_MESSAGES.dateInPast,
    );
    expect(lockReason(readyDraft({ subjectsPerInterval: 0 }), 3, NOW, 'reminders')).toBe(
      SUBJECTS_PER_INTERVAL_MESSAGE,
    );
    expect(lockReason(readyDraft({ introEnabled: true }), 3, NOW, 'finalize')).toBe(
      TRAINING_MESSAGES.introEmpty,
    );
    expect(lockReason(readyDraft(), 3, NOW, 'finalize')).toBeNull();
  });

  it('walks the SCORM steps without employees, schedule, reminders and intro', () => {
    expect(neighbourStep(wizardSteps(true), 'content', 1)).toBe('finalize');
    expect(neighbourStep(wizardSteps(false), 'content', 1)).toBe('employees');
    expect(neighbourStep(wizardSteps(false), 'goal', -1)).toBeNull();
  });
});

describe('the wizard buttons', () => {
  it('reads Continue, then Create, Activate or Update on the summary', () => {
    expect(wizardAction({ step: 'content', id: null, status: null })).toBe('continue');
    expect(wizardAction({ step: 'finalize', id: null, status: null })).toBe('create');
    expect(wizardAction({ step: 'finalize', id: 'x', status: 'draft' })).toBe('activate');
    expect(wizardAction({ step: 'finalize', id: 'x', status: 'scheduled' })).toBe('update');
  });

  it('saves a scheduled program as scheduled, anything else as a draft', () => {
    expect(saveStatus({ status: 'scheduled' })).toBe('scheduled');
    expect(saveStatus({ status: 'draft' })).toBe('draft');
    expect(saveStatus({ status: null })).toBe('draft');
  });

  it('asks before closing once a template is chosen, until the program has started', () => {
    expect(closeNeedsConfirm({ templateChosen: false, step: 'content' })).toBe(false);
    expect(closeNeedsConfirm({ templateChosen: true, step: 'goal' })).toBe(true);
    expect(closeNeedsConfirm({ templateChosen: true, step: 'start' })).toBe(false);
  });
});

describe('channels', () => {
  it('refuses a change that leaves no channel', () => {
    expect(toggleChannel(CHANNELS.email, CHANNELS.email, false)).toBeNull();
    expect(toggleChannel(CHANNELS.email, CHANNELS.slack, true)).toBe(3);
    expect(toggleChannel(3, CHANNELS.email, false)).toBe(CHANNELS.slack);
  });

  it('keeps only usable remembered channels, email when none is left', () => {
    expect(usableChannels(3, CHANNELS.email)).toBe(CHANNELS.email);
    expect(usableChannels(CHANNELS.slack, CHANNELS.email)).toBe(CHANNELS.email);
    expect(usableChannels(5, 7)).toBe(5);
  });
});

describe('the reducer', () => {
  it('fills subjects and frequency from a template and resets the customised flag', () => {
    const state = draftReducer(readyDraft({ templateCustomized: true }), {
      type: 'chooseTemplate',
      templateId: 't2',
      subjects: [subject('x')],
      frequency: { interval: 'M', subjectsPerInterval: 1 },
    });
    expect(state).toMatchObject({
      templateId: 't2',
      templateChosen: true,
      templateCustomized: false,
      frequency: 'M',
      subjectsPerInterval: 1,
    });
    expect(state.subjects.map((s) => s.id)).toEqual(['x']);
  });

  it('marks the program customised when subjects are added, removed or moved', () => {
    const base = readyDraft();
    const added = draftReducer(base, { type: 'addSubjects', subjects: [subject('a'), subject('d')] });
    expect(added.subjects.map((s) => s.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(added.templateCustomized).toBe(true);
    expect(draftReducer(base, { type: 'addSubjects', subjects: [subject('a')] })).toBe(base);
    expect(draftReducer(base, { type: 'removeSubject', id: 'b' }).templateCustomized).toBe(true);
    const moved = draftReducer(base, { type: 'moveSubject', from: 2, to: 0 });
    expect(moved.subjects.map((s) => s.id)).toEqual(['c', 'a', 'b']);
    expect(moved.templateCustomized).toBe(true);
  });

  it('adds the first reminder with its switch, up to five, and never removes the first', () => {
    let state = draftReducer(readyDraft(), { type: 'remindersEnabled', enabled: true });
    expect(state.reminderSteps).toEqual([{ delay: 1, delayType: 3 }]);
    for (let i = 0; i < 6; i += 1) state = draftReducer(state, { type: 'addReminder' });
    expect(state.reminderSteps).toHaveLength(5);
    expect(state.reminderSteps[1]).toEqual({ delay: 2, delayType: 3 });
    expect(draftReducer(state, { type: 'removeReminder', index: 0 }).reminderSteps).toHaveLength(5);
    expect(draftReducer(state, { type: 'removeReminder', index: 4 }).reminderSteps).toHaveLength(4);
    const changed = draftReducer(state, {
      type: 'changeReminder',
      index: 0,
      patch: { delay: 6, delayType: 2 },
    });
    expect(changed.reminderSteps[0]).toEqual({ delay: 6, delayType: 2 });
  });

  it('selects and drops lists, and forgets lists that no longer exist', () => {
    let state = draftReducer(readyDraft({ listIds: [] }), { type: 'toggleList', id: 'l1', selected: true });
    state = draftReducer(state, { type: 'toggleList', id: 'l2', selected: true });
    expect(state.listIds).toEqual(['l1', 'l2']);
    expect(draftReducer(state, { type: 'toggleList', id: 'l1', selected: false }).listIds).toEqual(['l2']);
    expect(draftReducer(state, { type: 'keepLists', existing: ['l2'] }).listIds).toEqual(['l2']);
  });

  it('never clears the last channel', () => {
    const state = readyDraft();
    expect(draftReducer(state, { type: 'channel', mask: 0 })).toBe(state);
    expect(draftReducer(state, { type: 'remindersChannel', mask: 0 })).toBe(state);
  });

  it('refreshes stored subjects from the catalogue; one it no longer has is unavailable', () => {
    const catalog = new Map([['a', { ...subject('a'), title: 'New title', unavailable: true }]]);
    const state = draftReducer(readyDraft({ subjects: [subject('a'), subject('gone')] }), {
      type: 'syncSubjects',
      catalog,
    });
    expect(state.subjects.map((s) => [s.title, s.unavailable])).toEqual([
      ['New title', true],
      ['Subject gone', true],
    ]);
    expect(state.templateCustomized).toBe(false);
    expect(
      draftReducer(state, { type: 'syncSubjects', catalog: new Map(state.subjects.map((s) => [s.id, s])) }),
    ).toBe(state);
  });
});

describe('helpers', () => {
  it('counts subjects outside the plan; a trial may only use subjects made for trials', () => {
    const summary = {
      id: 's',
      title: 'S',
      thumb: null,
      type: 1,
      duration: 60,
      disabled: false,
    } as SubjectSummary;
    const trial = {
      package_name: 'Trial',
      package_users: 10,
      package_trial: true,
      package_valid_from: null,
      package_valid_to: null,
      package_valid: 1 as const,
      partner: false,
      definition: {},
    };
    expect(toWizardSubject({ ...summary, availableForBeta: false }, trial).unavailable).toBe(true);
    expect(toWizardSubject({ ...summary, availableForBeta: true }, trial).unavailable).toBe(false);
    expect(toWizardSubject({ ...summary, availableForBeta: false }, null).unavailable).toBe(false);
    expect(unavailableSubjectsCount(readyDraft({ subjects: [subject('a', true), subject('b')] }))).toBe(1);
  });

  it('reads the text of rich-text HTML', () => {
    expect(introPlainText('<p></p>')).toBe('');
    expect(introPlainText('<p>&nbsp;</p><p> </p>')).toBe('');
    expect(introPlainText('<h2>Hello</h2><p>team</p>')).toBe('Hello team');
  });

  it('moves an item and ignores moves out of range', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('makes the batches the schedule step shows', () => {
    const batches = draftBatches(readyDraft({ subjectsPerInterval: 2 }), NOW);
    expect(batches).toEqual([
      { date: '2026-03-02T10:00:00.000Z', subjects: ['a', 'b'] },
      { date: '2026-03-09T10:00:00.000Z', subjects: ['c'] },
    ]);
    expect(draftBatches(readyDraft({ scheduleType: SCHEDULE_TYPES.now }), NOW)).toHaveLength(1);
  });
});

describe('deliveries with dates changed by hand', () => {
  /** Two batches (a+b on 2 March, c on 9 March), the second moved to 12 March 14:00. */
  const edited = () =>
    draftReducer(readyDraft({ subjectsPerInterval: 2 }), {
      type: 'editBatchDate',
      index: 1,
      date: '2026-03-12T14:00:00.000Z',
    });

  it('starts with no edited dates, new or from a stored program', () => {
    expect(newDraft(NOW, false).editedDates).toEqual({});
    expect(hasEditedDates(readyDraft())).toBe(false);
  });

  it('shows the edited date in its batch and marks it edited', () => {
    const draft = edited();
    expect(draftBatches(draft, NOW)).toEqual([
      { date: '2026-03-02T10:00:00.000Z', subjects: ['a', 'b'] },
      { date: '2026-03-12T14:00:00.000Z', subjects: ['c'] },
    ]);
    expect(isDateEdited(draft, 1)).toBe(true);
    expect(isDateEdited(draft, 0)).toBe(false);
    expect(hasEditedDates(draft)).toBe(true);
  });

  it('goes back to the generated date when reset', () => {
    const draft = draftReducer(edited(), { type: 'resetBatchDate', index: 1 });
    expect(draft.editedDates).toEqual({});
    expect(draftBatches(draft, NOW)[1]?.date).toBe('2026-03-09T10:00:00.000Z');
    const untouched = readyDraft();
    expect(draftReducer(untouched, { type: 'resetBatchDate', index: 0 })).toBe(untouched);
  });

  it('drops the edited dates when the schedule settings or the subjects change', () => {
    const changes = [
      { type: 'schedule', patch: { start: '2026-03-03T10:00:00.000Z' } },
      { type: 'schedule', patch: { frequency: 'M' } },
      { type: 'schedule', patch: { subjectsPerInterval: 1 } },
      { type: 'addSubjects', subjects: [subject('d')] },
      { type: 'removeSubject', id: 'a' },
      { type: 'moveSubject', from: 0, to: 2 },
      { type: 'chooseTemplate', templateId: 't2', subjects: [subject('x')] },
    ] satisfies DraftAction[];
    for (const action of changes) expect(draftReducer(edited(), action).editedDates).toEqual({});
  });

  it('keeps the edited dates when a setting is set to the value it has, or the delivery type changes', () => {
    const draft = edited();
    const same = draftReducer(draft, {
      type: 'schedule',
      patch: { start: draft.start, frequency: draft.frequency, subjectsPerInterval: 2 },
    });
    expect(same.editedDates).toEqual(draft.editedDates);
    const now = draftReducer(draft, { type: 'schedule', patch: { scheduleType: SCHEDULE_TYPES.now } });
    expect(now.editedDates).toEqual(draft.editedDates);
    expect(hasEditedDates(now)).toBe(false);
  });

  it('sends every batch as events, in order, once a date was edited', () => {
    const payload = buildTrainingSave(edited(), 'scheduled', NOW);
    expect(payload.events).toEqual([
      { date: '2026-03-02T10:00:00.000Z', subjects: ['a', 'b'] },
      { date: '2026-03-12T14:00:00.000Z', subjects: ['c'] },
    ]);
    expect(TrainingSave.safeParse(payload).success).toBe(true);
  });

  it('sends no events without edits, for other delivery types or for SCORM', () => {
    expect('events' in buildTrainingSave(readyDraft(), 'draft', NOW)).toBe(false);
    const sendNow = { ...edited(), scheduleType: SCHEDULE_TYPES.now };
    expect('events' in buildTrainingSave(sendNow, 'draft', NOW)).toBe(false);
    expect('events' in buildTrainingSave({ ...edited(), isScorm: true }, 'draft', NOW)).toBe(false);
  });

  it('refuses a delivery before the start or in the past, like the server', () => {
    const draft = readyDraft({ start: '2026-03-05T10:00:00.000Z' });
    expect(batchDateProblem(draft, '2026-03-04T10:00:00.000Z', NOW)).toBe(TRAINING_MESSAGES.eventBeforeStart);
    expect(batchDateProblem(draft, '2026-03-05T10:00:00.000Z', NOW)).toBeNull();
    const pastStart = readyDraft({ start: '2026-03-01T10:00:00.000Z' });
    expect(batchDateProblem(pastStart, '2026-03-02T08:00:00.000Z', NOW)).toBe(SCHEDULE_MESSAGES.dateInPast);
  });

  it('makes a wrong edited date a schedule problem, but not one of the settings', () => {
    const draft = draftReducer(readyDraft({ subjectsPerInterval: 2 }), {
      type: 'editBatchDate',
      index: 1,
      date: '2026-03-01T10:00:00.000Z',
    });
    expect(draftSettingsProblem(draft, NOW)).toBeNull();
    expect(draftScheduleProblem(draft, NOW)).toBe(TRAINING_MESSAGES.eventBeforeStart);
    expect(stepAllowance(draft, 5, NOW).reminders).toBe(false);
    expect(draftScheduleProblem(edited(), NOW)).toBeNull();
  });
});
