import { PhishingSave, PHISHING_LIMITS, UNTITLED_PHISHING } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  buildPhishingSave,
  closeNeedsConfirm,
  draftReducer,
  lockReason,
  newPhishingDraft,
  saveStatus,
  stepAllowance,
  wizardAction,
  type PhishingDraft,
} from './wizard-state.ts';

const LIST = '6f1c3c6e-5a0e-4f57-9f0e-3c1d1d2b9a11';
const PROGRAM = '0b9c1a52-2f0e-4d8a-8f5e-1b2c3d4e5f60';
const NOW = new Date('2026-11-27T10:00:00Z');

const ready = (): PhishingDraft =>
  [
    { type: 'templateMode', mode: 'selected' },
    { type: 'toggleTemplate', id: 'parcel-customs', selected: true },
    { type: 'toggleList', id: LIST, selected: true },
  ].reduce(draftReducer as never, newPhishingDraft('Europe/Berlin'));

describe('phishing wizard', () => {
  it('starts as an untitled random mix over three weekdays in business hours, sent on start', () => {
    const draft = newPhishingDraft('Europe/Berlin');
    expect(draft).toMatchObject({
      name: UNTITLED_PHISHING,
      templateMode: 'random',
      startNow: true,
      days: 3,
      hours: { from: 9, to: 17 },
      weekdaysOnly: true,
      onClick: 'teachable-moment',
      trackingDays: PHISHING_LIMITS.trackingDaysDefault,
    });
    expect(wizardAction(draft)).toBe('continue');
  });

  it('unlocks the steps in order: templates (or a random mix), then employees, then an enrolment program', () => {
    const chosen = draftReducer(newPhishingDraft('UTC'), { type: 'templateMode', mode: 'selected' });
    let allowed = stepAllowance(chosen, 0);
    expect(allowed.employees).toBe(false);
    expect(lockReason(allowed, 'employees')).toBe('templates');

    const draft = ready();
    expect(lockReason(stepAllowance(draft, 0), 'schedule')).toBe('employees');
    allowed = stepAllowance(draft, 4);
    expect(allowed.finalize).toBe(true);

    const enrol = draftReducer(draft, { type: 'click', patch: { onClick: 'enrol' } });
    allowed = stepAllowance(enrol, 4);
    expect(allowed.finalize).toBe(false);
    expect(lockReason(allowed, 'finalize')).toBe('enrol');
    const withProgram = draftReducer(enrol, { type: 'click', patch: { enrolProgramId: PROGRAM } });
    expect(stepAllowance(withProgram, 4).finalize).toBe(true);
  });

  it('builds a payload the contract accepts, the window starting now for "start now"', () => {
    const body = buildPhishingSave({ ...ready(), name: 'Q4 parcels' }, 'scheduled', NOW);
    const parsed = PhishingSave.parse(body);
    expect(parsed.sendWindow).toEqual({
      start: NOW.toISOString(),
      days: 3,
      businessHours: { from: 9, to: 17 },
      weekdaysOnly: true,
      timeZone: 'Europe/Berlin',
    });
    expect(parsed.templateIds).toEqual(['parcel-customs']);
    expect(parsed.userLists).toEqual([LIST]);
    expect(parsed.enrolProgramId).toBeNull();

    const later = draftReducer(ready(), {
      type: 'window',
      patch: { startNow: false, start: '2026-12-01T08:00:00.000Z', hours: null },
    });
    const scheduled = PhishingSave.parse(buildPhishingSave(later, 'draft', NOW)).sendWindow;
    expect(scheduled.start).toBe('2026-12-01T08:00:00.000Z');
    expect(scheduled.businessHours).toBeNull();
  });

  it('sends the enrolment program only with an enrolling click', () => {
    const draft = draftReducer(ready(), { type: 'click', patch: { enrolProgramId: PROGRAM } });
    expect(buildPhishingSave(draft, 'draft', NOW).enrolProgramId).toBeNull();
    const enrol = draftReducer(draft, { type: 'click', patch: { onClick: 'enrol' } });
    expect(buildPhishingSave(enrol, 'draft', NOW).enrolProgramId).toBe(PROGRAM);
  });

  it('keeps a running simulation scheduled on save and asks before closing only after a change', () => {
    const saved = draftReducer(ready(), { type: 'saved', id: 'x', status: 'active' });
    expect(saveStatus(saved)).toBe('scheduled');
    expect(wizardAction({ ...saved, step: 'finalize' })).toBe('update');
    expect(closeNeedsConfirm(saved)).toBe(false);
    expect(closeNeedsConfirm(draftReducer(saved, { type: 'rename', name: 'New name' }))).toBe(true);
    expect(closeNeedsConfirm(newPhishingDraft('UTC'))).toBe(false);
  });

  it('drops lists deleted since the draft was saved, and never holds a template twice', () => {
    const draft = ready();
    expect(draftReducer(draft, { type: 'keepLists', existing: [] }).listIds).toEqual([]);
    const twice = draftReducer(draft, { type: 'toggleTemplate', id: 'parcel-customs', selected: true });
    expect(twice.templateIds).toEqual(['parcel-customs']);
  });
});
