import { SCHEDULE_MESSAGES, TRAINING_MESSAGES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { payloadProblems, problemsAt, serverProblems } from './save-problems.ts';
import { buildTrainingSave, newDraft } from './wizard-state.ts';

describe('save problems', () => {
  it('places the contract issues of a payload by the step that edits the field', () => {
    const payload = buildTrainingSave(
      {
        ...newDraft(new Date('2026-03-02T09:00:00Z'), false),
        name: 'x'.repeat(151),
        subjectsPerInterval: 40,
      },
      'draft',
    );
    const problems = payloadProblems(payload);
    expect(problems.map((p) => p.place).sort()).toEqual(['name', 'schedule']);
    expect(problemsAt(problems, 'schedule')).toEqual(['Subjects per interval is 1 to 20.']);
    expect(payloadProblems(buildTrainingSave(newDraft(new Date(), false), 'draft'))).toEqual([]);
  });

  it('places the known messages of a failed save and leaves the others to the notification', () => {
    const message = [
      TRAINING_MESSAGES.needsEmployees,
      SCHEDULE_MESSAGES.dateInPast,
      TRAINING_MESSAGES.introEmpty,
      'At most 5 reminders.',
      'Something unexpected',
    ].join('; ');
    expect(serverProblems(message)).toEqual([
      { place: 'employees', message: TRAINING_MESSAGES.needsEmployees },
      { place: 'schedule', message: SCHEDULE_MESSAGES.dateInPast },
      { place: 'intro', message: TRAINING_MESSAGES.introEmpty },
      { place: 'reminders', message: 'At most 5 reminders.' },
    ]);
  });
});
