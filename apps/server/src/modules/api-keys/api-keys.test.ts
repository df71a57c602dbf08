import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, employees } from '../../db/schema/index.ts';
import { seedAssessment } from '../../test/assessment-reports.fixture.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';

const RATE_LIMIT = 25;

describe.each(testDatabases())('API keys, the public API and the audit log on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let other: { id: string };
  let admin: string;
  let viewer: string;
  let outsider: string;
  let adminEmail: string;
  let viewerEmail: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { API_RATE_LIMIT: String(RATE_LIMIT) });
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Keys Co', subscription: { seats: 500 } });
    other = await createCompany(db, { name: 'Other Co' });
    const a = await createManager(db);
    adminEmail = a.email;
    const v = await createManager(db);
    viewerEmail = v.email;
    const o = await createManager(db);
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, v.id, 2);
    await addMember(db, other.id, o.id, 1);
    [admin, viewer, outsider] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const manage = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.inject({ method, url: `/api/companies/${company.id}${url}`, headers: bearer(token), payload });
  const v1 = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    key: string,
    payload?: object,
  ) => t.inject({ method, url: `/api/v1${url}`, headers: bearer(key), payload });

  async function newKey(name: string, companyId = company.id, token = admin) {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/apikeys`,
      headers: bearer(token),
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string; name: string; value: string; lastChars: string }>();
  }

  it('creates a key shown once, stores only its hash, lists its last characters, renames and deletes it', async () => {
    const key = await newKey('HR sync');
    expect(key.value).toMatch(/^vigil_[A-Za-z0-9_-]{43}$/);
    expect(key.lastChars).toBe(key.value.slice(-4));
    const [stored] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stored!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.value);

    const list = await manage('GET', '/apikeys', admin);
    expect(list.statusCode).toBe(200);
    const row = list.json().rows.find((r: { id: string }) => r.id === key.id);
    expect(row).toMatchObject({ name: 'HR sync', lastChars: key.lastChars, lastUsed: null });
    expect(list.body).not.toContain(key.value);

    const renamed = await manage('PUT', `/apikeys/${key.id}`, admin, { name: 'HRIS' });
    expect(renamed.json()).toMatchObject({ id: key.id, name: 'HRIS' });
    expect((await manage('PUT', `/apikeys/${key.id}`, admin, { name: ' ' })).statusCode).toBe(400);

    expect((await v1('GET', '/lists', key.value)).statusCode).toBe(200);
    // The call marked the key used.
    const used = (await manage('GET', '/apikeys', admin))
      .json()
      .rows.find((r: { id: string }) => r.id === key.id);
    expect(used.lastUsed).not.toBeNull();
    expect((await manage('DELETE', `/apikeys/${key.id}`, admin)).statusCode).toBe(204);
    // A deleted (revoked) key is 401 at once.
    const revoked = await v1('GET', '/lists', key.value);
    expect(revoked.statusCode).toBe(401);
    expect((await manage('DELETE', `/apikeys/${key.id}`, admin)).statusCode).toBe(404);
  });

  it('lets admins only manage keys, and only their own company’s', async () => {
    const key = await newKey('Guarded');
    expect((await manage('GET', '/apikeys', viewer)).statusCode).toBe(403);
    expect((await manage('POST', '/apikeys', viewer, { name: 'x' })).statusCode).toBe(403);
    expect((await manage('DELETE', `/apikeys/${key.id}`, viewer)).statusCode).toBe(403);
    expect((await manage('GET', '/apikeys', outsider)).statusCode).toBe(404);
    // An admin of another company cannot reach this company's key through their own company's path.
    const cross = await t.inject({
      method: 'DELETE',
      url: `/api/companies/${other.id}/apikeys/${key.id}`,
      headers: bearer(outsider),
    });
    expect(cross.statusCode).toBe(404);
    expect((await manage('GET', '/apikeys', admin)).json().rows.map((r: { id: string }) => r.id)).toContain(
      key.id,
    );
  });

  it('documents the public API at /api/docs', async () => {
    const doc = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const p of [
      '/api/v1/employees',
      '/api/v1/lists/import',
      '/api/v1/programs/{id}/stop',
      '/api/v1/assessments/{id}/results',
    ])
      expect(paths).toContain(p);
    const results = doc.json().paths['/api/v1/employees/{id}/results'].get.responses['200'];
    expect(JSON.stringify(results)).toContain('behaviours');
    const hooks = doc.json().paths['/api/companies/{id}/webhooks/{endpointId}'];
    expect(Object.keys(hooks)).toEqual(expect.arrayContaining(['patch', 'delete']));
    expect(paths).toContain('/api/companies/{id}/webhooks/{endpointId}/test');
    expect((await t.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('refuses calls without a key, with a session token, or with a made-up key', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/v1/employees' })).statusCode).toBe(401);
    expect((await v1('GET', '/employees', admin)).statusCode).toBe(401);
    expect((await v1('GET', '/employees', `vigil_${'A'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('keeps a key to its own company: another company’s ids match nothing', async () => {
    const otherKey = await newKey('Other', other.id, outsider);
    const ours = await newKey('Ours');
    const list = await v1('POST', '/lists', ours.value, { name: 'Ours only' });
    expect(list.statusCode).toBe(200);
    const listId = list.json().id;
    expect((await v1('GET', `/lists/${listId}`, otherKey.value)).statusCode).toBe(404);
    expect((await v1('DELETE', `/lists/${listId}`, otherKey.value)).statusCode).toBe(404);
    expect((await v1('GET', `/lists/${listId}/employees`, otherKey.value)).statusCode).toBe(404);
    expect((await v1('GET', `/lists/${listId}/employees`, ours.value)).json()).toEqual({
      data: [],
      next: null,
    });
    const theirs = await v1('GET', '/lists', otherKey.value);
    expect(theirs.json().data.map((l: { id: string }) => l.id)).not.toContain(listId);
    // The manager-side path of the other company is not reachable with a key at all.
    const managerSide = await t.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/lists`,
      headers: bearer(ours.value),
    });
    expect(managerSide.statusCode).toBe(401);
  });

  it('manages employees and lists: import with the CSV rules, pages by cursor, updates and deletes', async () => {
    const key = await newKey('Directory');
    const list = (await v1('POST', '/lists', key.value, { name: 'Imported' })).json();
    const records = [
      'email;name;department',
      ...Array.from({ length: 7 }, (_, i) => `p${i}@dir.example;Person ${i};Ops`),
      'not-an-email',
    ];
    const imported = await v1('POST', '/lists/import', key.value, {
      listId: list.id,
      records,
      preview: false,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 7, count_invalid: 1 });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const page = await v1('GET', `/employees${query}`, key.value);
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json<{ data: { email: string }[]; next: string | null }>();
      expect(body.data.length).toBeLessThanOrEqual(3);
      seen.push(...body.data.map((e) => e.email));
      cursor = body.next;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(7);
    expect((await v1('GET', '/employees?cursor=bm9wZQ', key.value)).statusCode).toBe(400);

    const members = await v1('GET', `/lists/${list.id}/employees?limit=5`, key.value);
    expect(members.json().data).toHaveLength(5);
    const rest = await v1(
      'GET',
      `/lists/${list.id}/employees?limit=5&cursor=${members.json().next}`,
      key.value,
    );
    expect(rest.json()).toMatchObject({ next: null });
    expect(rest.json().data).toHaveLength(2);
    const memberEmails = [...members.json().data, ...rest.json().data].map((e: { email: string }) => e.email);
    expect(new Set(memberEmails).size).toBe(7);
    // A cursor of one list is refused by another kind of page.
    expect((await v1('GET', `/employees?cursor=${members.json().next}`, key.value)).statusCode).toBe(400);

    const [p0] = await t.ctx.db.select().from(employees).where(eq(employees.email, 'p0@dir.example'));
    const patched = await v1('PATCH', `/employees/${p0!.id}`, key.value, { name: 'Renamed Person' });
    expect(patched.json()).toMatchObject({ id: p0!.id, name: 'Renamed Person', email: 'p0@dir.example' });
    expect((await v1('PATCH', `/employees/${p0!.id}`, key.value, {})).statusCode).toBe(400);
    const results = await v1('GET', `/employees/${p0!.id}/results`, key.value);
    expect(results.json()).toMatchObject({ started: false, subjects: [], assessments: [] });
    expect((await v1('DELETE', `/employees/${p0!.id}`, key.value)).statusCode).toBe(204);
    expect((await v1('GET', `/employees/${p0!.id}`, key.value)).statusCode).toBe(404);

    const added = await v1('POST', `/lists/${list.id}/employees`, key.value, {
      users: [{ email: 'new@dir.example', name: 'New One' }],
    });
    expect(added.json()).toEqual({ added: 1, updated: 0 });
  });

  it('reads programs and assessments with their results, and refuses what the services refuse', async () => {
    const key = await newKey('Programs');
    const programs = await v1('GET', '/programs', key.value);
    expect(programs.statusCode, programs.body).toBe(200);
    expect(programs.json()).toEqual({ data: [], next: null });
    const assessments = await v1('GET', '/assessments', key.value);
    expect(assessments.statusCode, assessments.body).toBe(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await v1('GET', `/programs/${missing}`, key.value)).statusCode).toBe(404);
    expect((await v1('POST', `/programs/${missing}/stop`, key.value)).statusCode).toBe(404);
    expect((await v1('GET', `/assessments/${missing}/results`, key.value)).statusCode).toBe(404);
    expect((await v1('POST', '/programs', key.value, { name: 'x' })).statusCode).toBe(400);

    // A program started through the API runs, reports its employees, and stops.
    const list = (await v1('POST', '/lists', key.value, { name: 'Trainees' })).json();
    await v1('POST', `/lists/${list.id}/employees`, key.value, {
      users: [{ email: 'trainee@dir.example', name: 'Tina Trainee' }],
    });
    const started = await v1(
      'POST',
      '/programs',
      key.value,
      sendNowProgram('API program', ['spot-the-phish'], [list.id]),
    );
    expect(started.statusCode, started.body).toBe(200);
    const programId = started.json().automation.id;
    expect(started.json().automation.status).not.toBe('draft');
    const listed = await v1('GET', '/programs?limit=1', key.value);
    expect(listed.json().data.map((p: { id: string }) => p.id)).toEqual([programId]);
    const view = await v1('GET', `/programs/${programId}`, key.value);
    expect(view.statusCode, view.body).toBe(200);
    const results = await v1('GET', `/programs/${programId}/results`, key.value);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().data).toEqual([
      expect.objectContaining({ email: 'trainee@dir.example', started: false }),
    ]);
    const stopped = await v1('POST', `/programs/${programId}/stop`, key.value);
    expect(stopped.json()).toEqual({ success: true });
    // A viewer's session is not a key; another company's key does not see the program.
    expect((await v1('GET', `/programs/${programId}`, viewer)).statusCode).toBe(401);

    // An assessment's results: resilience by threat area and key behaviour.
    const seeded = await seedAssessment(t.ctx.db, company.id, 'API check');
    const overview = await v1('GET', `/assessments/${seeded.id}/results`, key.value);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().usersFinished).toBeGreaterThan(0);
    expect(overview.json().threatAreas.length).toBeGreaterThan(0);
    expect(overview.json().keyBehaviours.length).toBeGreaterThan(0);
    const one = await v1('GET', `/assessments/${seeded.id}`, key.value);
    expect(one.statusCode, one.body).toBe(200);
    const aliceResults = await v1('GET', `/employees/${seeded.employees.alice}/results`, key.value);
    expect(aliceResults.json().assessments).toEqual([expect.objectContaining({ id: seeded.id })]);
    // Per employee: the resilience score by threat area and key behaviour, named as the reports name them.
    type Scores = {
      assessmentId: string;
      resilience: number;
      areas: { id: string; name: string; score: number }[];
      behaviours: { code: string; name: string; areaId: string; score: number }[];
    };
    const [alice] = aliceResults.json<{ resilience: Scores[] }>().resilience;
    expect(alice).toMatchObject({ assessmentId: seeded.id, name: 'API check', resilience: 100 });
    const areaNames = overview.json().threatAreas.map((a: { area: string }) => a.area);
    expect(alice!.areas.map((a) => a.name).sort()).toEqual([...areaNames].sort());
    expect(alice!.areas.every((a) => a.score === 100)).toBe(true);
    expect(alice!.behaviours.length).toBeGreaterThan(0);
    const bobResults = await v1('GET', `/employees/${seeded.employees.bob}/results`, key.value);
    const [bob] = bobResults.json<{ resilience: Scores[] }>().resilience;
    expect(bob!.resilience).toBe(44);
    expect(bob!.areas.some((a) => a.score < 100)).toBe(true);
    expect(bob!.behaviours.every((b) => bob!.areas.some((a) => a.id === b.areaId))).toBe(true);
    // Who has not finished has no scores yet.
    const eve = await v1('GET', `/employees/${seeded.employees.eve}/results`, key.value);
    expect(eve.json().resilience).toEqual([]);
  });

  it('keeps anonymous tracking: no name or email, no per-employee results', async () => {
    const seeded = await seedAssessment(t.ctx.db, other.id, 'Anonymous check');
    await t.inject({
      method: 'POST',
      url: `/api/companies/${other.id}/switchTrackingAnonymous`,
      headers: bearer(outsider),
    });
    const key = await newKey('Anonymous', other.id, outsider);
    const directory = await v1('GET', '/employees', key.value);
    expect(directory.statusCode).toBe(200);
    expect(directory.json().data.length).toBeGreaterThan(0);
    for (const e of directory.json().data) expect(e).toMatchObject({ email: '', name: '' });
    const alice = await v1('GET', `/employees/${seeded.employees.alice}`, key.value);
    expect(alice.json()).toMatchObject({ email: '', name: '' });
    expect((await v1('GET', `/employees/${seeded.employees.alice}/results`, key.value)).statusCode).toBe(403);
    const overview = await v1('GET', `/assessments/${seeded.id}/results`, key.value);
    expect(overview.statusCode).toBe(200);
    expect(overview.body).not.toMatch(/alice|@staff\.example/i);
  });

  it('limits each key’s calls per minute: 429 with Retry-After, other keys unaffected', async () => {
    const busy = await newKey('Busy');
    const calm = await newKey('Calm');
    for (let i = 0; i < RATE_LIMIT; i++) expect((await v1('GET', '/lists', busy.value)).statusCode).toBe(200);
    const limited = await v1('GET', '/lists', busy.value);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await v1('GET', '/lists', calm.value)).statusCode).toBe(200);
  });

  it('writes an audit row for every change by a manager or a key, with settings before and after', async () => {
    const key = await newKey('Audited');
    await v1('POST', '/lists', key.value, { name: 'By key' });
    const rename = await manage('PUT', '', admin, { company_name: 'Keys Company' });
    expect(rename.statusCode, rename.body).toBe(200);
    // A refused change is not a change.
    await manage('POST', '/apikeys', viewer, { name: 'nope' });

    const log = await manage('GET', '/audit?limit=200', admin);
    expect(log.statusCode).toBe(200);
    const rows = log.json<{
      rows: {
        actor: string;
        actorKind: string;
        action: string;
        before: unknown;
        after: unknown;
        ip: string | null;
      }[];
    }>().rows;
    const byKey = rows.find(
      (r) => r.actorKind === 'api-key' && r.action === 'POST /api/v1/lists' && r.actor === 'Audited',
    );
    expect(byKey).toBeDefined();
    const settings = rows.find((r) => r.action === 'PUT /api/companies/:id');
    expect(settings).toMatchObject({ actor: adminEmail, actorKind: 'manager' });
    expect(settings!.before).toMatchObject({ company_name: 'Keys Co' });
    expect(settings!.after).toMatchObject({ company_name: 'Keys Company' });
    expect(settings!.ip).toBeTruthy();
    expect(rows.some((r) => r.actor === viewerEmail)).toBe(false);

    // Filters and a page cursor.
    const onlyKeys = await manage('GET', '/audit?actor=Audited', admin);
    expect(onlyKeys.json().rows.every((r: { actor: string }) => r.actor === 'Audited')).toBe(true);
    const first = await manage('GET', '/audit?limit=2', admin);
    expect(first.json().rows).toHaveLength(2);
    const second = await manage('GET', `/audit?limit=2&cursor=${first.json().next}`, admin);
    expect(Number(second.json().rows[0].id)).toBeLessThan(Number(first.json().rows[1].id));
    const future = await manage('GET', '/audit?from=2999-01-01', admin);
    expect(future.json().rows).toEqual([]);

    // Admins only; another company sees none of it.
    expect((await manage('GET', '/audit', viewer)).statusCode).toBe(403);
    const theirs = await t.inject({
      method: 'GET',
      url: `/api/companies/${other.id}/audit`,
      headers: bearer(outsider),
    });
    expect(theirs.json().rows.some((r: { actor: string }) => r.actor === adminEmail)).toBe(false);

    const csv = await t.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/audit/csv?token=${admin}&action=apikeys`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('POST /api/companies/:id/apikeys');
    expect(csv.body).not.toContain('PUT /api/companies/:id"');
  });

  it('refuses to update, delete or truncate audit rows', async () => {
    const refused = async (statement: Promise<unknown>) => {
      const err = await statement.then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      expect(err, 'the statement went through').not.toBeNull();
      expect(String(err!.cause?.message ?? err!.message)).toMatch(/append-only/);
    };
    await refused(t.ctx.db.update(auditLog).set({ actorLabel: 'someone else' }));
    await refused(t.ctx.db.delete(auditLog));
    await refused(t.ctx.db.execute(sql`truncate audit_log`));
    const [{ n }] = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)) as [
      { n: number },
    ];
    expect(n).toBeGreaterThan(0);
  });
});
