import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES, CAMPAIGN_MESSAGES, PHISHING_MESSAGES, TRAINING_MESSAGES } from '@vigil/shared';
import {
  addMember,
  assessmentSave,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { manualReminderRefusal } from './campaigns.manage.ts';

const HOUR = 3_600_000;

/**
 * Each campaign kind as the manager's API shows it: where it lives, a save that starts it now for some
 * lists, how a save names its channels, and its own "not found" text. The rules below are the campaign
 * core's (campaigns.manage.ts), so every kind must answer them alike.
 */
const kinds = [
  {
    kind: 'training',
    path: '/automations',
    save: (lists: string[]) => sendNowProgram('Core rules', ['spot-the-phish'], lists),
    withChannel: (channel: number) => ({ sendOptions: { channel } }),
    idOf: (body: { automation: { id: string } }) => body.automation.id,
    notFound: TRAINING_MESSAGES.notFound,
    cannotPause: TRAINING_MESSAGES.cannotPause,
    cannotStop: TRAINING_MESSAGES.cannotStop,
  },
  {
    kind: 'assessment',
    path: '/assessments',
    save: (lists: string[]) => assessmentSave(['ph-shared-document-login'], lists, { name: 'Core rules' }),
    withChannel: (channel: number) => ({ channel }),
    idOf: (body: { assessment: { id: string } }) => body.assessment.id,
    notFound: ASSESSMENT_MESSAGES.notFound,
    cannotPause: ASSESSMENT_MESSAGES.cannotPause,
    cannotStop: ASSESSMENT_MESSAGES.cannotStop,
  },
  {
    // Phishing mails go by email only and have no reminders: the channel and reminder rules do not apply.
    kind: 'phishing',
    path: '/phishing',
    save: (lists: string[]) => ({
      name: 'Core rules',
      status: 'scheduled',
      templateMode: 'selected',
      templateIds: ['corrected-invoice'],
      userLists: lists,
      sendWindow: { start: new Date().toISOString(), days: 2, timeZone: 'UTC' },
    }),
    withChannel: null,
    idOf: (body: { phishing: { id: string } }) => body.phishing.id,
    notFound: PHISHING_MESSAGES.notFound,
    cannotPause: PHISHING_MESSAGES.cannotPause,
    cannotStop: PHISHING_MESSAGES.cannotStop,
  },
] as const;

describe('the manual reminder refusal', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  it.each([
    [{ targets: 0, last: null, repeat: true }, CAMPAIGN_MESSAGES.noEmployeesToRemind],
    [{ targets: 3, last: ago(23), repeat: false }, CAMPAIGN_MESSAGES.recentReminder],
    [{ targets: 3, last: ago(23), repeat: true }, null],
    [{ targets: 3, last: ago(24), repeat: false }, null],
    [{ targets: 3, last: null, repeat: false }, null],
  ])('%o → %s', (facts, refusal) => {
    expect(manualReminderRefusal(facts, now)).toBe(refusal);
  });
});

describe.each(testDatabases())('the campaign core for managers on %s', (database) => {
  let t: TestApp;
  let companyId: string;
  let admin: string;
  let viewer: string;
  let listId: string;
  let emptyListId: string;

  beforeAll(async () => {
    t = await createTestApp(database, { JOBS: '0' });
    const db = t.ctx.db;
    companyId = (await createCompany(db, { name: 'Core Co' })).id;
    const [a, v] = await Promise.all([createManager(db), createManager(db)]);
    await addMember(db, companyId, a.id, 1);
    await addMember(db, companyId, v.id, 2);
    [admin, viewer] = await Promise.all([signIn(t, a.id), signIn(t, v.id)]);
    listId = await listWith('Everyone', ['ann@core.example', 'bob@core.example']);
    emptyListId = await listWith('Nobody', []);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function listWith(name: string, emails: string[]) {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/lists`,
      headers: bearer(admin),
      payload: { name },
    });
    const id = res.json<{ id: string }>().id;
    if (emails.length > 0)
      await t.inject({
        method: 'POST',
        url: `/api/companies/${companyId}/lists/${id}/users`,
        headers: bearer(admin),
        payload: { users: emails.map((email) => ({ email, name: email.split('@')[0] })) },
      });
    return id;
  }

  const call = (method: 'GET' | 'POST', url: string, token = admin, payload?: object) =>
    t.inject({ method, url: `/api/companies/${companyId}${url}`, headers: bearer(token), payload });
  const errorsOf = (res: { json: () => unknown }) =>
    (res.json() as { errors?: { message: string }[] }).errors?.map((e) => e.message) ?? [];

  describe.each(kinds)('kind $kind', (k) => {
    it('shows a draft to admins only, and no Draft tab to viewers', async () => {
      const saved = await call('POST', k.path, admin, { ...k.save([listId]), status: 'draft' });
      expect(saved.statusCode, saved.body).toBe(200);
      const id = k.idOf(saved.json());
      expect((await call('GET', `${k.path}/${id}`)).statusCode).toBe(200);
      const hidden = await call('GET', `${k.path}/${id}`, viewer);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ description: k.notFound });

      const mine = (await call('GET', `${k.path}?tab=draft`)).json<{ total: number; counts: object }>();
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.counts).toMatchObject({ draft: mine.total });
      const theirs = await call('GET', `${k.path}?tab=draft`, viewer);
      expect(theirs.json()).toMatchObject({ counts: { draft: 0 } });
      expect(theirs.json<{ rows: { status: string }[] }>().rows.map((r) => r.status)).not.toContain('draft');
      const latest = (await call('GET', `${k.path}/latest`, viewer)).json<{ id: string }[]>();
      expect(latest.map((r) => r.id)).not.toContain(id);
    });

    it('refuses pausing and stopping a draft with its own text', async () => {
      const saved = await call('POST', k.path, admin, { ...k.save([listId]), status: 'draft' });
      const id = k.idOf(saved.json());
      const pause = await call('POST', `${k.path}/${id}/pause`);
      expect([pause.statusCode, pause.json()]).toEqual([
        409,
        expect.objectContaining({ description: k.cannotPause }),
      ]);
      const stop = await call('POST', `${k.path}/${id}/stop`);
      expect([stop.statusCode, stop.json()]).toEqual([
        409,
        expect.objectContaining({ description: k.cannotStop }),
      ]);
    });

    it.each([
      ['a Slack channel', 2, [], CAMPAIGN_MESSAGES.integrationConfigure('Slack')],
      ['a Teams channel', 4, [], CAMPAIGN_MESSAGES.integrationConfigure('Teams')],
      [
        'a list of another company',
        1,
        ['00000000-0000-4000-8000-000000000000'],
        CAMPAIGN_MESSAGES.unknownList,
      ],
      ['no list', 1, null, CAMPAIGN_MESSAGES.needsLists],
      ['only an empty list', 1, 'empty', CAMPAIGN_MESSAGES.needsEmployees],
    ] as const)('refuses a start with %s in the same words', async (_, channel, lists, message) => {
      if (!k.withChannel && channel !== 1) return;
      const userLists = lists === null ? [] : lists === 'empty' ? [emptyListId] : [listId, ...lists];
      const res = await call('POST', k.path, admin, {
        ...k.save(userLists),
        ...(k.withChannel ? k.withChannel(channel) : {}),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)).toContain(message);
    });

    it.runIf(k.kind !== 'phishing')('refuses enabled reminders without a step', async () => {
      const body = {
        ...k.save([listId]),
        reminders_enabled: true,
        reminders_settings: { channel: 1, steps: [] },
      };
      const res = await call('POST', k.path, admin, body);
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toContain(CAMPAIGN_MESSAGES.remindersInvalid);
    });
  });
});
