import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { employees } from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';

/**
 * A list's member count is kept on the list by triggers (migration 0022); the lists read it instead of
 * counting. It must equal a full recount after every kind of write: adds, imports with and without
 * removing the obsolete, a member removed, an employee erased, a list deleted, and concurrent writers.
 */
describe.each(testDatabases())('kept list member counts on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    company = await createCompany(t.ctx.db, { name: 'Counted Co', subscription: { seats: 1000 } });
    const a = await createManager(t.ctx.db);
    await addMember(t.ctx.db, company.id, a.id, 1);
    admin = await signIn(t, a.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.inject({ method, url: `/api/companies/${company.id}${path}`, headers: bearer(admin), payload });

  /** What the lists answer, and what a full recount says, per list id. */
  async function keptAndCounted() {
    const rows = (await call('GET', '/lists')).json<{ rows: { id: string; usersCount: number }[] }>().rows;
    const counted = await queryRows<{ id: string; n: number }>(
      t.ctx.db,
      sql`select l.id, (select count(*)::int from list_members m where m.list_id = l.id) as n
        from employee_lists l where l.company_id = ${company.id}`,
    );
    return {
      kept: Object.fromEntries(rows.map((r) => [r.id, r.usersCount])),
      counted: Object.fromEntries(counted.map((r) => [r.id, Number(r.n)])),
    };
  }
  async function expectExact() {
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    return kept;
  }
  const newList = async (name: string) => (await call('POST', '/lists', { name })).json<{ id: string }>().id;
  const people = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@counted.example`, name: `P ${i}` }));

  it('follows adds, imports, removals, erasures and deletions', async () => {
    const a = await newList('A');
    const b = await newList('B');
    expect(await expectExact()).toEqual({ [a]: 0, [b]: 0 });

    await call('POST', `/lists/${a}/users`, { users: people('a', 5) });
    // The same people again add nobody.
    await call('POST', `/lists/${a}/users`, { users: people('a', 5) });
    expect((await expectExact())[a]).toBe(5);

    const records = [
      'email,name',
      ...people('a', 3).map((p) => `${p.email},${p.name}`),
      'b0@counted.example',
    ];
    const kept = await call('POST', '/createUsersBatch', { listId: b, records, preview: false });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await expectExact()).toEqual({ [a]: 5, [b]: 4 });

    // An import that removes the obsolete: A keeps only a0 and a1.
    const obsolete = ['email', 'a0@counted.example', 'a1@counted.example'];
    await call('POST', '/createUsersBatch', {
      listId: a,
      records: obsolete,
      preview: false,
      removeObsolete: true,
    });
    expect((await expectExact())[a]).toBe(2);

    expect((await call('DELETE', `/lists/${b}/users/b0@counted.example`)).statusCode).toBe(204);
    expect((await expectExact())[b]).toBe(3);

    // Erasing an employee takes their memberships everywhere (the key's cascade).
    const [a0] = await t.ctx.db.select().from(employees).where(eq(employees.email, 'a0@counted.example'));
    await t.ctx.db.delete(employees).where(eq(employees.id, a0!.id));
    expect(await expectExact()).toEqual({ [a]: 1, [b]: 2 });

    expect((await call('DELETE', `/lists/${a}`)).statusCode).toBeLessThan(300);
    expect(await expectExact()).toEqual({ [b]: 2 });
  });

  it('stays exact under concurrent writers to the same lists', async () => {
    const c = await newList('C');
    const d = await newList('D');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', `/lists/${i % 2 ? c : d}/users`, { users: people(`w${i % 3}-`, 20) }),
      ),
    );
    const kept = await expectExact();
    expect(kept[c]).toBe(60);
    expect(kept[d]).toBe(60);
  });
});
