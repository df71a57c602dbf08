import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_MESSAGES,
  assessmentDateProblems,
  assessmentPermissions,
  AssessmentSave,
  hasDateProblems,
  isAssessmentStepAllowed,
  isBehaviourCovered,
  keyBehaviourCoverage,
  namesThreatArea,
  nextReminderSend,
  personalizeDefaults,
  personalizeSettings,
  UNTITLED_ASSESSMENT,
  type AssessmentDateInput,
  type AssessmentWizardState,
} from './assessments.ts';
import { personalizeSetting } from './company-settings.ts';

const NOW = new Date('2026-03-10T10:00:00Z');
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);
const format = (d: Date) => d.toISOString();

const input = (patch: Partial<AssessmentDateInput> = {}): AssessmentDateInput => ({
  scheduleType: 0,
  date: hours(1),
  due: hours(48),
  remindersEnabled: false,
  reminders: [],
  isActive: false,
  now: NOW,
  format,
  ...patch,
});

describe('assessmentDateProblems', () => {
  it('accepts a future delivery before a later due date', () => {
    const problems = assessmentDateProblems(input());
    expect(problems).toEqual({ reminders: {} });
    expect(hasDateProblems(problems)).toBe(false);
  });

  it('requires the due date', () => {
    expect(assessmentDateProblems(input({ due: null })).due).toBe(ASSESSMENT_MESSAGES.dueRequired);
  });

  it('refuses a due date in the past', () => {
    expect(assessmentDateProblems(input({ scheduleType: 1, due: hours(-1) })).due).toBe(
      ASSESSMENT_MESSAGES.dueInPast(format(NOW)),
    );
  });

  it('wants the due date after the delivery time, and the delivery before the due date', () => {
    const problems = assessmentDateProblems(input({ date: hours(5), due: hours(3) }));
    expect(problems.due).toBe(ASSESSMENT_MESSAGES.dueBeforeDelivery(format(hours(5))));
    expect(problems.date).toBe(ASSESSMENT_MESSAGES.deliveryAfterDue(format(hours(3))));
    expect(problems.due).toBe('Due date must be set after the delivery time (2026-03-10T15:00:00.000Z)');
  });

  it('refuses a delivery date in the past, or none, for a scheduled delivery', () => {
    expect(assessmentDateProblems(input({ date: hours(-2) })).date).toBe('Date cannot be set in the past.');
    expect(assessmentDateProblems(input({ date: null })).date).toBe(ASSESSMENT_MESSAGES.deliveryRequired);
  });

  it('ignores the delivery date for now and manual schedules, and for a running assessment', () => {
    expect(assessmentDateProblems(input({ scheduleType: 1, date: hours(-5) })).date).toBeUndefined();
    expect(assessmentDateProblems(input({ scheduleType: -1, date: null })).date).toBeUndefined();
    expect(assessmentDateProblems(input({ isActive: true, date: hours(-5) })).date).toBeUndefined();
  });

  it('checks reminders only when they are enabled', () => {
    const reminders = [{ send: null }];
    expect(assessmentDateProblems(input({ reminders })).reminders).toEqual({});
    expect(assessmentDateProblems(input({ remindersEnabled: true, reminders })).reminders).toEqual({
      0: ASSESSMENT_MESSAGES.reminderRequired,
    });
  });

  it('wants reminders after the delivery and before the due date', () => {
    const problems = assessmentDateProblems(
      input({
        remindersEnabled: true,
        reminders: [{ send: hours(1) }, { send: hours(48) }, { send: hours(24) }],
      }),
    );
    expect(problems.reminders).toEqual({
      0: ASSESSMENT_MESSAGES.reminderBeforeDelivery(format(hours(1))),
      1: ASSESSMENT_MESSAGES.reminderAfterDue(format(hours(48))),
    });
    expect(problems.reminders[0]).toBe(
      'Reminder must be set after the delivery time (2026-03-10T11:00:00.000Z)',
    );
    expect(problems.reminders[1]).toBe('Reminder must be set before the due date (2026-03-12T10:00:00.000Z)');
  });

  it('wants reminders later than now without a delivery date', () => {
    const problems = assessmentDateProblems(
      input({ scheduleType: 1, remindersEnabled: true, reminders: [{ send: hours(-1) }] }),
    );
    expect(problems.reminders[0]).toBe('Reminder must be set to later than now.');
  });

  it('says a running assessment cannot get a reminder earlier than now, and skips sent ones', () => {
    const problems = assessmentDateProblems(
      input({
        isActive: true,
        remindersEnabled: true,
        reminders: [{ send: hours(-3), alreadySet: true }, { send: hours(-1) }],
      }),
    );
    expect(problems.reminders).toEqual({ 1: "Can't set a reminder to earlier than now!" });
  });
});

describe('nextReminderSend', () => {
  it('is one day after the previous step while that is before the due date', () => {
    expect(nextReminderSend(hours(0), hours(48))).toEqual(hours(24));
    expect(nextReminderSend(hours(30), hours(48))).toBeNull();
    expect(nextReminderSend(hours(0), null)).toEqual(hours(24));
    expect(nextReminderSend(null, hours(48))).toBeNull();
  });
});

describe('assessmentPermissions', () => {
  const of = (status: 'draft' | 'scheduled' | 'active' | 'completed', isScorm = false, isAdmin = true) =>
    assessmentPermissions({ status, isScorm, isAdmin });

  it('edits draft, scheduled and active assessments, never completed or SCORM ones', () => {
    expect([of('draft'), of('scheduled'), of('active'), of('completed')].map((p) => p.canEdit)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(of('draft', true).canEdit).toBe(false);
  });

  it('stops and pauses scheduled ones, deletes drafts and scheduled ones, copies always', () => {
    expect(of('scheduled')).toMatchObject({ canStop: true, canPause: true, canDelete: true, canCopy: true });
    expect(of('active')).toMatchObject({ canStop: false, canPause: false, canDelete: false, canCopy: true });
    expect(of('draft')).toMatchObject({ canStop: false, canDelete: true });
    expect(of('completed')).toMatchObject({ canDelete: false, canCopy: true });
  });

  it('reminds only active, non-SCORM assessments', () => {
    expect(of('active').canRemind).toBe(true);
    expect(of('active', true).canRemind).toBe(false);
    expect(of('scheduled').canRemind).toBe(false);
  });

  it('gives viewers nothing to change', () => {
    expect(Object.values(of('draft', false, false)).some(Boolean)).toBe(false);
  });
});

describe('isAssessmentStepAllowed', () => {
  const ready: AssessmentWizardState = {
    templateChosen: true,
    questionsSelected: 3,
    personalizeValid: true,
    selectedUserCount: 10,
    scheduleValid: true,
    channel: 1,
    remindersValid: true,
  };

  it('opens every step up to the summary once everything is in place, never the start step', () => {
    for (const step of [
      'goal',
      'content',
      'personalize',
      'employees',
      'schedule',
      'reminders',
      'finalize',
    ] as const)
      expect(isAssessmentStepAllowed(step, ready)).toBe(true);
    expect(isAssessmentStepAllowed('start', ready)).toBe(false);
  });

  it('needs each earlier condition', () => {
    expect(isAssessmentStepAllowed('content', { ...ready, templateChosen: false })).toBe(false);
    expect(isAssessmentStepAllowed('personalize', { ...ready, questionsSelected: 0 })).toBe(false);
    expect(isAssessmentStepAllowed('employees', { ...ready, personalizeValid: false })).toBe(false);
    expect(isAssessmentStepAllowed('schedule', { ...ready, selectedUserCount: 0 })).toBe(false);
    expect(isAssessmentStepAllowed('reminders', { ...ready, scheduleValid: false })).toBe(false);
    expect(isAssessmentStepAllowed('reminders', { ...ready, channel: 0 })).toBe(false);
    expect(isAssessmentStepAllowed('finalize', { ...ready, remindersValid: false })).toBe(false);
    // A later step is closed when an earlier one is.
    expect(isAssessmentStepAllowed('finalize', { ...ready, templateChosen: false })).toBe(false);
  });

  it('skips employees, schedule and reminders for SCORM', () => {
    const scorm = { ...ready, selectedUserCount: 0, scheduleValid: false, channel: 0, remindersValid: false };
    expect(isAssessmentStepAllowed('finalize', scorm, true)).toBe(true);
    expect(isAssessmentStepAllowed('employees', scorm, true)).toBe(false);
    expect(isAssessmentStepAllowed('schedule', ready, true)).toBe(false);
  });
});

describe('keyBehaviourCoverage', () => {
  it('is selected questions over the green threshold, in percent, capped at 100', () => {
    expect(keyBehaviourCoverage(0, 3)).toBe(0);
    expect(keyBehaviourCoverage(1, 3)).toBe(33);
    expect(keyBehaviourCoverage(2, 3)).toBe(67);
    expect(keyBehaviourCoverage(3, 3)).toBe(100);
    expect(keyBehaviourCoverage(7, 3)).toBe(100);
    expect(keyBehaviourCoverage(0, 0)).toBe(100);
  });

  it('counts a behaviour covered from the threshold on', () => {
    expect(isBehaviourCovered(2, 3)).toBe(false);
    expect(isBehaviourCovered(3, 3)).toBe(true);
  });
});

describe('AssessmentSave', () => {
  const base = {
    name: 'Q1',
    status: 'draft' as const,
    questions: ['q1'],
    userLists: [],
    channel: 1,
    scheduleType: 0 as const,
    reminders_enabled: false,
    reminders_settings: { channel: 1, steps: [] },
  };

  it('cleans the name of HTML and non-breaking spaces', () => {
    expect(AssessmentSave.parse({ ...base, name: '<b>Q1</b>&nbsp;phishing\u00a0check ' }).name).toBe(
      'Q1 phishing check',
    );
  });

  it('gives an empty name the untitled default', () => {
    expect(AssessmentSave.parse({ ...base, name: '  <p></p> ' }).name).toBe(UNTITLED_ASSESSMENT);
  });

  it('fills the defaults', () => {
    expect(AssessmentSave.parse(base)).toMatchObject({
      isScorm: false,
      templateIds: [],
      templateCustomized: false,
      date: null,
      due: null,
      personalizeEnabled: true,
      personalizeData: null,
      introMessage: '',
    });
  });

  it('refuses no channel and more than five reminders', () => {
    const noChannel = AssessmentSave.safeParse({ ...base, channel: 0 });
    expect(noChannel.success).toBe(false);
    expect(noChannel.error?.issues[0]?.message).toBe(ASSESSMENT_MESSAGES.oneChannel);
    const send = hours(1).toISOString();
    const many = AssessmentSave.safeParse({
      ...base,
      reminders_settings: { channel: 1, steps: Array.from({ length: 6 }, () => ({ send })) },
    });
    expect(many.error?.issues[0]?.message).toBe('At most 5 reminders.');
  });

  it('refuses a name over 150 characters', () => {
    expect(AssessmentSave.safeParse({ ...base, name: 'x'.repeat(151) }).success).toBe(false);
  });
});

describe('threat areas named in an address', () => {
  const area = { id: 'remote-work', englishName: 'Remote and mobile work' };

  it("takes our id and the spec's code, the English name with underscores, in any case", () => {
    expect(namesThreatArea(area, 'remote-work')).toBe(true);
    expect(namesThreatArea(area, 'Remote_and_mobile_work')).toBe(true);
    expect(namesThreatArea(area, 'remote_and_mobile_work')).toBe(true);
    expect(namesThreatArea(area, 'Remote and mobile work')).toBe(true);
  });

  it('refuses other areas and partial names', () => {
    expect(namesThreatArea(area, 'Remote_work')).toBe(false);
    expect(namesThreatArea(area, 'remote_work')).toBe(false);
    expect(namesThreatArea(area, 'Remote-work')).toBe(false);
    expect(namesThreatArea(area, '')).toBe(false);
  });
});

describe('personalizeDefaults', () => {
  const managers = [
    { email: 'alex@acme.example' },
    { email: 'sam@acme.example' },
    { email: 'reseller@partner.example' },
  ];

  it('starts from the company name and the domain most of its managers share', () => {
    expect(personalizeDefaults({ company_name: 'Acme Ltd', settings: {}, managers })).toEqual({
      companyName: 'Acme Ltd',
      companyDomain: 'acme.example',
      emailHR: '',
    });
    expect(personalizeDefaults({ company_name: 'Acme Ltd', settings: {}, managers: [] }).companyDomain).toBe(
      '',
    );
  });

  it('prefers the values last saved with an assessment of the company', () => {
    const settings = personalizeSettings({
      companyName: 'Acme Group',
      companyDomain: 'acme.com',
      emailHR: 'people@acme.com',
    });
    expect(settings).toEqual({
      [personalizeSetting('companyName')]: 'Acme Group',
      [personalizeSetting('companyDomain')]: 'acme.com',
      [personalizeSetting('emailHR')]: 'people@acme.com',
    });
    expect(personalizeDefaults({ company_name: 'Acme Ltd', settings, managers })).toEqual({
      companyName: 'Acme Group',
      companyDomain: 'acme.com',
      emailHR: 'people@acme.com',
    });
  });
});
