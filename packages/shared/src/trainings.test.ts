import { describe, expect, it } from 'vitest';
import { cleanCampaignName, isUntitledName, truncate } from './campaigns.ts';
import {
  isTrainingStepAllowed,
  previewRecipients,
  TrainingSave,
  trainingPermissions,
  type TrainingPermissionInput,
  type WizardState,
} from './trainings.ts';

const base: TrainingPermissionInput = {
  status: 'draft',
  isScorm: false,
  isAdmin: true,
  eventsTotal: 0,
  eventsSent: 0,
  score: 0,
  total: 0,
};

describe('training permissions derived from state', () => {
  it('lets an admin edit, pause only a scheduled program, and delete drafts and scheduled ones', () => {
    expect(trainingPermissions({ ...base, status: 'draft' })).toEqual({
      canEdit: true,
      canCopy: true,
      canStop: false,
      canPause: false,
      canRemind: false,
      canDelete: true,
    });
    expect(trainingPermissions({ ...base, status: 'scheduled', eventsTotal: 2 })).toMatchObject({
      canEdit: true,
      canPause: true,
      canStop: true,
      canDelete: true,
    });
    expect(
      trainingPermissions({ ...base, status: 'completed', eventsTotal: 2, eventsSent: 2 }),
    ).toMatchObject({
      canEdit: false,
      canStop: false,
      canDelete: false,
      canCopy: true,
    });
  });

  it('stops an active program only while some but not all deliveries have gone', () => {
    const active = { ...base, status: 'active' as const, eventsTotal: 3 };
    expect(trainingPermissions({ ...active, eventsSent: 1 }).canStop).toBe(true);
    expect(trainingPermissions({ ...active, eventsSent: 3 }).canStop).toBe(false);
    expect(trainingPermissions({ ...active, eventsSent: 0 }).canStop).toBe(false);
  });

  it('reminds only on an active, non-SCORM program with views outstanding', () => {
    const active = { ...base, status: 'active' as const, eventsTotal: 2, eventsSent: 1 };
    expect(trainingPermissions({ ...active, score: 3, total: 10 }).canRemind).toBe(true);
    expect(trainingPermissions({ ...active, score: 10, total: 10 }).canRemind).toBe(false);
    expect(trainingPermissions({ ...active, score: 3, total: 10, isScorm: true }).canRemind).toBe(false);
    expect(trainingPermissions({ ...base, status: 'scheduled', score: 0, total: 10 }).canRemind).toBe(false);
  });

  it('gives a viewer nothing and lets SCORM programs be deleted whatever their status', () => {
    const viewer = trainingPermissions({ ...base, status: 'scheduled', isAdmin: false });
    expect(Object.values(viewer).every((v) => v === false)).toBe(true);
    expect(trainingPermissions({ ...base, status: 'active', isScorm: true }).canDelete).toBe(true);
    expect(trainingPermissions({ ...base, status: 'active', isScorm: true }).canCopy).toBe(false);
  });
});

describe('campaign names', () => {
  it('strips tags and non-breaking spaces', () => {
    expect(cleanCampaignName('<b>Q1</b>&nbsp;phishing\u00a0 push ')).toBe('Q1 phishing push');
  });
  it('treats empty and the defaults as untitled', () => {
    expect(isUntitledName('  ')).toBe(true);
    expect(isUntitledName('Untitled Training')).toBe(true);
    expect(isUntitledName('<i>Untitled Assessment</i>')).toBe(true);
    expect(isUntitledName('Untitled Training 2')).toBe(false);
    expect(isUntitledName('untitled training')).toBe(true);
    expect(isUntitledName('UNTITLED&nbsp;Assessment')).toBe(true);
  });
  it('truncates for tables with an ellipsis', () => {
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}…`);
    expect(truncate('short', 30)).toBe('short');
  });
  it('gives a blank name the untitled default in the save payload', () => {
    const parsed = TrainingSave.parse({
      name: '<p></p>',
      status: 'draft',
      subjects: [],
      userLists: [],
      scheduleType: 0,
      sendOptions: { channel: 1 },
      reminders_enabled: false,
      reminders_settings: { channel: 1, steps: [] },
      introMessageEnabled: false,
      introductoryData: { message: '' },
    });
    expect(parsed).toMatchObject({
      name: 'Untitled Training',
      frequency: 'W',
      subjectsPerInterval: 3,
      isScorm: false,
    });
  });
});

describe('wizard step unlocking', () => {
  const ready: WizardState = {
    templateChosen: true,
    subjectsCount: 3,
    selectedUsersCount: 20,
    scheduleType: 0,
    scheduleProblem: null,
    channel: 1,
    remindersEnabled: true,
    reminderSteps: 1,
    remindersChannel: 1,
    introMessageEnabled: true,
    introMessageText: 'Welcome',
  };

  it('opens every step once everything is in place', () => {
    for (const step of [
      'goal',
      'content',
      'employees',
      'schedule',
      'reminders',
      'intro',
      'finalize',
      'start',
    ] as const)
      expect(isTrainingStepAllowed(step, ready)).toBe(true);
  });

  it('locks each step behind the one before it', () => {
    expect(isTrainingStepAllowed('content', { ...ready, templateChosen: false })).toBe(false);
    expect(isTrainingStepAllowed('employees', { ...ready, subjectsCount: 0 })).toBe(false);
    expect(isTrainingStepAllowed('schedule', { ...ready, selectedUsersCount: 0 })).toBe(false);
    expect(
      isTrainingStepAllowed('reminders', { ...ready, scheduleProblem: 'Date cannot be set in the past.' }),
    ).toBe(false);
    expect(isTrainingStepAllowed('reminders', { ...ready, channel: 0 })).toBe(false);
    expect(isTrainingStepAllowed('intro', { ...ready, reminderSteps: 0 })).toBe(false);
    expect(isTrainingStepAllowed('intro', { ...ready, remindersEnabled: false, reminderSteps: 0 })).toBe(
      true,
    );
    expect(isTrainingStepAllowed('finalize', { ...ready, introMessageText: '  ' })).toBe(false);
    expect(
      isTrainingStepAllowed('finalize', { ...ready, introMessageEnabled: false, introMessageText: '' }),
    ).toBe(true);
  });

  it('lets a SCORM program skip employees, schedule, reminders and intro', () => {
    const scorm = { ...ready, selectedUsersCount: 0, channel: 0 };
    expect(isTrainingStepAllowed('finalize', scorm, true)).toBe(true);
    expect(isTrainingStepAllowed('finalize', { ...scorm, subjectsCount: 0 }, true)).toBe(false);
  });
});

describe('preview recipients', () => {
  it('splits on commas and lower-cases', () => {
    expect(previewRecipients.parse(' A@x.example, b@y.example ,')).toEqual(['a@x.example', 'b@y.example']);
  });
  it('needs at least one valid address', () => {
    expect(previewRecipients.safeParse(' , ').success).toBe(false);
    expect(previewRecipients.safeParse('a@x.example, nope').error?.issues[0]?.message).toBe(
      'nope is not a valid email address.',
    );
  });
});
