import type { AssessmentView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { coverageOf, filterQuestions } from './question-filter.ts';
import {
  buildAssessmentSave,
  closeNeedsConfirm,
  draftFromAssessment,
  draftReducer,
  flagsUncoveredBehaviours,
  lockReason,
  newAssessmentDraft,
  parsePersonalize,
  personalizeProblems,
  saveStatus,
  stepAllowance,
  wizardAction,
  type AssessmentDraft,
  type WizardQuestion,
} from './wizard-state.ts';

const NOW = new Date('2026-03-10T10:20:00Z');
const q = (id: string, area = 'phishing', codes = ['PH-1']): WizardQuestion => ({
  id,
  name: `Question ${id}`,
  area,
  areaName: area,
  behaviours: codes.map((code) => ({ code, name: code })),
  duration: 60,
  unavailable: false,
});
const PERSONAL = { companyName: 'Acme Ltd', companyDomain: 'acme.com', emailHR: 'hr@acme.com' };

function ready(patch: Partial<AssessmentDraft> = {}): AssessmentDraft {
  let draft = newAssessmentDraft(NOW, false, undefined, PERSONAL);
  draft = draftReducer(draft, { type: 'chooseTemplate', templateId: 't1', questions: [q('a'), q('b')] });
  draft = draftReducer(draft, { type: 'toggleList', id: 'l1', selected: true });
  return { ...draft, ...patch };
}

const view = (patch: Partial<AssessmentView> = {}): AssessmentView =>
  ({
    id: 'x1',
    name: 'Phishing check',
    status: 'scheduled',
    isScorm: false,
    templateIds: ['t1'],
    templateCustomized: true,
    scheduleType: 0,
    deliveryDate: '2026-04-01T09:00:00.000Z',
    due: '2026-04-08T09:00:00.000Z',
    channel: 1,
    reminders_enabled: true,
    reminders_channel: 1,
    reminders_steps: [
      { id: 'r1', send: '2026-03-01T09:00:00.000Z', status: 1, alreadySet: true, sendTo: 3, manual: false },
      { id: 'r2', send: '2026-04-03T09:00:00.000Z', status: 0, alreadySet: false, sendTo: 0, manual: false },
    ],
    personalizeData: PERSONAL,
    questions: [
      {
        id: 'a',
        number: 1,
        name: 'A',
        area: 'phishing',
        areaName: 'Phishing',
        difficulty: 1,
        duration: 60,
        behaviours: [],
        disabled: false,
      },
    ],
    selectedUserListsIds: ['l1'],
    ...patch,
  }) as AssessmentView;

describe('a new assessment', () => {
  it('is untitled, delivered at the next full hour and due a week later', () => {
    const draft = newAssessmentDraft(NOW, false);
    expect(draft.name).toBe('Untitled Assessment');
    expect(draft.date).toBe('2026-03-10T11:00:00.000Z');
    expect(draft.due).toBe('2026-03-17T11:00:00.000Z');
    expect(draft.step).toBe('goal');
    expect(draft.changed).toBe(false);
  });
});

describe('the reducer', () => {
  it('choosing a template sets its questions and marks it not customised', () => {
    const draft = draftReducer(ready({ templateCustomized: true }), {
      type: 'chooseTemplate',
      templateId: 't2',
      questions: [q('c')],
    });
    expect(draft.questions.map((x) => x.id)).toEqual(['c']);
    expect(draft.templateCustomized).toBe(false);
    expect(draft.templateChosen).toBe(true);
  });

  it('adding, removing and reordering questions marks it customised', () => {
    const added = draftReducer(ready(), { type: 'addQuestions', questions: [q('a'), q('c')] });
    expect(added.questions.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(added.templateCustomized).toBe(true);
    const moved = draftReducer(ready(), { type: 'moveQuestion', from: 1, to: 0 });
    expect(moved.questions.map((x) => x.id)).toEqual(['b', 'a']);
    expect(moved.templateCustomized).toBe(true);
    expect(draftReducer(ready(), { type: 'removeQuestion', id: 'a' }).questions).toHaveLength(1);
  });

  it('locks questions, template, schedule type and delivery of a running assessment', () => {
    const running = ready({ status: 'active' });
    expect(draftReducer(running, { type: 'removeQuestion', id: 'a' })).toBe(running);
    expect(draftReducer(running, { type: 'chooseTemplate', templateId: 't2', questions: [] })).toBe(running);
    const changed = draftReducer(running, {
      type: 'schedule',
      patch: { scheduleType: 1, date: '2027-01-01T00:00:00.000Z', due: '2027-02-01T00:00:00.000Z' },
    });
    expect(changed.scheduleType).toBe(0);
    expect(changed.date).toBe(running.date);
    expect(changed.due).toBe('2027-02-01T00:00:00.000Z');
  });

  it('adds reminders a day apart, at most five, and keeps sent ones', () => {
    let draft = draftReducer(ready(), { type: 'remindersEnabled', enabled: true, now: NOW });
    expect(draft.reminders).toEqual([{ send: '2026-03-11T11:00:00.000Z' }]);
    for (let i = 0; i < 6; i += 1) draft = draftReducer(draft, { type: 'addReminder', now: NOW });
    expect(draft.reminders).toHaveLength(5);
    // The fifth would be on the 15th, the sixth after the due date on the 17th is left empty.
    expect(draft.reminders[4]?.send).toBe('2026-03-15T11:00:00.000Z');
    const sent = { ...draft, reminders: [{ send: '2026-03-01T00:00:00.000Z', alreadySet: true }] };
    expect(draftReducer(sent, { type: 'removeReminder', index: 0 })).toBe(sent);
    expect(draftReducer(sent, { type: 'changeReminder', index: 0, send: null }).reminders[0]?.send).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });

  it('marks the draft changed, and saved once stored', () => {
    const draft = draftReducer(newAssessmentDraft(NOW, false), { type: 'rename', name: 'Q1' });
    expect(closeNeedsConfirm(draft)).toBe(true);
    const saved = draftReducer(draft, { type: 'saved', id: 'x9', status: 'draft' });
    expect(saved).toMatchObject({ id: 'x9', status: 'draft', changed: false });
    expect(closeNeedsConfirm(draftReducer(saved, { type: 'goTo', step: 'content' }))).toBe(false);
  });
});

describe('step unlocking', () => {
  it('opens the steps in order as their conditions are met', () => {
    const allowed = stepAllowance(ready(), 12, NOW);
    expect(allowed).toMatchObject({
      content: true,
      personalize: true,
      employees: true,
      schedule: true,
      reminders: true,
      finalize: true,
      start: false,
    });
    expect(stepAllowance(ready(), 0, NOW).schedule).toBe(false);
    const noPersonal = ready({ personalize: { ...PERSONAL, emailHR: 'nope' } });
    expect(stepAllowance(noPersonal, 12, NOW).employees).toBe(false);
    expect(lockReason(stepAllowance(noPersonal, 12, NOW), false, 'finalize')).toBe('employees');
    expect(lockReason(stepAllowance(ready(), 12, NOW), false, 'start')).toBeNull();
  });

  it('needs a due date after the delivery for the reminders step', () => {
    const late = ready({ due: '2026-03-10T10:30:00.000Z' });
    expect(stepAllowance(late, 12, NOW).reminders).toBe(false);
    expect(lockReason(stepAllowance(late, 12, NOW), false, 'reminders')).toBe('reminders');
  });
});

describe('personalize', () => {
  it('reports each field in the spec words', () => {
    expect(personalizeProblems({ companyName: 'Ac', companyDomain: 'a.b', emailHR: 'x' })).toEqual({
      companyName: 'Company name must be at least 3 characters',
      companyDomain: 'Your Company domain must be at least 4 characters',
      emailHR: 'HR department email must be a valid email',
    });
    expect(personalizeProblems(PERSONAL)).toEqual({});
  });

  it('reads remembered values, and nothing from bad storage', () => {
    expect(parsePersonalize(JSON.stringify(PERSONAL))).toEqual(PERSONAL);
    expect(parsePersonalize('{oops')).toEqual({ companyName: '', companyDomain: '', emailHR: '' });
  });
});

describe('stored assessments', () => {
  it('copies as a draft named "{name} Copy" without id, due date or sent reminders', () => {
    const draft = draftFromAssessment(view(), 'copy', NOW);
    expect(draft).toMatchObject({ id: null, status: null, name: 'Phishing check Copy', due: null });
    expect(draft.reminders).toEqual([{ send: '2026-04-03T09:00:00.000Z' }]);
  });

  it('edits as it is, with sent reminders read-only', () => {
    const draft = draftFromAssessment(view(), 'edit', NOW);
    expect(draft).toMatchObject({
      id: 'x1',
      status: 'scheduled',
      due: '2026-04-08T09:00:00.000Z',
      templateId: 't1',
    });
    expect(draft.reminders[0]?.alreadySet).toBe(true);
    expect(saveStatus(draft)).toBe('scheduled');
    expect(wizardAction({ ...draft, step: 'finalize' })).toBe('update');
  });
});

describe('the save payload', () => {
  it('sends the questions in order, the lists, dates and personalization', () => {
    const body = buildAssessmentSave(ready({ name: ' <b>Q1</b> ' }), 'draft');
    expect(body).toMatchObject({
      name: 'Q1',
      status: 'draft',
      templateIds: ['t1'],
      templateCustomized: false,
      questions: ['a', 'b'],
      userLists: ['l1'],
      scheduleType: 0,
      date: '2026-03-10T11:00:00.000Z',
      due: '2026-03-17T11:00:00.000Z',
      personalizeData: PERSONAL,
    });
    expect(buildAssessmentSave(ready({ scheduleType: 1 }), 'scheduled').date).toBeNull();
  });

  it('leaves lists, due date and reminders out of a SCORM assessment', () => {
    const body = buildAssessmentSave(ready({ isScorm: true, remindersEnabled: true }), 'scheduled');
    expect(body).toMatchObject({ userLists: [], due: null, reminders_enabled: false, isScorm: true });
  });

  it('names the main action', () => {
    expect(wizardAction({ step: 'content', id: null, status: null })).toBe('continue');
    expect(wizardAction({ step: 'finalize', id: null, status: null })).toBe('create');
    expect(wizardAction({ step: 'finalize', id: 'x', status: 'draft' })).toBe('activate');
  });
});

describe('questions and coverage', () => {
  const areas = [
    {
      id: 'phishing',
      name: 'Phishing',
      description: '',
      questionsCount: 3,
      behaviours: [
        { code: 'PH-1', name: 'Checks links', greenThreshold: 2 },
        { code: 'PH-2', name: 'Reports', greenThreshold: 3 },
      ],
    },
    { id: 'passwords', name: 'Passwords', description: '', questionsCount: 1, behaviours: [] },
  ];
  const catalog = [q('a'), q('b', 'phishing', ['PH-1', 'PH-2']), q('c', 'passwords', ['PW-1'])];

  it('filters by threat area, then key behaviour', () => {
    expect(filterQuestions(catalog, { area: null, behaviour: null })).toHaveLength(3);
    expect(filterQuestions(catalog, { area: 'phishing', behaviour: null }).map((x) => x.id)).toEqual([
      'a',
      'b',
    ]);
    expect(filterQuestions(catalog, { area: 'phishing', behaviour: 'PH-2' }).map((x) => x.id)).toEqual(['b']);
  });

  it('covers the behaviours of the areas the selection touches, capped at 100', () => {
    const coverage = coverageOf([q('a'), q('b', 'phishing', ['PH-1', 'PH-2']), q('d')], areas);
    expect(coverage).toHaveLength(1);
    expect(coverage[0]?.behaviours).toEqual([
      { code: 'PH-1', name: 'Checks links', count: 3, greenThreshold: 2, coverage: 100, covered: true },
      { code: 'PH-2', name: 'Reports', count: 1, greenThreshold: 3, coverage: 33, covered: false },
    ]);
  });
});

describe('flagsUncoveredBehaviours', () => {
  it('flags nothing for a template as it comes, then anything short once its questions change', () => {
    const stock = ready();
    expect(flagsUncoveredBehaviours(stock)).toBe(false);
    expect(flagsUncoveredBehaviours(draftReducer(stock, { type: 'removeQuestion', id: 'a' }))).toBe(true);
    expect(flagsUncoveredBehaviours(draftReducer(stock, { type: 'addQuestions', questions: [q('c')] }))).toBe(
      true,
    );
  });

  it('flags the coverage of questions picked without a template', () => {
    const own = draftReducer(newAssessmentDraft(NOW, false), { type: 'addQuestions', questions: [q('a')] });
    expect(flagsUncoveredBehaviours(own)).toBe(true);
  });
});
