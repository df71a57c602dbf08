/**
 * The infosec board's standing: every employee still in a list counts once, with their latest finished
 * assessment; a small new assessment adds its results instead of replacing the company's figures, and
 * too few results show no score. Resilience scores of the fixture's answer sets: Alice 100, Bob 44.17,
 * Carol 23.33 (assessment-reports.test.ts works them out).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFOSEC_MIN_RESULTS, type InfosecSummary } from '@vigil/shared';
import { queryRows } from '../../db/client.ts';
import { systemScope } from '../../lib/scope.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { seedFinishedAssessment } from '../../test/assessment-reports.fixture.ts';
import { companyStanding, type StandingRow } from './assessment-reports.queries.ts';

const ALICE = 100;
const BOB = (70 / 3 + 65) / 2;
const CAROL = 70 / 3;
const mean = (scores: number[]) => Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);

/** The standing's rows read the slow way: every counted employee's own scores. */
const RECOMPUTED = (companyId: string) => sql`with latest as (
    select distinct on (p.employee_id) p.assessment_id, p.employee_id, p.score, p.finished_at
    from assessment_participants p
    join assessments a on a.id = p.assessment_id and a.company_id = ${companyId} and a.status <> 'draft'
    where p.company_id = ${companyId} and p.finished_at is not null and p.score is not null
      and exists (select 1 from list_members m where m.company_id = ${companyId} and m.employee_id = p.employee_id)
    order by p.employee_id, p.finished_at desc, p.assessment_id)
  select 1 as kind, '' as key, sum(l.score)::float8 as sum, count(*)::int as count
  from latest l having count(*) > 0
  union all
  select s.kind::int, s.key, sum(s.score)::float8, count(*)::int
  from latest l join assessment_scores s on s.assessment_id = l.assessment_id and s.employee_id = l.employee_id
    and s.kind in (2, 3)
  group by s.kind, s.key`;

const comparable = (rows: Pick<StandingRow, 'kind' | 'key' | 'sum' | 'count'>[]) =>
  rows
    .map((r) => ({ kind: r.kind, key: r.key, sum: Math.round(r.sum * 1e6) / 1e6, count: r.count }))
    .sort((a, b) => `${a.kind}|${a.key}`.localeCompare(`${b.kind}|${b.key}`));

describe.each(testDatabases())('infosec standing on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let admin: string;
  let listId: string;
  let people: string[];

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    companyId = (await createCompany(t.ctx.db, { name: 'Standing Co' })).id;
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, companyId, manager.id, 1);
    admin = await signIn(t, manager.id);
    listId = (await call('POST', `/companies/${companyId}/lists`, { name: 'All staff' })).json<{
      id: string;
    }>().id;
    const emails = Array.from({ length: 14 }, (_, i) => `person${i + 1}@standing.example`);
    await call('POST', `/companies/${companyId}/lists/${listId}/users`, {
      users: emails.map((email) => ({ email, name: '' })),
    });
    const found = await t.ctx.db.query.employees.findMany({
      where: (e, { eq }) => eq(e.companyId, companyId),
    });
    people = emails.map((email) => found.find((e) => e.email === email)!.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    return t.inject({
      method,
      url: `/api${url}`,
      headers: { ...bearer(admin), 'x-company-id': companyId },
      ...(payload ? { payload } : {}),
    });
  }

  async function summary() {
    // The kept-aggregate arithmetic gives what reading every counted employee's scores gives.
    const standing = await companyStanding(t.ctx.db, systemScope(companyId, 'test'));
    expect(comparable(standing)).toEqual(comparable(await queryRows(t.ctx.db, RECOMPUTED(companyId))));
    const res = await call('GET', '/infosec/assessment/summary');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InfosecSummary>();
  }

  it('shows no score while too few employees have finished an assessment', async () => {
    const finishedAt = new Date('2026-01-10T10:00:00Z');
    await seedFinishedAssessment(t.ctx.db, companyId, {
      name: 'Pilot',
      finishedAt,
      finishers: [
        { employeeId: people[0]!, answersOf: 'alice' },
        { employeeId: people[1]!, answersOf: 'bob' },
        { employeeId: people[2]!, answersOf: 'carol' },
      ],
    });
    expect(await summary()).toEqual({
      resilienceScore: null,
      areas: [],
      bestBehaviour: null,
      worstBehaviour: null,
      usersFinished: 3,
      assessments: 1,
      minResults: INFOSEC_MIN_RESULTS,
      updated: finishedAt.toISOString(),
    });
  });

  it('shows the standing over each employee’s latest result once enough have one', async () => {
    // Everyone: four with Alice's answers, four with Bob's, four with Carol's; the pilot is superseded.
    const finishedAt = new Date('2026-02-10T10:00:00Z');
    await seedFinishedAssessment(t.ctx.db, companyId, {
      name: 'Baseline',
      finishedAt,
      finishers: people.slice(0, 12).map((employeeId, i) => ({
        employeeId,
        answersOf: (['alice', 'bob', 'carol'] as const)[Math.floor(i / 4)]!,
      })),
    });
    const s = await summary();
    expect(s).toMatchObject({
      resilienceScore: mean([...Array(4).fill(ALICE), ...Array(4).fill(BOB), ...Array(4).fill(CAROL)]),
      usersFinished: 12,
      assessments: 1,
      updated: finishedAt.toISOString(),
    });
    expect(s.resilienceScore).toBe(56);
    // The same means as the three-person report (four of each person), now shown.
    expect(s.areas.map((a) => a.score).sort()).toEqual([50, 62]);
    expect(s.bestBehaviour?.score).toBe(73);
    expect(s.worstBehaviour?.score).toBe(33);
  });

  it('adds a small new assessment’s results to the standing instead of replacing it', async () => {
    // Four invited, one finished — with Carol's answers, where the baseline had Alice's.
    const finishedAt = new Date('2026-03-10T10:00:00Z');
    await seedFinishedAssessment(t.ctx.db, companyId, {
      name: 'Quick test',
      finishedAt,
      finishers: [{ employeeId: people[3]!, answersOf: 'carol' }],
      invited: people.slice(0, 3),
    });
    const s = await summary();
    expect(s).toMatchObject({
      resilienceScore: mean([...Array(3).fill(ALICE), ...Array(4).fill(BOB), ...Array(5).fill(CAROL)]),
      usersFinished: 12,
      assessments: 2,
      updated: finishedAt.toISOString(),
    });
    expect(s.resilienceScore).not.toBe(Math.round(CAROL));
    expect(s.areas).toHaveLength(2);
  });

  it('leaves out employees who are no longer in any list', async () => {
    const before = await summary();
    const res = await call(
      'DELETE',
      `/companies/${companyId}/lists/${listId}/users/person12@standing.example`,
    );
    expect(res.statusCode, res.body).toBe(204);
    const after = await summary();
    expect(after.usersFinished).toBe(before.usersFinished - 1);
    expect(after.resilienceScore).toBe(
      mean([...Array(3).fill(ALICE), ...Array(4).fill(BOB), ...Array(4).fill(CAROL)]),
    );
  });

  it('counts an older assessment for those who took no later one', async () => {
    // Two newcomers' onboarding, which three of the others took too before their later ones: the
    // onboarding counts for two and not for three, so its scores are read one by one.
    await seedFinishedAssessment(t.ctx.db, companyId, {
      name: 'Onboarding',
      finishedAt: new Date('2025-12-01T10:00:00Z'),
      finishers: [
        { employeeId: people[12]!, answersOf: 'alice' },
        { employeeId: people[13]!, answersOf: 'bob' },
        ...people.slice(0, 3).map((employeeId) => ({ employeeId, answersOf: 'carol' as const })),
      ],
    });
    const s = await summary();
    expect(s).toMatchObject({
      resilienceScore: mean([...Array(4).fill(ALICE), ...Array(5).fill(BOB), ...Array(4).fill(CAROL)]),
      usersFinished: 13,
      assessments: 3,
    });
  });
});
