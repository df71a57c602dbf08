import { and, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_MESSAGES, type LearnerHome } from '@vigil/shared';
import { learnerEvents, learnerTokens, mails, trainingProgress } from '../../db/schema/index.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  learnerTokenFrom,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { hashToken } from '../auth/tokens.ts';
import { dispatch, sendDue } from '../trainings/trainings.delivery.ts';
import { warmLearnerStatements } from './learner.warmup.ts';

describe.each(testDatabases())('learner calls on %s', (kind) => {
  let t: TestApp;
  /** Each employee's address and the token of the link they were mailed. */
  let links: { email: string; token: string }[];

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    const company = await createCompany(db, { name: 'Burst Co' });
    const manager = await createManager(db);
    await addMember(db, company.id, manager.id, 1);
    const admin = await signIn(t, manager.id);
    const api = async (url: string, payload: object) => {
      const res = await t.inject({
        method: 'POST',
        url: `/api/companies/${company.id}${url}`,
        headers: bearer(admin),
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: string }>();
    };
    const emails = Array.from({ length: 12 }, (_, i) => `p${i}@burst.example`);
    const list = await api('/lists', { name: 'All' });
    await api(`/lists/${list.id}/users`, {
      users: emails.map((email) => ({ email, name: email.split('@')[0] })),
    });
    await api('/automations', sendNowProgram('Burst', ['spot-the-phish'], [list.id]));
    await dispatch(db, new Date());
    expect(await sendDue(t.ctx)).toBe(emails.length);
    const sent = await db.select().from(mails).where(inArray(mails.toAddress, emails));
    links = sent.map((m) => ({ email: m.toAddress, token: learnerTokenFrom(m.text) }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers employees calling at once each as themselves, and marks their links used', async () => {
    // Their first calls arrive together: the tokens are looked up in shared statements.
    const unknown = 'x'.repeat(43);
    const calls = [...links.map((l) => l.token), unknown].map((token) =>
      t.inject({ method: 'GET', url: '/api/learner/me', headers: bearer(token) }),
    );
    const answers = await Promise.all(calls);
    links.forEach((l, i) => {
      expect(answers[i]!.statusCode, answers[i]!.body).toBe(200);
      expect(answers[i]!.json<LearnerHome>().employee.email).toBe(l.email);
    });
    expect(answers.at(-1)!.statusCode).toBe(401);
    expect(answers.at(-1)!.json().description).toBe(LEARNER_MESSAGES.linkInvalid);

    // The last-use marks are written off the calls' path, soon after.
    const hashes = links.map((l) => hashToken(l.token));
    const marked = async () =>
      (
        await t.ctx.db
          .select()
          .from(learnerTokens)
          .where(and(inArray(learnerTokens.tokenHash, hashes), isNotNull(learnerTokens.lastUsedAt)))
      ).length;
    const deadline = Date.now() + 5_000;
    while ((await marked()) < hashes.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await marked()).toBe(hashes.length);
  });

  it('warms the learner statements at start without reading or writing anyone', async () => {
    const db = t.ctx.db;
    const state = async () => ({
      events: (await db.select().from(learnerEvents)).length,
      progress: await db.select().from(trainingProgress),
      tokens: await db.select().from(learnerTokens),
    });
    const before = await state();
    await warmLearnerStatements(db, 2);
    expect(await state()).toEqual(before);
  });
});
