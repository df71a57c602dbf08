import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_CODES,
  SUBJECT_TYPES,
  type InteractiveFlagStats,
  type LearnerProgress,
  type LearnerSubject,
} from '@vigil/shared';
import { mails } from '../../db/schema/index.ts';
import { bearer, companyWithRoles, learnerTokenFrom, sendNowProgram } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { dispatch, sendDue } from '../trainings/trainings.delivery.ts';

const SUBJECT = 'interactive-invoice-inbox';

describe.each(testDatabases())('interactive subjects on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let otherId: string;
  let trainingId: string;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  let outsider: Record<string, string>;
  /** The three employees' learner tokens. */
  let tokens: string[];

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    ({ companyId, otherId, admin, viewer, outsider } = await companyWithRoles(t, {
      company: 'Flag Co',
      other: 'Other Co',
    }));
    const api = async (url: string, payload: object) => {
      const res = await t.inject({
        method: 'POST',
        url: `/api/companies/${companyId}${url}`,
        headers: admin,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: string; automation: { id: string } }>();
    };
    const emails = ['ann@flag.example', 'ben@flag.example', 'cid@flag.example'];
    const list = await api('/lists', { name: 'All' });
    await api(`/lists/${list.id}/users`, {
      users: emails.map((email) => ({ email, name: email.split('@')[0] })),
    });
    trainingId = (await api('/automations', sendNowProgram('Flags', [SUBJECT, 'spot-the-phish'], [list.id])))
      .automation.id;
    await dispatch(db, new Date());
    expect(await sendDue(t.ctx)).toBe(emails.length);
    const sent = await db.select().from(mails).where(inArray(mails.toAddress, emails));
    tokens = emails.map((e) => learnerTokenFrom(sent.find((m) => m.toAddress === e)!.text));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const learner = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.inject({ method, url: `/api/learner${url}`, headers: bearer(token), payload });
  const scene = (token: string, scene: string, found: string[], choice: string) =>
    learner(token, 'POST', '/interactive', { trainingId, subjectId: SUBJECT, scene, found, choice });
  const flags = (headers: Record<string, string>, subject = SUBJECT, company = companyId) =>
    t.inject({
      method: 'GET',
      url: `/api/companies/${company}/automations/${trainingId}/lessons/${subject}/flags?lang=de`,
      headers,
    });

  it('serves the scenes in the company language, records each scene and finishes with the last decision', async () => {
    const res = await learner(tokens[0]!, 'GET', `/trainings/${trainingId}/subjects/${SUBJECT}`);
    expect(res.statusCode, res.body).toBe(200);
    const subject = res.json<LearnerSubject>();
    expect(subject.type).toBe(SUBJECT_TYPES.interactive);
    expect(subject.interactive?.scenes.map((s) => s.kind)).toEqual(['email', 'browser']);
    expect(subject.interactive?.scenes[0]!.flags[0]!.label).toBe('Look-alike sender domain');

    // Ann finds two flags of the email (and names one that does not exist), then chooses right.
    const first = await scene(
      tokens[0]!,
      'invoice-email',
      ['lookalike-sender', 'link-target', 'made-up'],
      'report',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ correct: true });
    const event = (code: number, item: number) =>
      learner(tokens[0]!, 'POST', '/events', { trainingId, subjectId: SUBJECT, code, item });
    expect((await event(EVENT_CODES.DECISION, 0)).json<LearnerProgress>().finished).toBe(false);
    expect((await scene(tokens[0]!, 'portal-login', ['foreign-domain'], 'padlock-ok')).json()).toEqual({
      correct: false,
    });
    await event(EVENT_CODES.DECISION, 1);
    expect((await event(EVENT_CODES.LAST_DECISION, 1)).json<LearnerProgress>().finished).toBe(true);

    // A replay does not change the first result.
    await scene(tokens[0]!, 'invoice-email', ['lookalike-sender', 'reply-to', 'deadline'], 'click');
  });

  it('refuses a scene or choice the subject does not have, and a subject not delivered', async () => {
    expect((await scene(tokens[1]!, 'no-such-scene', [], 'report')).statusCode).toBe(404);
    expect((await scene(tokens[1]!, 'invoice-email', [], 'no-such-choice')).statusCode).toBe(404);
    const other = await learner(tokens[1]!, 'POST', '/interactive', {
      trainingId,
      subjectId: 'decision-lost-laptop',
      scene: 'invoice-email',
      found: [],
      choice: 'report',
    });
    expect(other.statusCode).toBe(404);
    const invalid = await learner(tokens[1]!, 'POST', '/interactive', { trainingId, subjectId: SUBJECT });
    expect(invalid.statusCode).toBe(400);
  });

  it('shows managers of the company per-flag figures, in their language, and no one else', async () => {
    await scene(tokens[1]!, 'invoice-email', ['lookalike-sender'], 'click');
    const res = await flags(viewer);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<InteractiveFlagStats>();
    const email = stats.scenes.find((s) => s.id === 'invoice-email')!;
    expect(email).toMatchObject({ kind: 'email', completed: 2, rightChoice: 1 });
    expect(email.flags.find((f) => f.id === 'lookalike-sender')).toMatchObject({
      label: 'Nachgeahmte Absenderdomain',
      found: 2,
      missed: 0,
      missedPercent: 0,
    });
    expect(email.flags.find((f) => f.id === 'link-target')).toMatchObject({
      found: 1,
      missed: 1,
      missedPercent: 50,
    });
    expect(email.flags.find((f) => f.id === 'reply-to')).toMatchObject({
      found: 0,
      missed: 2,
      missedPercent: 100,
    });
    const portal = stats.scenes.find((s) => s.id === 'portal-login')!;
    expect(portal).toMatchObject({ completed: 1, rightChoice: 0 });
    expect(portal.flags.find((f) => f.id === 'padlock')?.missedPercent).toBe(100);

    // Anonymous tracking changes nothing here: the figures never name anyone.
    const switched = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/switchTrackingAnonymous`,
      headers: admin,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const anonymous = await flags(admin);
    expect(anonymous.json()).toEqual(stats);
    expect(anonymous.body).not.toMatch(/ann|ben|flag\.example/);

    // Another company's manager, and a subject that is not interactive, find nothing.
    expect((await flags(outsider)).statusCode).toBe(404);
    expect((await flags(outsider, SUBJECT, otherId)).statusCode).toBe(404);
    expect((await flags(admin, 'spot-the-phish')).statusCode).toBe(404);
  });
});
