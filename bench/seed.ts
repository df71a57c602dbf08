// What the benchmarks set up before they measure: a company with a signed-in admin, and employees in a
// list written set-based (not timed).
import { sql } from 'drizzle-orm';
import { arrayParam, type Db } from '../apps/server/src/db/client.ts';
import { demoPeople } from '../apps/server/src/modules/demo/demo.data.ts';
import { addMember, createCompany, createManager, signIn } from '../apps/server/src/test/factories.ts';
import type { TestApp } from '../apps/server/src/test/harness.ts';

/** A company with seats for `employees` twice over, and its admin's session token. */
export async function benchCompany(t: TestApp, employees: number) {
  const db = t.ctx.db;
  const company = await createCompany(db, { name: 'Bench Co', subscription: { seats: employees * 2 } });
  const admin = await createManager(db);
  await addMember(db, company.id, admin.id, 1);
  const token = await signIn(t, admin.id);
  return { company, admin, token };
}

/** `count` employees of the demo crowd, each in the list, with fresh planner statistics. */
export async function seedEmployees(
  db: Db,
  companyId: string,
  listId: string,
  count: number,
  units?: string[],
) {
  const people = demoPeople('bench.example', count);
  const unitOf = (i: number) => (units ? units[i % units.length]! : '');
  await db.execute(sql`
    insert into employees (company_id, email, name, unit)
    select ${companyId}::uuid, f.email, f.name, f.unit
    from unnest(${arrayParam(
      people.map((p) => p.email),
      'text',
    )}, ${arrayParam(
      people.map((p) => p.name),
      'text',
    )}, ${arrayParam(
      people.map((_, i) => unitOf(i)),
      'text',
    )}) as f(email, name, unit)`);
  await db.execute(sql`
    insert into list_members (list_id, employee_id, company_id)
    select ${listId}::uuid, id, company_id from employees where company_id = ${companyId}`);
  await db.execute(sql`analyze employees, list_members`);
}
