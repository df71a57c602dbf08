import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { assessmentPermissions, AssessmentSave } from './assessments.ts';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TAB_STATUSES,
  CAMPAIGN_TABS,
  campaignPermissions,
  type CampaignPermission,
  type CampaignStatus,
} from './campaigns.ts';
import { phishingPermissions, PhishingSave } from './phishing.ts';
import { trainingPermissions, TrainingSave } from './trainings.ts';

/** Every state a campaign of either kind can be in, as the permission rules see it. */
const states = CAMPAIGN_STATUSES.flatMap((status) =>
  [false, true].flatMap((isScorm) =>
    [
      { eventsTotal: 0, eventsSent: 0, score: 0, total: 0 },
      { eventsTotal: 3, eventsSent: 1, score: 1, total: 4 },
      { eventsTotal: 3, eventsSent: 3, score: 4, total: 4 },
    ].map((figures) => ({ status, isScorm, ...figures })),
  ),
);

const kinds = [
  { kind: 'training', permissions: trainingPermissions },
  { kind: 'assessment', permissions: assessmentPermissions },
  { kind: 'phishing', permissions: phishingPermissions },
] as const;

/** A phishing simulation sends over days, so a running one may be paused and stopped as well. */
const pausesWhileRunning = (kind: string) => kind === 'phishing';

describe('campaign permissions, one rule for every kind', () => {
  it.each(kinds)('a viewer may do nothing with a $kind in any state', ({ permissions }) => {
    for (const state of states)
      expect(Object.values(permissions({ ...state, isAdmin: false }))).toEqual(Array(6).fill(false));
  });

  it.each(kinds)(
    'an admin may delete a draft or scheduled $kind and never edit a completed one',
    ({ kind, permissions }) => {
      for (const state of states.filter((s) => !s.isScorm)) {
        const can = permissions({ ...state, isAdmin: true });
        expect(can.canDelete, state.status).toBe(state.status === 'draft' || state.status === 'scheduled');
        if (state.status === 'completed') expect(can.canEdit).toBe(false);
        if (state.status === 'scheduled') expect([can.canPause, can.canStop]).toEqual([true, true]);
        const pausable =
          state.status === 'scheduled' || (pausesWhileRunning(kind) && state.status === 'active');
        expect(can.canPause, state.status).toBe(pausable);
      }
    },
  );

  it.each(kinds)('only a running $kind may be reminded, and never a SCORM package', ({ permissions }) => {
    for (const state of states) {
      const can = permissions({ ...state, isAdmin: true });
      if (state.status !== 'active' || state.isScorm) expect(can.canRemind).toBe(false);
    }
  });

  it('gives each permission only where its rule and the admin role both hold', () => {
    const rules: Record<CampaignPermission, (s: { status: CampaignStatus }) => boolean> = {
      canEdit: (s) => s.status === 'draft',
      canCopy: () => true,
      canStop: () => false,
      canPause: () => false,
      canRemind: () => false,
      canDelete: (s) => s.status !== 'active',
    };
    const can = campaignPermissions(rules);
    expect(can({ status: 'draft', isAdmin: true })).toMatchObject({ canEdit: true, canCopy: true });
    expect(can({ status: 'active', isAdmin: true })).toMatchObject({ canEdit: false, canDelete: false });
    expect(can({ status: 'draft', isAdmin: false })).toMatchObject({ canEdit: false, canCopy: false });
  });
});

describe('campaign list tabs', () => {
  it('shows every status under All and each status under exactly one other tab', () => {
    expect([...CAMPAIGN_TAB_STATUSES.all].sort()).toEqual([...CAMPAIGN_STATUSES].sort());
    const others = CAMPAIGN_TABS.filter((t) => t !== 'all').flatMap((t) => CAMPAIGN_TAB_STATUSES[t]);
    expect(others.sort()).toEqual([...CAMPAIGN_STATUSES].sort());
  });
});

describe('a save payload, built the same for every kind', () => {
  const saves = [
    {
      kind: 'training',
      schema: TrainingSave as z.ZodType,
      untitled: 'Untitled Training',
      base: {
        status: 'draft',
        subjects: [],
        userLists: [],
        scheduleType: 1,
        sendOptions: { channel: 1 },
        reminders_enabled: false,
        reminders_settings: { channel: 1, steps: [] },
        introMessageEnabled: false,
        introductoryData: { message: '' },
      },
    },
    {
      kind: 'assessment',
      schema: AssessmentSave as z.ZodType,
      untitled: 'Untitled Assessment',
      base: {
        status: 'draft',
        questions: [],
        userLists: [],
        channel: 1,
        scheduleType: 1,
        reminders_enabled: false,
        reminders_settings: { channel: 1, steps: [] },
      },
    },
    {
      kind: 'phishing',
      schema: PhishingSave as z.ZodType,
      untitled: 'Untitled Phishing Simulation',
      base: {
        status: 'draft',
        templateMode: 'selected',
        templateIds: [],
        userLists: [],
        sendWindow: { start: '2026-12-07T08:00:00Z', days: 1, timeZone: 'UTC' },
      },
    },
  ];

  it.each(saves)('cleans a $kind name and names a blank one by default', ({ schema, base, untitled }) => {
    const parse = (name: string) => (schema.parse({ ...base, name }) as { name: string }).name;
    expect(parse('  <b>Phish</b>&nbsp;week ')).toBe('Phish week');
    expect(parse('<i></i>')).toBe(untitled);
  });

  it.each(saves)(
    'refuses a $kind name over 150 characters or with control characters',
    ({ schema, base }) => {
      const issues = (name: string) =>
        schema.safeParse({ ...base, name }).error?.issues.map((i) => i.message) ?? [];
      expect(issues('x'.repeat(151))).toEqual(['A name has at most 150 characters.']);
      expect(issues('a\u0007b').length).toBe(1);
    },
  );

  it.each(saves.filter((s) => s.kind !== 'phishing'))(
    'needs a channel for a $kind and its reminders',
    ({ schema, base }) => {
      const result = schema.safeParse({ ...base, name: 'n', reminders_settings: { channel: 0, steps: [] } });
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        'At least one channel needs to be selected',
      ]);
    },
  );
});
