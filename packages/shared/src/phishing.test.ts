import { describe, expect, it } from 'vitest';
import {
  PHISHING_MESSAGES,
  phishingPermissions,
  phishingRate,
  PhishingSave,
  SendWindow,
  sendSlots,
  sendTimeFor,
  sendWindowEnd,
  templateFor,
} from './phishing.ts';
import { isUntitledName } from './campaigns.ts';

const base = {
  name: 'Q3 invoice lure',
  status: 'draft' as const,
  templateMode: 'selected' as const,
  templateIds: ['invoice-overdue'],
  userLists: [],
  sendWindow: { start: '2026-12-07T08:00:00Z', days: 5, timeZone: 'Europe/Berlin' },
};

describe('the phishing save', () => {
  it('fills the defaults and names an unnamed simulation', () => {
    const parsed = PhishingSave.parse({ ...base, name: ' ' });
    expect(parsed.name).toBe('Untitled Phishing Simulation');
    expect(isUntitledName(parsed.name)).toBe(true);
    expect(parsed).toMatchObject({
      onClick: 'teachable-moment',
      recurrence: 'none',
      trackingDays: 14,
      landingPageId: null,
      sendWindow: { businessHours: { from: 9, to: 17 }, weekdaysOnly: true },
    });
  });

  it('refuses business hours that end before they start, an unknown zone, and too long a window', () => {
    const bad = (sendWindow: object) =>
      PhishingSave.safeParse({ ...base, sendWindow: { ...base.sendWindow, ...sendWindow } }).success;
    expect(bad({ businessHours: { from: 17, to: 9 } })).toBe(false);
    expect(bad({ timeZone: 'Mars/Olympus' })).toBe(false);
    expect(bad({ days: 31 })).toBe(false);
    expect(bad({ days: 30, businessHours: null })).toBe(true);
    const problem = PhishingSave.safeParse({
      ...base,
      sendWindow: { ...base.sendWindow, businessHours: { from: 17, to: 9 } },
    });
    expect(problem.error?.issues[0]?.message).toBe(PHISHING_MESSAGES.businessHours);
  });
});

describe('the send window', () => {
  // Monday 7 December 2026, 09:00 in Berlin (CET, UTC+1).
  const window = SendWindow.parse(base.sendWindow);

  it('keeps to business hours on weekdays in the window time zone', () => {
    const slots = sendSlots(window);
    expect(slots).toHaveLength(5);
    expect(slots[0]!.from.toISOString()).toBe('2026-12-07T08:00:00.000Z');
    expect(slots[0]!.to.toISOString()).toBe('2026-12-07T16:00:00.000Z');
    expect(slots[4]!.to.toISOString()).toBe('2026-12-11T16:00:00.000Z');
    expect(sendWindowEnd(window).toISOString()).toBe('2026-12-11T16:00:00.000Z');
  });

  it('skips the weekend, and starts a day late when the window opens after hours', () => {
    const weekend = sendSlots(
      SendWindow.parse({ ...base.sendWindow, start: '2026-12-11T15:00:00Z', days: 4 }),
    );
    expect(weekend.map((s) => s.from.toISOString())).toEqual([
      '2026-12-11T15:00:00.000Z',
      '2026-12-14T08:00:00.000Z',
    ]);
    const late = sendSlots(SendWindow.parse({ ...base.sendWindow, start: '2026-12-07T17:00:00Z', days: 2 }));
    expect(late.map((s) => s.from.toISOString())).toEqual(['2026-12-08T08:00:00.000Z']);
  });

  it('follows daylight saving time', () => {
    const summer = sendSlots(
      SendWindow.parse({ ...base.sendWindow, start: '2026-06-01T05:00:00Z', days: 1 }),
    );
    expect(summer[0]!.from.toISOString()).toBe('2026-06-01T07:00:00.000Z');
  });

  it('spreads a list over every day, the same way each time, inside the slots', () => {
    const slots = sendSlots(window);
    const days = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const at = sendTimeFor(slots, 'campaign-1', `employee-${i}`);
      expect(at).toEqual(sendTimeFor(slots, 'campaign-1', `employee-${i}`));
      expect(slots.some((s) => at >= s.from && at < s.to)).toBe(true);
      days.add(at.toISOString().slice(0, 10));
    }
    expect(days.size).toBe(5);
  });
});

describe('templates per employee', () => {
  it('mixes a random pool across colleagues and keeps each employee on theirs', () => {
    const pool = ['a', 'b', 'c', 'd'];
    const got = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      const t = templateFor('random', pool, 'c1', `e${i}`)!;
      expect(templateFor('random', pool, 'c1', `e${i}`)).toBe(t);
      got.set(t, (got.get(t) ?? 0) + 1);
    }
    expect([...got.keys()].sort()).toEqual(pool);
    for (const count of got.values()) expect(count).toBeGreaterThan(60);
    expect(templateFor('selected', [], 'c1', 'e1')).toBeNull();
  });
});

describe('phishing permissions and rates', () => {
  it('pauses and stops a scheduled or running simulation, never reminds', () => {
    const can = (status: 'draft' | 'scheduled' | 'active' | 'completed') =>
      phishingPermissions({ status, isAdmin: true });
    expect(can('active')).toMatchObject({
      canPause: true,
      canStop: true,
      canDelete: false,
      canRemind: false,
    });
    expect(can('completed')).toMatchObject({ canPause: false, canEdit: false, canCopy: true });
    expect(can('draft')).toMatchObject({ canPause: false, canDelete: true });
  });

  it('gives a share with one decimal and null for nobody', () => {
    expect(phishingRate(1, 3)).toBe(33.3);
    expect(phishingRate(0, 0)).toBeNull();
  });
});
