import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_MESSAGES, IMPORT_ERRORS, IMPORT_LIMITS, MESSAGES } from '@vigil/shared';
import { companies, employees, listMembers } from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';

describe.each(testDatabases())('employees on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let otherCompany: { id: string };
  let admin: string;
  let viewer: string;
  let outsider: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Import Co', subscription: { seats: 20 } });
    otherCompany = await createCompany(db, { name: 'Other Co' });
    const a = await createManager(db);
    const v = await createManager(db);
    const o = await createManager(db);
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, v.id, 2);
    await addMember(db, otherCompany.id, o.id, 1);
    [admin, viewer, outsider] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.inject({ method, url: `/api/companies/${company.id}${url}`, headers: bearer(token), payload });

  async function newList(name: string) {
    const res = await call('POST', '/lists', admin, { name });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; name: string };
  }

  it('creates, renames and lists lists; viewers read but cannot write', async () => {
    const list = await newList('Finance');
    expect(list).toMatchObject({ name: 'Finance', usersCount: 0, source: 'manual' });
    expect((await call('POST', '/lists', viewer, { name: 'Nope' })).statusCode).toBe(403);
    const empty = await call('POST', '/lists', admin, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ message: MESSAGES.required }]);

    const renamed = await call('PUT', `/lists/${list.id}`, admin, { name: 'Finance & Legal' });
    expect(renamed.json().name).toBe('Finance & Legal');
    const all = await call('GET', '/lists', viewer);
    expect(all.statusCode).toBe(200);
    expect(all.json().rows.map((l: { name: string }) => l.name)).toContain('Finance & Legal');
  });

  it('previews an import without storing anything, then stores every valid line at once', async () => {
    const list = await newList('Sales');
    const records = [
      'email;name;department',
      'Ann@Sales.example;Ann Lee;Sales',
      'bob@sales.example,"Bob, Jr.",Sales,emea',
      'not-an-email,Who',
      '',
      'ann@sales.example;Ann Again',
    ];
    const preview = await call('POST', '/createUsersBatch', admin, {
      listId: list.id,
      records,
      preview: true,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      added: 2,
      updated: 0,
      obsolete: 0,
      count_invalid: 2,
      records: 2,
      preview: true,
      data: [
        { lineNumber: 4, original: 'not-an-email,Who', error: IMPORT_ERRORS.emailInvalid },
        { lineNumber: 6, original: 'ann@sales.example;Ann Again', error: IMPORT_ERRORS.duplicate },
      ],
    });
    const stored = await t.ctx.db.select().from(employees).where(eq(employees.companyId, company.id));
    expect(stored).toHaveLength(0);

    const done = await call('POST', '/createUsersBatch', admin, { listId: list.id, records, preview: false });
    expect(done.json()).toMatchObject({ added: 2, preview: false });
    const page = await call('GET', `/lists/${list.id}/users?sort=name`, viewer);
    expect(page.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(
      page
        .json()
        .rows.map((r: { email: string; user_name: string; tags: string[] }) => [
          r.email,
          r.user_name,
          r.tags,
        ]),
    ).toEqual([
      ['ann@sales.example', 'Ann Lee', []],
      ['bob@sales.example', 'Bob, Jr.', ['emea']],
    ]);
  });

  it('reports updated and obsolete employees and removes the obsolete only when asked', async () => {
    const list = await newList('Ops');
    await call('POST', '/createUsersBatch', admin, {
      listId: list.id,
      records: ['a@ops.example,A', 'b@ops.example,B', 'c@ops.example,C'],
      preview: false,
    });
    const next = ['a@ops.example,A', 'b@ops.example,B Renamed'];
    const kept = await call('POST', '/createUsersBatch', admin, {
      listId: list.id,
      records: next,
      preview: false,
    });
    expect(kept.json()).toMatchObject({ added: 0, updated: 1, obsolete: 1, removed: 0 });
    expect(kept.json().obsoleteUsers).toEqual([{ email: 'c@ops.example', name: 'C', listName: 'Ops' }]);
    expect((await call('GET', `/lists/${list.id}/users`, admin)).json().total).toBe(3);

    const removed = await call('POST', '/createUsersBatch', admin, {
      listId: list.id,
      records: next,
      preview: false,
      removeObsolete: true,
    });
    expect(removed.json()).toMatchObject({ obsolete: 1, removed: 1 });
    const rows = (await call('GET', `/lists/${list.id}/users`, admin)).json().rows;
    expect(rows.map((r: { email: string; user_name: string }) => `${r.email}:${r.user_name}`)).toEqual([
      'a@ops.example:A',
      'b@ops.example:B Renamed',
    ]);
  });

  it('creates a new list from an import by name and counts an employee in two lists once', async () => {
    const res = await call('POST', '/createUsersBatch', admin, {
      listName: 'Everyone',
      records: ['a@ops.example', 'new@ops.example,New Person'],
      preview: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().newLists).toEqual([{ id: expect.any(String), name: 'Everyone' }]);
    const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row).toBeDefined();
    const me = (await call('GET', '', admin)).json();
    // ann, bob (Sales) + a, b (Ops) + new: a appears in two lists but takes one seat; c, removed from
    // Ops, was in a list this billing month and keeps its seat until the month ends (spec 3 FAQ).
    expect(me.users_total).toBe(6);
    expect(me.canAddUsers).toBe(true);
  });

  it('refuses empty input and files without rows with the spec messages', async () => {
    const list = await newList('Empty');
    const none = await call('POST', '/createUsersBatch', admin, {
      listId: list.id,
      records: [],
      preview: true,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ message: IMPORT_ERRORS.noData }]);
    // A file of blank lines has no rows, as the import dialog says before it is sent.
    const blank = await call('POST', '/createUsersBatch', admin, {
      listId: list.id,
      records: ['', '  ', '\t'],
      preview: true,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ message: IMPORT_ERRORS.noRows }]);
    const headerOnly = await call('POST', '/createUsersBatch', admin, {
      listId: list.id,
      records: ['Email,Name'],
      preview: true,
    });
    expect(headerOnly.json().errors).toEqual([{ message: IMPORT_ERRORS.noRows }]);
    const noList = await call('POST', '/createUsersBatch', admin, {
      records: ['x@y.example'],
      preview: true,
    });
    expect(noList.json().errors).toEqual([{ message: EMPLOYEE_MESSAGES.noListSelected }]);
  });

  it('reports a line over the length limit as a line error, not the whole request', async () => {
    const list = await newList('Long lines');
    const long = `long@ops.example;${'x'.repeat(IMPORT_LIMITS.maxLineLength)}`;
    const res = await call('POST', '/createUsersBatch', admin, {
      listId: list.id,
      records: ['ok@ops.example;Ok', long],
      preview: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      added: 1,
      count_invalid: 1,
      data: [{ lineNumber: 2, original: `${long.slice(0, 100)}…`, error: IMPORT_ERRORS.lineTooLong }],
    });
  });

  it('refuses an upload over the size limit with a clear message and stores nothing', async () => {
    const list = await newList('Huge');
    const line = `${'x'.repeat(1990)}@big.example`;
    const records = Array.from({ length: 13_500 }, () => line);
    const res = await call('POST', '/createUsersBatch', admin, { listId: list.id, records, preview: false });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Payload Too Large', description: 'The upload is too large.' });
    expect((await call('GET', `/lists/${list.id}/users`, admin)).json().total).toBe(0);
  });

  it('refuses adding past the seats with "Employees limit reached." and stores nothing', async () => {
    const list = await newList('Big');
    const records = Array.from({ length: 16 }, (_, i) => `seat${i}@big.example`);
    const res = await call('POST', '/createUsersBatch', admin, { listId: list.id, records, preview: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'limit_reached', description: EMPLOYEE_MESSAGES.limitReached });
    expect((await call('GET', `/lists/${list.id}/users`, admin)).json().total).toBe(0);

    const manual = await call('POST', `/lists/${list.id}/users`, admin, {
      users: [
        { email: 'one@big.example', name: 'One' },
        { email: '', name: '' },
        { email: 'two@big.example', name: '' },
      ],
    });
    expect(manual.json()).toEqual({ added: 2, updated: 0 });
    const full = (await call('GET', '', admin)).json();
    expect(full.users_total).toBe(8);
    const badRow = await call('POST', `/lists/${list.id}/users`, admin, {
      users: [{ email: '', name: 'No Email' }],
    });
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json().errors).toEqual([{ message: IMPORT_ERRORS.emailInvalid }]);
  });

  it('pages, sorts and searches the employee table on the server', async () => {
    const list = await newList('Paged');
    const otherList = await newList('Spare');
    await call('DELETE', `/lists/${otherList.id}`, admin);
    await t.ctx.db.update(companies).set({ updatedAt: new Date() });
    const records = Array.from({ length: 2 }, (_, i) => `p${i}@paged.example,Person ${i}`);
    await call('POST', '/createUsersBatch', admin, { listId: list.id, records, preview: false });
    const page2 = await call(
      'GET',
      `/lists/${list.id}/users?page=2&pageSize=5&sort=email&order=desc`,
      viewer,
    );
    expect(page2.json()).toMatchObject({ total: 2, page: 2, pageSize: 5, rows: [] });
    const search = await call('GET', `/lists/${list.id}/users?q=person%201`, viewer);
    expect(search.json().rows.map((r: { email: string }) => r.email)).toEqual(['p1@paged.example']);
    const wild = await call('GET', `/lists/${list.id}/users?q=%25`, viewer);
    expect(wild.json().total).toBe(0);
    expect((await call('GET', `/lists/${list.id}/users?pageSize=7`, viewer)).statusCode).toBe(400);
  });

  it('shows an employee, deletes one from a list (admins only) and removes a list with its members', async () => {
    const list = await newList('Detail');
    await call('POST', `/lists/${list.id}/users`, admin, {
      users: [{ email: 'dee@detail.example', name: 'Dee' }],
    });
    const detail = await call('GET', `/lists/${list.id}/users/DEE@detail.example`, viewer);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      email: 'dee@detail.example',
      user_name: 'Dee',
      anonymous: false,
      lists: [{ id: list.id, name: 'Detail' }],
      subjects: [],
    });
    expect((await call('DELETE', `/lists/${list.id}/users/dee@detail.example`, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `/lists/${list.id}/users/dee@detail.example`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/lists/${list.id}/users/dee@detail.example`, admin)).statusCode).toBe(404);

    await call('POST', `/lists/${list.id}/users`, admin, {
      users: [{ email: 'eve@detail.example', name: 'Eve' }],
    });
    expect((await call('DELETE', `/lists/${list.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/lists/${list.id}`, admin)).statusCode).toBe(404);
    const left = await t.ctx.db.select().from(listMembers).where(eq(listMembers.listId, list.id));
    expect(left).toHaveLength(0);
  });

  it('keeps every list and employee inside its company', async () => {
    const list = await newList('Private');
    await call('POST', `/lists/${list.id}/users`, admin, {
      users: [{ email: 'secret@private.example', name: 'S' }],
    });
    const asOutsider = (url: string) =>
      t.inject({ method: 'GET', url: `/api/companies/${otherCompany.id}${url}`, headers: bearer(outsider) });
    expect((await asOutsider(`/lists/${list.id}`)).statusCode).toBe(404);
    expect((await asOutsider(`/lists/${list.id}/users`)).statusCode).toBe(404);
    expect((await asOutsider(`/lists/${list.id}/users/secret@private.example`)).statusCode).toBe(404);
    const batch = await t.inject({
      method: 'POST',
      url: `/api/companies/${otherCompany.id}/createUsersBatch`,
      headers: bearer(outsider),
      payload: { listId: list.id, records: ['x@y.example'], preview: false },
    });
    expect(batch.statusCode).toBe(404);
    expect((await call('GET', '/lists', outsider)).statusCode).toBe(404);
  });

  it('hides per-user details once tracking is anonymous, irreversibly', async () => {
    const list = await newList('Anon');
    await call('POST', `/lists/${list.id}/users`, admin, {
      users: [{ email: 'anon@anon.example', name: 'Anon' }],
    });
    expect((await call('POST', '/switchTrackingAnonymous', viewer)).statusCode).toBe(403);
    const switched = await call('POST', '/switchTrackingAnonymous', admin);
    expect(switched.json().anonymousTracking).toBe(1);
    const detail = (await call('GET', `/lists/${list.id}/users/anon@anon.example`, admin)).json();
    expect(detail).toMatchObject({ anonymous: true, email: '', user_name: '', lists: [] });
    const saved = await call('PUT', '', admin, { company_name: 'Import Co Renamed' });
    expect(saved.json().anonymousTracking).toBe(1);
  });

  it('refuses control characters in list and employee names, and emails off the standard pattern', async () => {
    // A company of its own, so that its employees count against no other test.
    const own = await createCompany(t.ctx.db);
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, own.id, manager.id, 1);
    const token = await signIn(t, manager.id);
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.inject({ method, url: `/api/companies/${own.id}${url}`, headers: bearer(token), payload });
    const refused = { message: MESSAGES.controlCharacters };
    for (const name of ['Fin\u0000ance', 'Fin\u0007ance', 'Line\nbreak']) {
      const created = await call('POST', '/lists', { name });
      expect(created.statusCode, JSON.stringify(name)).toBe(400);
      expect(created.json().errors).toEqual([refused]);
    }
    const list = (await call('POST', '/lists', { name: 'Clean list' })).json() as { id: string };
    const renamed = await call('PUT', `/lists/${list.id}`, { name: 'Nul\u0000' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([refused]);

    const add = (users: object[]) => call('POST', `/lists/${list.id}/users`, { users });
    const nul = await add([{ email: 'nul@clean.example', name: 'Nu\u0000l' }]);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual([refused]);
    for (const email of ['a\u0001b@clean.example', '<svg>@clean.example', 'x@<svg onload=1>.example']) {
      const res = await add([{ email, name: 'Eve' }]);
      expect(res.statusCode, JSON.stringify(email)).toBe(400);
      expect(res.json().errors).toEqual([{ message: IMPORT_ERRORS.emailInvalid }]);
    }

    const imported = await call('POST', '/createUsersBatch', {
      listId: list.id,
      preview: false,
      records: [
        'ok@clean.example,Ok',
        'bell@clean.example,Be\u0007ll',
        'svg@clean.example,Sv\u001bg',
        '<svg>@clean.example,X',
      ],
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ added: 1, count_invalid: 3 });
    expect(imported.json().data.map((e: { error: string }) => e.error)).toEqual([
      IMPORT_ERRORS.controlCharacters,
      IMPORT_ERRORS.controlCharacters,
      IMPORT_ERRORS.emailInvalid,
    ]);
    const stored = await t.ctx.db.select().from(employees).where(eq(employees.companyId, own.id));
    expect(stored.map((e) => e.email)).toEqual(['ok@clean.example']);
  });
});
