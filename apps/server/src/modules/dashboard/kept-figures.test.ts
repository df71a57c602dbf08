/**
 * The kept figures and their inputs. A kept figure goes stale silently when something it reads
 * changes without telling it: these tests read which tables each kept figure's rule reads (from the
 * planner, so a new join is seen without anyone listing it here) and fail when one of them has no
 * trigger keeping the figure; and they run a varied sequence of writes through the services and compare
 * the dashboard's kept counts with a full recomputation after each.
 */
import { systemScope } from '../../lib/scope.ts';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, VIDEO_WATCHED_PERCENT } from '@vigil/shared';
import { queryRows, type Db } from '../../db/client.ts';
import {
  companies,
  companyStatistics,
  employeeLists,
  employees,
  learnerEvents,
  learnerTokens,
  listMembers,
  trainingLists,
  trainings,
} from '../../db/schema/index.ts';
import { managerScope, type TenantContext } from '../../http/tenant.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { rebuildAssessmentStats } from '../../lib/assessment-stats.ts';
import { DEMO } from '../demo/demo.data.ts';
import { loadDemoData } from '../demo/demo.service.ts';
import {
  addUsersToList,
  eraseEmployees,
  removeEmployeesFromCompany,
  removeList,
} from '../employees/employees.service.ts';
import { programCounts, programCountsQuery } from './dashboard.queries.ts';
import { companyStatistics as statisticsOf } from './dashboard.service.ts';

/** The tables a statement reads, as the planner has it (functions in SQL inlined). */
async function tablesRead(db: Db, query: SQL): Promise<string[]> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query}`);
  const plan = row!['QUERY PLAN'];
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Relation Name' && typeof value === 'string') names.add(value);
        else walk(value);
      }
    }
  };
  walk(typeof plan === 'string' ? JSON.parse(plan) : plan);
  return [...names].sort();
}

/** Per table: the kinds of statement (INSERT, UPDATE, DELETE) after which a trigger runs `fn`. */
async function triggersCalling(db: Db, fnPattern: string) {
  const rows = await queryRows<{ table: string; event: string }>(
    db,
    sql`select event_object_table as table, event_manipulation as event
        from information_schema.triggers
        where trigger_schema = 'public' and action_statement like ${`EXECUTE FUNCTION ${fnPattern}(%`}`,
  );
  const byTable = new Map<string, Set<string>>();
  for (const r of rows) byTable.set(r.table, (byTable.get(r.table) ?? new Set()).add(r.event));
  return byTable;
}

describe.each(testDatabases())('kept figures and their inputs on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let companyId: string;
  let tenant: TenantContext;

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.ctx.db;
    await loadDemoData(db);
    const [harbor] = await db.select().from(companies).where(eq(companies.name, DEMO.company.name));
    companyId = harbor!.id;
    tenant = managerScope(companyId, '00000000-0000-0000-0000-000000000001', ROLES.admin, [], 'superadmin');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('notes a change to every table the dashboard counts read, for every kind of statement', async () => {
    const inputs = await tablesRead(db, programCountsQuery(systemScope(companyId, 'test')));
    expect(inputs).toEqual(
      expect.arrayContaining([
        'assessment_lists',
        'assessments',
        'list_members',
        'training_lists',
        'trainings',
      ]),
    );
    const noted = await triggersCalling(db, 'note_company_figures_change');
    for (const table of inputs)
      expect([table, [...(noted.get(table) ?? [])].sort()]).toEqual([table, ['DELETE', 'INSERT', 'UPDATE']]);
  });

  it('keeps the programs’ per-employee rows on a change to every table their rules read', async () => {
    const nil = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`);
    const anyPair = sql`select * from training_participants_deliveries_of(${nil}, ${nil}, 1::smallint),
      training_participants_progress_of(${nil}, ${nil})`;
    const inputs = await tablesRead(db, anyPair);
    expect(inputs).toEqual(['training_deliveries', 'training_events', 'training_progress']);
    // The program's channel, read by the refresh (not by the pair's rule), has its own trigger.
    const kept = await triggersCalling(db, '%_keep_participants');
    for (const table of [...inputs, 'trainings']) expect([table, kept.has(table)]).toEqual([table, true]);
  });

  it('finishes a video subject at the mark the learner app calls watched', async () => {
    const finished = async (percent: number) => {
      const [row] = await queryRows<{ yes: boolean }>(
        db,
        sql`select subject_finished(1, ${percent}, 3, false, 2) as yes`,
      );
      return row!.yes;
    };
    expect(await finished(VIDEO_WATCHED_PERCENT)).toBe(true);
    expect(await finished(VIDEO_WATCHED_PERCENT - 1)).toBe(false);
  });

  it('keeps the dashboard counts equal to a full recomputation through a varied sequence of writes', async () => {
    const kept = async () => {
      await statisticsOf(db, tenant);
      const [row] = await db
        .select({ figures: companyStatistics.figures })
        .from(companyStatistics)
        .where(eq(companyStatistics.companyId, companyId));
      return row!.figures;
    };
    const check = async (step: string) => {
      expect([step, await kept()]).toEqual([step, await programCounts(db, systemScope(companyId, 'test'))]);
    };
    await check('first read');
    await check('second read, from the kept counts');

    const lists = await db.select().from(employeeLists).where(eq(employeeLists.companyId, companyId));
    const programs = await db.select().from(trainings).where(eq(trainings.companyId, companyId));
    const someone = async (offset: number) => {
      const rows = await db
        .select({ id: listMembers.employeeId })
        .from(listMembers)
        .where(eq(listMembers.companyId, companyId))
        .orderBy(listMembers.employeeId)
        .limit(1)
        .offset(offset);
      return rows[0]!.id;
    };

    await addUsersToList(t.ctx, tenant, lists[0]!.id, {
      users: [{ email: 'new.joiner@harbor-logistics.example', name: 'New Joiner' }],
    });
    await check('an employee added to a list');
    await removeEmployeesFromCompany(db, tenant, [await someone(0)]);
    await check('an employee removed from every list');
    await eraseEmployees(db, tenant, [await someone(1)]);
    await check('an employee erased');
    const running = programs.find((p) => p.status === 'active')!;
    await db.update(trainings).set({ status: 'completed' }).where(eq(trainings.id, running.id));
    await check('a program completed');
    const [oneList] = await db
      .select()
      .from(trainingLists)
      .where(eq(trainingLists.trainingId, running.id))
      .limit(1);
    const other = lists.find((l) => l.id !== oneList!.listId)!;
    await db
      .update(trainingLists)
      .set({ listId: other.id })
      .where(and(eq(trainingLists.trainingId, running.id), eq(trainingLists.listId, oneList!.listId)));
    await check('a program’s list replaced in place');
    await removeList(db, tenant, other.id);
    await check('a list deleted');
  });

  it('erases an employee with a full history: no row names them, every kept figure matches its rule', async () => {
    // Someone who received lessons, took some, and finished an assessment with scores.
    const [who] = await queryRows<{ id: string }>(
      db,
      sql`select p.employee_id::text as id from assessment_participants p
          where p.company_id = ${companyId} and p.finished_at is not null
            and exists (select 1 from assessment_scores s
                        where s.assessment_id = p.assessment_id and s.employee_id = p.employee_id)
            and exists (select 1 from training_progress tp where tp.employee_id = p.employee_id)
            and exists (select 1 from list_members m where m.employee_id = p.employee_id)
          limit 1`,
    );
    const id = who!.id;
    await db.insert(learnerTokens).values({ tokenHash: `erase-${id}`, employeeId: id, companyId });
    await db.insert(learnerEvents).values({ companyId, employeeId: id, code: 1 });
    const withEmployeeId = await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'employee_id' order by table_name`,
    );
    const naming = async () => {
      const found: string[] = [];
      for (const { table_name } of withEmployeeId) {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where employee_id = ${id}`,
        );
        if (row!.n > 0) found.push(table_name);
      }
      return found;
    };
    expect(await naming()).toEqual(
      expect.arrayContaining([
        'assessment_participants',
        'assessment_scores',
        'learner_events',
        'learner_tokens',
        'list_members',
        'training_deliveries',
        'training_participants',
        'training_progress',
      ]),
    );
    const [finished] = await queryRows<{ assessment_id: string }>(
      db,
      sql`select assessment_id::text from assessment_participants
          where employee_id = ${id} and finished_at is not null limit 1`,
    );

    // Another company's scope erases nothing.
    const [otherCompany] = await db.select().from(companies).where(ne(companies.id, companyId)).limit(1);
    const outsider = managerScope(otherCompany!.id, tenant.userId, ROLES.admin, [], 'superadmin');
    expect(await eraseEmployees(db, outsider, [id])).toBe(0);

    expect(await eraseEmployees(db, tenant, [id])).toBe(1);
    expect(await naming()).toEqual([]);
    expect(await db.select().from(employees).where(eq(employees.id, id))).toEqual([]);

    // The programs' per-employee rows, each as its rule gives it from the rows left.
    interface KeptPair {
      reached: boolean;
      opened: boolean;
      finished: number;
      views: number;
    }
    const pairs = (source: SQL) =>
      queryRows<KeptPair>(
        db,
        sql`select k.training_id::text, k.employee_id::text, coalesce(d.reached, false) as reached,
              coalesce(d.bounced, false) as bounced, coalesce(d.delivered_views, 0) as views,
              coalesce(p.opened, false) as opened, coalesce(p.finished, 0) as finished
            from ${source} k join trainings t on t.id = k.training_id
            cross join lateral training_participants_deliveries_of(k.training_id, k.employee_id, t.channel) d
            cross join lateral training_participants_progress_of(k.training_id, k.employee_id) p
            where t.company_id = ${companyId}
            order by 1, 2`,
      );
    const kept = await queryRows<KeptPair>(
      db,
      sql`select training_id::text, employee_id::text, reached, bounced, delivered_views as views, opened, finished
          from training_participants where company_id = ${companyId}
            and (reached or opened or finished > 0 or delivered_views > 0)
          order by 1, 2`,
    );
    const rule = await pairs(
      sql`(select training_id, employee_id from training_deliveries where delivery_reached(status)
           union select training_id, employee_id from training_progress)`,
    );
    expect(kept).toEqual(rule.filter((r) => r.reached || r.opened || r.finished > 0 || r.views > 0));

    // The assessment's kept aggregates as rebuilt from the participants left.
    const stats = () =>
      queryRows(
        db,
        sql`select list_id::text, kind, key, sum, count, at_risk from assessment_stats
            where assessment_id = ${finished!.assessment_id} order by 1, 2, 3`,
      );
    const afterErasure = await stats();
    await rebuildAssessmentStats(db, finished!.assessment_id);
    expect(afterErasure).toEqual(await stats());

    // The dashboard counts no longer count them.
    await statisticsOf(db, tenant);
    const [cards] = await db
      .select({ figures: companyStatistics.figures })
      .from(companyStatistics)
      .where(eq(companyStatistics.companyId, companyId));
    expect(cards!.figures).toEqual(await programCounts(db, systemScope(companyId, 'test')));
  });

  it('refuses a row about an employee under another company', async () => {
    const [mine] = await db.select().from(employees).where(eq(employees.companyId, companyId)).limit(1);
    const [otherCompany] = await db.select().from(companies).where(ne(companies.id, companyId)).limit(1);
    await expect(
      db
        .insert(learnerTokens)
        .values({ tokenHash: 'cross', employeeId: mine!.id, companyId: otherCompany!.id }),
    ).rejects.toThrow();
  });
});
