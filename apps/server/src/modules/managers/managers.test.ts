/**
 * Settings → Admins (spec 1 §5, §6; spec 3 §5, §7): the company's managers listed, added with a role
 * and a welcome mail, changed, removed (never the last admin), sent a login link, and one of them
 * named billing manager; a team manager (manageUsers) may change employees and lists, nothing else.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER_MESSAGES } from '@vigil/shared';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, tokenFromMail, type TestApp } from '../../test/harness.ts';

describe.each(testDatabases())('managers on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let companyId: string;
  let otherCompanyId: string;
  let adminId: string;
  let viewerId: string;
  let outsiderId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    const company = await createCompany(db, { name: 'Harbor Admins' });
    const other = await createCompany(db, { name: 'Other Admins' });
    companyId = company.id;
    otherCompanyId = other.id;
    const a = await createManager(db, { email: 'first.admin@harbor.example', name: 'First Admin' });
    const v = await createManager(db, { email: 'viewer@harbor.example', name: 'Vera Viewer' });
    const o = await createManager(db, { email: 'admin@other.example', name: 'Other Admin' });
    [adminId, viewerId, outsiderId] = [a.id, v.id, o.id];
    await addMember(db, company.id, a.id, 1, true);
    await addMember(db, company.id, v.id, 2);
    await addMember(db, other.id, o.id, 1, true);
    [admin, viewer, outsider] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.inject({
      method,
      url: `/api/companies/${companyId}${url}`,
      headers: token ? bearer(token) : {},
      payload,
    });
  const managers = async (token = admin) =>
    (await call('GET', '/managers', token)).json<{ managers: Array<Record<string, unknown>> }>().managers;

  it('lists the managers with name, email, role and created', async () => {
    const res = await call('GET', '/managers', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().managers).toEqual([
      expect.objectContaining({
        name: 'First Admin',
        email: 'first.admin@harbor.example',
        role: 1,
        manageUsers: true,
      }),
      expect.objectContaining({
        name: 'Vera Viewer',
        email: 'viewer@harbor.example',
        role: 2,
        manageUsers: false,
      }),
    ]);
    expect(Date.parse(res.json().managers[0].created)).not.toBeNaN();
  });

  it('keeps every call to the admins of the company', async () => {
    const someone = `/managers/${viewerId}`;
    const calls = [
      ['GET', '/managers', undefined],
      ['POST', '/managers', { name: 'X', email: 'x@harbor.example', role: 2, sendWelcome: false }],
      ['PUT', someone, { role: 1, manageUsers: true }],
      ['DELETE', someone, undefined],
      ['POST', `${someone}/login_link`, undefined],
      ['POST', '/set_billing_manager', { userId: viewerId }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, viewer, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, outsider, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Another company's manager is not a manager here.
    expect((await call('DELETE', `/managers/${outsiderId}`, admin)).statusCode).toBe(404);
    expect((await call('POST', '/set_billing_manager', admin, { userId: outsiderId })).statusCode).toBe(404);
    expect((await managers()).length).toBe(2);
  });

  it('checks the admin form with the spec messages', async () => {
    const res = await call('POST', '/managers', admin, { name: ' ', email: 'not an email', role: 1 });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining([MANAGER_MESSAGES.name, MANAGER_MESSAGES.email]));
    expect(
      (await call('POST', '/managers', admin, { name: 'A', email: 'a@b.example', role: 3 })).statusCode,
    ).toBe(400);
  });

  it('adds an admin who signs in from the welcome mail and acts on the company', async () => {
    const res = await call('POST', '/managers', admin, {
      name: 'Nora New',
      email: 'Nora.New@Harbor.example',
      role: 1,
      sendWelcome: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nora New', email: 'nora.new@harbor.example', role: 1 });
    const mail = await t.waitForMail('nora.new@harbor.example');
    expect(mail.subject).toBe('You have been added to Harbor Admins on Vigil');
    const exchange = await t.inject({
      method: 'POST',
      url: `/api/auth/email/signin/${tokenFromMail(mail.text)}`,
    });
    expect(exchange.statusCode).toBe(200);
    const nora = exchange.json().token as string;
    const seen = await t.inject({ method: 'GET', url: `/api/companies/${companyId}`, headers: bearer(nora) });
    expect(seen.json()).toMatchObject({ company_name: 'Harbor Admins', role: 1 });
    expect(
      (await t.inject({ method: 'GET', url: `/api/companies/${otherCompanyId}`, headers: bearer(nora) }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses to add the same person twice and sends no welcome unless asked', async () => {
    const again = await call('POST', '/managers', admin, {
      name: 'Vera',
      email: 'viewer@harbor.example',
      role: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().description).toBe(MANAGER_MESSAGES.alreadyManager);
    const before = new Date();
    const quiet = await call('POST', '/managers', admin, {
      name: 'Quiet Quinn',
      email: 'quinn@harbor.example',
      role: 2,
    });
    expect(quiet.statusCode).toBe(200);
    await expect(t.waitForMail('quinn@harbor.example', { after: before, timeoutMs: 1500 })).rejects.toThrow();
  });

  it('adds a manager of another company without renaming them', async () => {
    const res = await call('POST', '/managers', admin, {
      name: 'Renamed',
      email: 'admin@other.example',
      role: 2,
    });
    expect(res.json()).toMatchObject({ name: 'Other Admin', role: 2 });
    expect((await call('DELETE', `/managers/${outsiderId}`, admin)).statusCode).toBe(204);
  });

  it('never leaves the company without an admin', async () => {
    const nora = (await managers()).find((m) => m.email === 'nora.new@harbor.example')!;
    // Two admins: one may step down, then the other is the last.
    expect(
      (await call('PUT', `/managers/${nora.userId}`, admin, { role: 2, manageUsers: false })).statusCode,
    ).toBe(200);
    for (const [method, body] of [
      ['PUT', { role: 2, manageUsers: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/managers/${adminId}`, admin, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().description).toBe(MANAGER_MESSAGES.lastAdmin);
    }
    expect((await managers()).find((m) => m.userId === adminId)).toMatchObject({ role: 1 });
    // Two admins demoting each other at once: one wins, the company keeps an admin.
    expect(
      (await call('PUT', `/managers/${nora.userId}`, admin, { role: 1, manageUsers: true })).statusCode,
    ).toBe(200);
    const noraToken = await signIn(t, nora.userId as string);
    const results = await Promise.all([
      call('PUT', `/managers/${nora.userId}`, admin, { role: 2, manageUsers: false }),
      call('PUT', `/managers/${adminId}`, noraToken, { role: 2, manageUsers: false }),
    ]);
    // The loser is refused either by the rule (409) or, once demoted, by the guard (403).
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 403 || c === 409)).toHaveLength(1);
    // Whoever won is the one admin left; only an admin may read the managers.
    const winner = results[0]!.statusCode === 200 ? admin : noraToken;
    const admins = (await managers(winner)).filter((m) => m.role === 1);
    expect(admins).toHaveLength(1);
    expect(admins[0]!.userId).toBe(winner === admin ? adminId : nora.userId);
    // Put the first admin back in charge for the tests below.
    if (winner !== admin) {
      expect(
        (await call('PUT', `/managers/${adminId}`, winner, { role: 1, manageUsers: true })).statusCode,
      ).toBe(200);
      expect(
        (await call('PUT', `/managers/${nora.userId}`, admin, { role: 2, manageUsers: false })).statusCode,
      ).toBe(200);
    }
  });

  it('removes a manager, who then no longer sees the company', async () => {
    const quinn = (await managers()).find((m) => m.email === 'quinn@harbor.example')!;
    const quinnToken = await signIn(t, quinn.userId as string);
    expect((await call('DELETE', `/managers/${quinn.userId}`, admin)).statusCode).toBe(204);
    expect((await call('GET', '', quinnToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/managers/${randomUUID()}`, admin)).statusCode).toBe(404);
  });

  it('mails a login link to a manager', async () => {
    const before = new Date();
    const res = await call('POST', `/managers/${viewerId}/login_link`, admin);
    expect(res.json()).toEqual({ status: 'sent' });
    const mail = await t.waitForMail('viewer@harbor.example', { after: before });
    expect(mail.subject).toBe('Your Vigil sign-in link');
    expect(tokenFromMail(mail.text)).toBeTruthy();
  });

  it('names one billing manager', async () => {
    let res = await call('POST', '/set_billing_manager', admin, { userId: viewerId });
    expect(res.statusCode).toBe(200);
    res = await call('POST', '/set_billing_manager', admin, { userId: adminId });
    const billing = res.json().managers.filter((m: { billingManager: boolean }) => m.billingManager);
    expect(billing.map((m: { userId: string }) => m.userId)).toEqual([adminId]);
  });

  it('lets a team manager change employees and lists, and nothing else', async () => {
    expect(
      (await call('PUT', `/managers/${viewerId}`, admin, { role: 2, manageUsers: true })).statusCode,
    ).toBe(200);
    const list = await call('POST', '/lists', viewer, { name: 'Team North' });
    expect(list.statusCode).toBe(200);
    const listId = list.json().id as string;
    expect((await call('PUT', `/lists/${listId}`, viewer, { name: 'Team North East' })).statusCode).toBe(200);
    // The web app shows the write buttons from what the company answer says of the manager.
    const mine = await t.inject({
      method: 'GET',
      url: '/api/companies/my_companies',
      headers: bearer(viewer),
    });
    expect(mine.json().find((c: { company_id: string }) => c.company_id === companyId)).toMatchObject({
      role: 2,
      permissions: ['manageUsers'],
    });
    const added = await call('POST', `/lists/${listId}/users`, viewer, {
      users: [{ email: 'north@harbor.example', name: 'Nora North' }],
    });
    expect(added.json()).toMatchObject({ added: 1 });
    const imported = await call('POST', '/createUsersBatch', viewer, {
      listId,
      records: ['email,name', 'east@harbor.example,Ed East'],
      preview: false,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await call('GET', `/lists/${listId}`, viewer)).json().usersCount).toBe(2);
    // Removing an employee from a list or deleting a list stays with admins (spec 3 §6).
    expect((await call('DELETE', `/lists/${listId}/users/north@harbor.example`, viewer)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/lists/${listId}`, viewer)).statusCode).toBe(403);
    expect((await call('PUT', '', viewer, { company_name: 'Taken Over' })).statusCode).toBe(403);
    expect((await call('GET', '/managers', viewer)).statusCode).toBe(403);
    // Without the permission, a viewer changes nothing.
    expect(
      (await call('PUT', `/managers/${viewerId}`, admin, { role: 2, manageUsers: false })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/lists', viewer, { name: 'Team South' })).statusCode).toBe(403);
  });
});
