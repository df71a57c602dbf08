import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@vigil/shared';
import { addMember, bearer, createCompany, createManager, signIn } from '../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/harness.ts';

describe.each(testDatabases())('control characters on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let companyId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const manager = await createManager(t.ctx.db);
    const company = await createCompany(t.ctx.db);
    await addMember(t.ctx.db, company.id, manager.id, 1);
    companyId = company.id;
    token = await signIn(t, manager.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const refused = { error: 'Bad Request', errors: [{ message: MESSAGES.controlCharacters }] };

  it('answers a clear 400, never a 500, for NUL in any text of a request', async () => {
    const profile = await t.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: bearer(token),
      payload: { name: 'Ann', language: 'd\u0000e' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual(refused);

    const records = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/createUsersBatch`,
      headers: bearer(token),
      payload: { listName: 'Imported', records: ['ann@nul.example,An\u0000n'], preview: false },
    });
    expect(records.statusCode).toBe(400);
    expect(records.json()).toEqual(refused);

    const query = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/lists?q=%00`,
      headers: bearer(token),
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(refused);
  });

  it('refuses every control character in a name, and lets a clean one through', async () => {
    const rename = (name: string) =>
      t.inject({ method: 'PUT', url: '/api/auth/user', headers: bearer(token), payload: { name } });
    for (const name of ['Ann\u0001', 'Ann\u001b[31m', 'Ann\u007f', 'Ann\u0085']) {
      const res = await rename(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual(refused);
    }
    expect((await rename('Ann Lee-Müller')).statusCode).toBe(200);
  });
});
