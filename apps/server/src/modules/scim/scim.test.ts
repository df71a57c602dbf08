import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '@vigil/shared';
import {
  auditLog,
  employeeLists,
  employees,
  listMembers,
  scimGroups,
  scimTokens,
  scimUsers,
} from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';

type Step = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  expect: {
    status: number;
    body?: unknown;
    save?: Record<string, string>;
    member?: { group: string; user: string; is: boolean };
    deprovisioned?: string;
    inEveryone?: string;
    erased?: string;
    employeeName?: { user: string; name: string };
  };
};

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(here, 'fixtures', name), 'utf8')) as { steps: Step[] };

/** Puts the ids saved by earlier steps into a step's strings ("{{userId}}"). */
function fill<T>(value: T, vars: Record<string, string>): T {
  return JSON.parse(
    JSON.stringify(value).replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
      if (!(k in vars)) throw new Error(`no ${k} saved yet`);
      return vars[k]!;
    }),
  ) as T;
}

describe.each(testDatabases())('SCIM 2.0 provisioning on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let other: { id: string };
  let admin: string;
  let viewer: string;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Scim Co', subscription: { seats: 500 } });
    other = await createCompany(db, { name: 'Other Scim Co', subscription: { seats: 500 } });
    const a = await createManager(db);
    const v = await createManager(db);
    const o = await createManager(db);
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, v.id, 2);
    await addMember(db, other.id, o.id, 1);
    [admin, viewer, otherAdmin] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
    // Migrating a fresh database can take a minute on a machine shared by several test runs.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  async function newToken(name: string, companyId = company.id, session = admin) {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/scim/tokens`,
      headers: bearer(session),
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string; value: string; lastChars: string }>();
  }

  const scim = (token: string, method: Step['method'], url: string, body?: unknown) =>
    t.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { ...bearer(token), 'content-type': 'application/scim+json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  async function memberOf(listId: string, employeeId: string) {
    const rows = await t.ctx.db
      .select()
      .from(listMembers)
      .where(and(eq(listMembers.listId, listId), eq(listMembers.employeeId, employeeId)));
    return rows.length > 0;
  }

  async function replay(file: string, token: string) {
    const vars: Record<string, string> = {};
    for (const raw of fixture(file).steps) {
      const step = fill(raw, vars);
      const res = await scim(token, step.method, step.path, step.body);
      expect(res.statusCode, `${file}: ${step.name}: ${res.body}`).toBe(step.expect.status);
      if (res.statusCode !== 204) expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
      if (step.expect.body) expect(res.json(), step.name).toMatchObject(step.expect.body as object);
      for (const [name, field] of Object.entries(step.expect.save ?? {})) vars[name] = res.json()[field];
      const db = t.ctx.db;
      if (step.expect.member) {
        const { group, user, is } = step.expect.member;
        expect(await memberOf(group, user), step.name).toBe(is);
      }
      if (step.expect.deprovisioned) {
        // Out of every list: no seat, nothing more sent; the employee and the SCIM user stay, inactive.
        const memberships = await db
          .select()
          .from(listMembers)
          .where(eq(listMembers.employeeId, step.expect.deprovisioned));
        expect(memberships, step.name).toEqual([]);
        const [row] = await db
          .select()
          .from(scimUsers)
          .where(eq(scimUsers.employeeId, step.expect.deprovisioned));
        expect(row?.active).toBe(false);
      }
      if (step.expect.inEveryone) {
        const [everyone] = await db
          .select()
          .from(scimGroups)
          .where(and(eq(scimGroups.companyId, company.id), eq(scimGroups.everyone, true)));
        expect(await memberOf(everyone!.listId, step.expect.inEveryone), step.name).toBe(true);
      }
      if (step.expect.erased) {
        const left = await db.select().from(employees).where(eq(employees.id, step.expect.erased));
        expect(left, step.name).toEqual([]);
      }
      if (step.expect.employeeName) {
        const [e] = await db.select().from(employees).where(eq(employees.id, step.expect.employeeName.user));
        expect(e?.name).toBe(step.expect.employeeName.name);
      }
    }
    return vars;
  }

  it('replays Entra ID’s provisioning: create, update, groups, deactivate with "False", delete', async () => {
    const token = await newToken('Entra ID');
    await replay('entra-id.json', token.value);
  });

  it('replays Okta’s provisioning: create, PUT, group push, path-less deactivate and reactivate, delete', async () => {
    const token = await newToken('Okta');
    await replay('okta.json', token.value);
  });

  it('makes the employee in the everyone list with source scim, and audit-logs each change as the token', async () => {
    const token = await newToken('Audited');
    const res = await scim(token.value, 'POST', '/Users', {
      schemas: [SCIM_SCHEMAS.user],
      userName: 'Audit.Person@scim.example',
      name: { givenName: 'Audit', familyName: 'Person' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toBe(`http://localhost:3000/scim/v2/Users/${res.json().id}`);
    const [e] = await t.ctx.db.select().from(employees).where(eq(employees.id, res.json().id));
    expect(e).toMatchObject({ email: 'audit.person@scim.example', name: 'Audit Person', source: 'scim' });
    const [everyone] = await t.ctx.db
      .select({ name: employeeLists.name, source: employeeLists.source })
      .from(scimGroups)
      .innerJoin(employeeLists, eq(employeeLists.id, scimGroups.listId))
      .where(and(eq(scimGroups.companyId, company.id), eq(scimGroups.everyone, true)));
    expect(everyone).toEqual({ name: 'SCIM users', source: 'scim' });
    // The everyone list is not a Group.
    const groups = (await scim(token.value, 'GET', '/Groups')).json();
    expect(groups.Resources.map((g: { displayName: string }) => g.displayName)).not.toContain('SCIM users');

    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, token.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      companyId: company.id,
      actorKind: 'scim',
      actorLabel: 'Audited',
      action: 'POST /scim/v2/Users',
      status: 201,
    });
  });

  it('pages users with startIndex and count', async () => {
    const token = await newToken('Pager');
    const res0 = await scim(token.value, 'GET', '/Users?count=0');
    const before = res0.json().totalResults as number;
    for (let i = 0; i < 3; i++)
      expect(
        (await scim(token.value, 'POST', '/Users', { userName: `page${i}@scim.example` })).statusCode,
      ).toBe(201);
    const page = (await scim(token.value, 'GET', `/Users?startIndex=${before + 2}&count=1`)).json();
    expect(page).toMatchObject({
      schemas: [SCIM_SCHEMAS.listResponse],
      totalResults: before + 3,
      startIndex: before + 2,
      itemsPerPage: 1,
    });
    expect(page.Resources[0].userName).toBe('page1@scim.example');
  });

  it('answers the discovery resources', async () => {
    const token = await newToken('Discovery');
    const config = await scim(token.value, 'GET', '/ServiceProviderConfig');
    expect(config.json()).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    const types = (await scim(token.value, 'GET', '/ResourceTypes')).json();
    expect(types.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = (await scim(token.value, 'GET', '/Schemas')).json();
    expect(schemas.totalResults).toBe(3);
    expect((await scim(token.value, 'GET', `/Schemas/${SCIM_SCHEMAS.user}`)).json().name).toBe('User');
  });

  it('keeps a token to its own company: another company’s users and groups match nothing', async () => {
    const ours = await newToken('Ours');
    const theirs = await newToken('Theirs', other.id, otherAdmin);
    const user = (await scim(ours.value, 'POST', '/Users', { userName: 'isolated@scim.example' })).json();
    const group = (
      await scim(ours.value, 'POST', '/Groups', { displayName: 'Isolated', members: [{ value: user.id }] })
    ).json();
    expect((await scim(theirs.value, 'GET', `/Users/${user.id}`)).statusCode).toBe(404);
    expect((await scim(theirs.value, 'GET', `/Groups/${group.id}`)).statusCode).toBe(404);
    const patch = {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    };
    expect((await scim(theirs.value, 'PATCH', `/Users/${user.id}`, patch)).statusCode).toBe(404);
    expect(
      (await scim(theirs.value, 'PUT', `/Users/${user.id}`, { userName: 'stolen@scim.example' })).statusCode,
    ).toBe(404);
    expect((await scim(theirs.value, 'DELETE', `/Users/${user.id}`)).statusCode).toBe(404);
    expect((await scim(theirs.value, 'DELETE', `/Groups/${group.id}`)).statusCode).toBe(404);
    const filtered = await scim(theirs.value, 'GET', '/Users?filter=userName eq "isolated@scim.example"');
    expect(filtered.json()).toMatchObject({ totalResults: 0, Resources: [] });
    // Their group cannot take our user as a member.
    const theirGroup = (await scim(theirs.value, 'POST', '/Groups', { displayName: 'Theirs' })).json();
    const add = {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'add', path: 'members', value: [{ value: user.id }] }],
    };
    expect((await scim(theirs.value, 'PATCH', `/Groups/${theirGroup.id}`, add)).statusCode).toBe(400);
    // The same userName may exist in both companies.
    expect(
      (await scim(theirs.value, 'POST', '/Users', { userName: 'isolated@scim.example' })).statusCode,
    ).toBe(201);
    const [still] = await t.ctx.db.select().from(scimUsers).where(eq(scimUsers.employeeId, user.id));
    expect(still).toMatchObject({ active: true, companyId: company.id });
    expect(await memberOf(group.id, user.id)).toBe(true);
  });

  it('refuses a missing, unknown, session or revoked token with 401 and a SCIM error', async () => {
    const token = await newToken('Revoked soon');
    expect((await scim(token.value, 'GET', '/Users')).statusCode).toBe(200);
    const revoke = await t.inject({
      method: 'DELETE',
      url: `/api/companies/${company.id}/scim/tokens/${token.id}`,
      headers: bearer(admin),
    });
    expect(revoke.statusCode).toBe(204);
    const refused = await scim(token.value, 'GET', '/Users');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      schemas: [SCIM_SCHEMAS.error],
      status: '401',
      detail: 'A valid SCIM token is required.',
    });
    expect(refused.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect((await t.inject({ method: 'GET', url: '/scim/v2/Users' })).statusCode).toBe(401);
    expect((await scim(admin, 'GET', '/Users')).statusCode).toBe(401);
    expect((await scim(`vigil_scim_${'A'.repeat(43)}`, 'GET', '/Users')).statusCode).toBe(401);
    // A revoked token stays listed, with when it was revoked; revoking it again is 404.
    const list = await t.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/scim/tokens`,
      headers: bearer(admin),
    });
    const row = list.json().rows.find((r: { id: string }) => r.id === token.id);
    expect(row.revoked).not.toBeNull();
    expect(list.json().baseUrl).toBe('http://localhost:3000/scim/v2');
    const again = await t.inject({
      method: 'DELETE',
      url: `/api/companies/${company.id}/scim/tokens/${token.id}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers malformed requests with 400 and a SCIM error', async () => {
    const token = await newToken('Malformed');
    const bad = await t.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { ...bearer(token.value), 'content-type': 'application/scim+json' },
      payload: '{"userName": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      schemas: [SCIM_SCHEMAS.error],
      status: '400',
      scimType: 'invalidSyntax',
    });
    const noName = await scim(token.value, 'POST', '/Users', { name: { givenName: 'x' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const noEmail = await scim(token.value, 'POST', '/Users', { userName: 'not-an-email' });
    expect(noEmail.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const filter = await scim(token.value, 'GET', '/Users?filter=name.givenName sw "x"');
    expect(filter.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    const user = (await scim(token.value, 'POST', '/Users', { userName: 'patchy@scim.example' })).json();
    const move = await scim(token.value, 'PATCH', `/Users/${user.id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'move', path: 'active', value: false }],
    });
    expect(move.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const notBoolean = await scim(token.value, 'PATCH', `/Users/${user.id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Replace', path: 'active', value: 'maybe' }],
    });
    expect(notBoolean.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const noOps = await scim(token.value, 'PATCH', `/Users/${user.id}`, { schemas: [SCIM_SCHEMAS.patchOp] });
    expect(noOps.statusCode).toBe(400);
    expect((await scim(token.value, 'GET', '/Users/not-a-uuid')).statusCode).toBe(404);
    expect((await scim(token.value, 'GET', '/Nothing')).json()).toMatchObject({ status: '404' });
  });

  it('refuses a create beyond the seats with a SCIM error and stores nothing', async () => {
    const small = await createCompany(t.ctx.db, { name: 'Small Co', subscription: { seats: 2 } });
    const m = await createManager(t.ctx.db);
    await addMember(t.ctx.db, small.id, m.id, 1);
    const token = await newToken('Seats', small.id, await signIn(t, m.id));
    for (const n of [1, 2])
      expect(
        (await scim(token.value, 'POST', '/Users', { userName: `seat${n}@small.example` })).statusCode,
      ).toBe(201);
    const third = await scim(token.value, 'POST', '/Users', { userName: 'seat3@small.example' });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({
      schemas: [SCIM_SCHEMAS.error],
      status: '403',
      detail: 'Employees limit reached.',
    });
    const left = await t.ctx.db.select().from(employees).where(eq(employees.email, 'seat3@small.example'));
    expect(left).toEqual([]);
  });

  it('lets admins only manage tokens, stores only their hash, and needs a plan with single sign-on', async () => {
    const token = await newToken('Hashed');
    expect(token.value).toMatch(/^vigil_scim_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.ctx.db.select().from(scimTokens).where(eq(scimTokens.id, token.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.value);
    const list = await t.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/scim/tokens`,
      headers: bearer(admin),
    });
    expect(list.body).not.toContain(token.value);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.inject({
        method,
        url: `/api/companies/${company.id}/scim/tokens`,
        headers: bearer(viewer),
        ...(method === 'POST' ? { payload: { name: 'x' } } : {}),
      });
      expect(res.statusCode).toBe(403);
    }
    const cross = await t.inject({
      method: 'DELETE',
      url: `/api/companies/${other.id}/scim/tokens/${token.id}`,
      headers: bearer(otherAdmin),
    });
    expect(cross.statusCode).toBe(404);

    const basic = await createCompany(t.ctx.db, {
      subscription: { definition: { trainingSubjects: 'all', assessmentQuestions: 'all', sso: false } },
    });
    const m = await createManager(t.ctx.db);
    await addMember(t.ctx.db, basic.id, m.id, 1);
    const session = await signIn(t, m.id);
    const refused = await t.inject({
      method: 'POST',
      url: `/api/companies/${basic.id}/scim/tokens`,
      headers: bearer(session),
      payload: { name: 'No SSO' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
