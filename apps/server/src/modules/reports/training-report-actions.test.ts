import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, type EmployeeListsResponse, type TrainingReport } from '@vigil/shared';
import type { z } from 'zod';
import { companies, employees, learnerTokens, listMembers } from '../../db/schema/index.ts';
import { hashToken } from '../auth/tokens.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';

/** The token of a learner link (`…/learn/#t={token}`). */
const tokenOf = (link: string) => decodeURIComponent(link.split('#t=')[1]!);

/**
 * The training report's actions (spec 3 §2.3): admins copy an employee's sign-in link when tracking is
 * not anonymous, and delete employees when in addition no single sign-on is in use.
 */
describe.each(testDatabases())('training report actions (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A company with an admin, a viewer, two lists and a program sent to the first list. */
  async function setUp(settings: Record<string, string> = {}) {
    const db = t.ctx.db;
    const company = await createCompany(db, { settings });
    const [adminUser, viewerUser] = [await createManager(db), await createManager(db)];
    await addMember(db, company.id, adminUser.id, 1);
    await addMember(db, company.id, viewerUser.id, 2);
    const admin = bearer(await signIn(t, adminUser.id));
    const viewer = bearer(await signIn(t, viewerUser.id));
    const call = async (method: 'GET' | 'POST', url: string, payload?: object, headers = admin) =>
      t.inject({ method, url: `/api/companies/${company.id}${url}`, headers, payload });
    const addList = async (name: string, emails: string[]) => {
      const id = (await call('POST', '/lists', { name })).json<{ id: string }>().id;
      const res = await call('POST', `/lists/${id}/users`, {
        users: emails.map((email) => ({ email, name: '' })),
      });
      expect(res.statusCode, res.body).toBe(200);
      return id;
    };
    const sales = await addList('Sales', ['ann@acts.example', 'bob@acts.example', 'cy@acts.example']);
    const ops = await addList('Ops', ['ann@acts.example', 'dee@acts.example']);
    const started = await call(
      'POST',
      '/automations',
      sendNowProgram('Report actions', ['spot-the-phish'], [sales]),
    );
    expect(started.statusCode, started.body).toBe(200);
    const trainingId = started.json<{ automation: { id: string } }>().automation.id;
    const report = async (headers = admin) => {
      const res = await call('GET', `/automations/${trainingId}/report`, undefined, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TrainingReport>();
    };
    const remove = (emails: unknown, headers = admin) =>
      call('POST', `/automations/${trainingId}/users/delete`, { emails }, headers);
    const membersOf = async (emailsOf: string[]) =>
      db
        .select({ email: employees.email, listId: listMembers.listId })
        .from(listMembers)
        .innerJoin(employees, eq(employees.id, listMembers.employeeId))
        .where(and(eq(listMembers.companyId, company.id), inArray(employees.email, emailsOf)));
    return { company, admin, viewer, call, sales, ops, trainingId, report, remove, membersOf };
  }

  it('tells admins, and only them, which actions the report offers', async () => {
    const plain = await setUp();
    expect(await plain.report()).toMatchObject({ canCopyLink: true, canDeleteUsers: true });
    expect(await plain.report(plain.viewer)).toMatchObject({ canCopyLink: false, canDeleteUsers: false });

    const sso = await setUp({ 'ui.sso.configured': '1' });
    expect(await sso.report()).toMatchObject({ canCopyLink: true, canDeleteUsers: false });

    const anonymous = await setUp();
    await t.ctx.db
      .update(companies)
      .set({ anonymousTracking: 1 })
      .where(eq(companies.id, anonymous.company.id));
    expect(await anonymous.report()).toMatchObject({
      users: null,
      canCopyLink: false,
      canDeleteUsers: false,
    });
  });

  it('deletes employees of the program from every list of the company and revokes their links', async () => {
    const c = await setUp();
    const link = await c.call('POST', `/automations/${c.trainingId}/users/ann@acts.example/link`);
    expect(link.statusCode, link.body).toBe(200);
    const annToken = tokenOf(link.json<{ link: string }>().link);
    const annLinks = () =>
      t.ctx.db
        .select()
        .from(learnerTokens)
        .where(eq(learnerTokens.tokenHash, hashToken(annToken)));
    expect(await annLinks()).toHaveLength(1);
    // She uses it, so this server keeps her identity for its next calls.
    const before = await t.inject({ method: 'GET', url: '/api/learner/me', headers: bearer(annToken) });
    expect(before.statusCode, before.body).toBe(200);

    const res = await c.remove(['ANN@acts.example', 'bob@acts.example']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2, message: DELIVERY_MESSAGES.employeesDeleted });

    // Ann leaves Ops too, which the program never reached; Cy and Dee stay.
    expect(await c.membersOf(['ann@acts.example', 'bob@acts.example'])).toEqual([]);
    expect(
      (await c.membersOf(['cy@acts.example', 'dee@acts.example'])).map((m) => [m.email, m.listId]).sort(),
    ).toEqual([
      ['cy@acts.example', c.sales],
      ['dee@acts.example', c.ops],
    ]);
    const report = await c.report();
    expect(report.users?.map((u) => u.email)).toEqual(['cy@acts.example']);
    expect(report.usersTotal).toBe(1);
    const lists = (await c.call('GET', '/lists')).json<z.infer<typeof EmployeeListsResponse>>();
    expect(lists.rows.map((l) => [l.name, l.usersCount])).toEqual([
      ['Ops', 1],
      ['Sales', 1],
    ]);
    expect(lists.usersTotal).toBe(2);
    // Her link stops at once on this server, although it had her identity in its cache.
    expect(await annLinks()).toEqual([]);
    const me = await t.inject({ method: 'GET', url: '/api/learner/me', headers: bearer(annToken) });
    expect(me.statusCode).toBe(401);

    // Deleted once, they are no longer the program's employees.
    const again = await c.remove(['bob@acts.example']);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ description: DELIVERY_MESSAGES.nothingDeleted });
  });

  it('refuses viewers, single sign-on, anonymous tracking, other companies and bad input, changing nothing', async () => {
    const c = await setUp();
    const everyone = ['ann@acts.example', 'bob@acts.example', 'cy@acts.example', 'dee@acts.example'];
    const before = (await c.membersOf(everyone)).length;

    expect((await c.remove(['bob@acts.example'], c.viewer)).statusCode).toBe(403);
    // Dee is an employee of the company, but not of this program.
    expect((await c.remove(['dee@acts.example'])).statusCode).toBe(404);
    for (const bad of [[], ['not-an-email'], 'bob@acts.example', Array(1001).fill('bob@acts.example')]) {
      const res = await c.remove(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }

    const other = await setUp();
    const foreign = await t.inject({
      method: 'POST',
      url: `/api/companies/${other.company.id}/automations/${c.trainingId}/users/delete`,
      headers: other.admin,
      payload: { emails: ['bob@acts.example'] },
    });
    expect(foreign.statusCode).toBe(404);
    const notMember = await t.inject({
      method: 'POST',
      url: `/api/companies/${c.company.id}/automations/${c.trainingId}/users/delete`,
      headers: other.admin,
      payload: { emails: ['bob@acts.example'] },
    });
    expect(notMember.statusCode).toBe(404);
    expect((await c.membersOf(everyone)).length).toBe(before);

    const sso = await setUp({ 'ui.sso.configured': '1' });
    const ssoRes = await sso.remove(['bob@acts.example']);
    expect(ssoRes.statusCode).toBe(403);
    expect(ssoRes.json()).toMatchObject({ description: DELIVERY_MESSAGES.deleteNotAllowed });
    expect(await sso.membersOf(['bob@acts.example'])).toHaveLength(1);

    const anonymous = await setUp();
    await t.ctx.db
      .update(companies)
      .set({ anonymousTracking: 1 })
      .where(eq(companies.id, anonymous.company.id));
    expect((await anonymous.remove(['bob@acts.example'])).statusCode).toBe(403);
    expect(await anonymous.membersOf(['bob@acts.example'])).toHaveLength(1);
  });

  it('copies a real learner sign-in link whose token is kept only as its hash', async () => {
    const c = await setUp();
    const res = await c.call('POST', `/automations/${c.trainingId}/users/cy@acts.example/link`);
    expect(res.statusCode, res.body).toBe(200);
    const { link } = res.json<{ link: string }>();
    expect(link).toMatch(/\/learn\/?#t=/);
    const token = tokenOf(link);
    const stored = await t.ctx.db
      .select()
      .from(learnerTokens)
      .where(eq(learnerTokens.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    expect(await t.ctx.db.select().from(learnerTokens).where(eq(learnerTokens.tokenHash, token))).toEqual([]);
    const me = await t.inject({ method: 'GET', url: '/api/learner/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ employee: { email: 'cy@acts.example' } });
    expect(
      (await c.call('POST', `/automations/${c.trainingId}/users/cy@acts.example/link`, undefined, c.viewer))
        .statusCode,
    ).toBe(403);
  });
});
