// Assessment report figures: one assessment of 20 single-action questions sent to N employees in four
// lists (every fifth employee in two), all of whom answered every question — N × 20 answers — and 95 %
// of whom pressed Finish.
// Usage: [TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test] \
//          node --expose-gc --import tsx bench/assessment.ts --db postgres|pglite [--employees 20000] [--requests 30] [--keep]
// Seeding is set-based (INSERT … SELECT over generate_series; answers drawn from every possible choice
// of each action, scored by actionPoints; scores computed in SQL and checked against scoreEmployee for
// a sample), then rebuildAssessmentStats. Each report call is timed by its Server-Timing header over
// real HTTP; answers.csv is read to the end, timing the whole download and sampling RSS meanwhile,
// then its answers read and its text built again in process, to tell the database's share from the rest.
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  actionPoints,
  scoreEmployee,
  type AssessmentChoice,
  type BehaviourPoints,
  type QuestionBlock,
} from '@vigil/shared';
import { arrayParam, queryRows, type Db } from '../apps/server/src/db/client.ts';
import type { TenantContext } from '../apps/server/src/http/tenant.ts';
import { answersCsv } from '../apps/server/src/modules/assessment-reports/assessment-report-exports.ts';
import { answerPages } from '../apps/server/src/modules/assessment-reports/assessment-reports.queries.ts';
import { rebuildAssessmentStats } from '../apps/server/src/lib/assessment-stats.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany } from './seed.ts';
import { percentile, rssMb, seconds } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    employees: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '30' },
    // Leave the seeded database behind (its URL or PGlite folder is printed), to profile its queries.
    keep: { type: 'boolean', default: false },
  },
});

/**
 * Where answers.csv's time goes, in this process and without HTTP: reading the answers alone, then
 * reading them and building the CSV text (the difference is the building).
 */
async function answersCsvParts(db: Db, tenant: TenantContext, assessmentId: string) {
  let start = performance.now();
  for await (const page of answerPages(db, tenant.companyId, assessmentId)) void page;
  const readSeconds = seconds(start);
  start = performance.now();
  for await (const chunk of await answersCsv(db, tenant, assessmentId)) void chunk;
  return { readSeconds, readAndBuildSeconds: seconds(start) };
}

type ActionBlock = Extract<QuestionBlock, { actionId: string }>;

/** Every answer an action allows: each option, or each yes/no combination of its items. */
function choicesOf(block: ActionBlock): AssessmentChoice[] {
  if (block.type === 'multiple-choice') return block.options.map((_, option) => ({ option }));
  const n = block.items.length;
  return Array.from({ length: 2 ** n }, (_, mask) => ({
    items: Array.from({ length: n }, (_, i) => Boolean(mask & (1 << i))),
  }));
}

async function seed(db: Db, companyId: string, count: number) {
  const questions = await queryRows<{
    id: string;
    area_id: string;
    behaviours: { code: string; max: number }[];
    blocks: QuestionBlock[];
  }>(
    db,
    sql`select id, area_id, behaviours, blocks from questions
        where retired_at is null
          and (select count(*) from jsonb_array_elements(blocks) b where b ? 'actionId') = 1
        order by md5(id) limit 20`,
  );
  const variants = questions.flatMap((q) => {
    const block = q.blocks.find((b): b is ActionBlock => 'actionId' in b)!;
    const choices = choicesOf(block);
    return choices.map((choice, idx) => ({
      question_id: q.id,
      action_id: block.actionId,
      idx,
      n: choices.length,
      choice,
      points: actionPoints(block, choice),
    }));
  });
  const lists = await queryRows<{ id: string }>(
    db,
    sql`insert into employee_lists (company_id, name)
        select ${companyId}, 'List ' || g from generate_series(1, 4) g returning id`,
  );
  const listIds = lists.map((l) => l.id);
  const [assessment] = await queryRows<{ id: string }>(
    db,
    sql`insert into assessments (company_id, name, status, question_ids, schedule_type, started_at)
        values (${companyId}, 'Bench assessment', 'active', ${arrayParam(
          questions.map((q) => q.id),
          'text',
        )}, 1, now() - interval '7 days') returning id`,
  );
  const assessmentId = assessment!.id;
  await db.execute(sql`insert into assessment_lists (assessment_id, list_id, company_id)
    select ${assessmentId}, l, ${companyId} from unnest(${arrayParam(listIds, 'uuid')}) l`);
  await db.execute(sql`insert into employees (company_id, email, name)
    select ${companyId}, 'employee' || g || '@bench.example',
      (array['Ada','Ben','Cleo','Dev','Eli','Fay','Gus','Hana'])[1 + g % 8] || ' ' || substr(md5(g::text), 1, 8)
    from generate_series(1, ${count}) g`);
  // rn numbers the employees; list rn % 4, and every fifth also the next list.
  await db.execute(sql`
    with e as (select id, row_number() over (order by email) as rn from employees where company_id = ${companyId}),
    l as (select ${arrayParam(listIds, 'uuid')} as ids)
    insert into assessment_participants (assessment_id, employee_id, company_id, list_ids, invited_at, started_at, finished_at, answered)
    select ${assessmentId}, e.id, ${companyId},
      case when e.rn % 5 = 0 then array[l.ids[1 + e.rn % 4], l.ids[1 + (e.rn + 1) % 4]] else array[l.ids[1 + e.rn % 4]] end,
      now() - interval '7 days',
      now() - interval '6 days',
      case when e.rn % 20 <> 0 then now() - interval '1 minute' * e.rn end,
      0
    from e, l`);
  await db.execute(sql`insert into list_members (list_id, employee_id, company_id)
    select distinct l, p.employee_id, ${companyId}::uuid from assessment_participants p, unnest(p.list_ids) l
    where p.assessment_id = ${assessmentId}`);
  const [invitation] = await queryRows<{ id: string }>(
    db,
    sql`insert into assessment_events (assessment_id, company_id, type, position, send_at, status, sent_at)
        values (${assessmentId}, ${companyId}, 1, 0, now() - interval '7 days', 'sent', now() - interval '7 days')
        returning id`,
  );
  await db.execute(sql`insert into assessment_deliveries (event_id, assessment_id, company_id, employee_id, channel, status)
    select ${invitation!.id}, ${assessmentId}, ${companyId}, employee_id, 1,
      case when abs(hashtext(employee_id::text)) % 100 = 0 then 'bounced' else 'sent' end
    from assessment_participants where assessment_id = ${assessmentId}`);
  // Everyone answers every question; one in twenty has not pressed Finish yet.
  await db.execute(sql`
    with v as (select * from jsonb_to_recordset(${JSON.stringify(variants)}::jsonb)
                 as v(question_id text, action_id text, idx int, n int, choice jsonb, points jsonb)),
    q as (select id, ord from unnest(${arrayParam(
      questions.map((x) => x.id),
      'text',
    )}) with ordinality as q(id, ord))
    insert into assessment_answers (assessment_id, employee_id, question_id, action_id, company_id, choice, points)
    select ${assessmentId}, p.employee_id, v.question_id, v.action_id, ${companyId}, v.choice, v.points
    from assessment_participants p
    cross join q
    join v on v.question_id = q.id and v.idx = abs(hashtext(p.employee_id::text || q.id)) % v.n
    where p.assessment_id = ${assessmentId} and p.started_at is not null`);
  await db.execute(sql`update assessment_participants p set answered = a.n
    from (select employee_id, count(*)::int as n from assessment_answers where assessment_id = ${assessmentId} group by 1) a
    where p.assessment_id = ${assessmentId} and p.employee_id = a.employee_id`);
  await scoreInSql(db, assessmentId);
  return { assessmentId, questions, areaId: questions[0]!.area_id };
}

/** Scores every finished employee set-based, by the rules of scoreEmployee (checked after). */
async function scoreInSql(db: Db, assessmentId: string) {
  const earned = sql`
    qb as (select q.id as question_id, b->>'code' as code, (b->>'max')::float8 as mx
           from assessments a, unnest(a.question_ids) qid join questions q on q.id = qid,
                jsonb_array_elements(q.behaviours) b
           where a.id = ${assessmentId}),
    pts as (select a.employee_id, a.question_id, p.key as code, sum(p.value::float8) as pts
            from assessment_answers a cross join jsonb_each_text(a.points) p
            where a.assessment_id = ${assessmentId} group by 1, 2, 3),
    got as (select f.employee_id, qb.question_id, qb.code, qb.mx,
              least(qb.mx, greatest(0, coalesce(pts.pts, 0))) as got
            from assessment_participants f
            join (select distinct employee_id, question_id from assessment_answers where assessment_id = ${assessmentId}) aq
              on aq.employee_id = f.employee_id
            join qb on qb.question_id = aq.question_id
            left join pts on pts.employee_id = f.employee_id and pts.question_id = qb.question_id and pts.code = qb.code
            where f.assessment_id = ${assessmentId} and f.finished_at is not null)`;
  await db.execute(sql`with ${earned}
    insert into assessment_scores (assessment_id, employee_id, kind, key, score)
    select ${assessmentId}::uuid, employee_id, 4, question_id, sum(got) / sum(mx) * 100 from got group by employee_id, question_id
    union all
    select ${assessmentId}::uuid, employee_id, 3, code, sum(got) / sum(mx) * 100 from got group by employee_id, code`);
  await db.execute(sql`insert into assessment_scores (assessment_id, employee_id, kind, key, score)
    select ${assessmentId}, s.employee_id, 2, ba.area_id, avg(s.score)
    from assessment_scores s
    join (select b->>'code' as code, t.id as area_id from threat_areas t, jsonb_array_elements(t.behaviours) b) ba
      on ba.code = s.key
    where s.assessment_id = ${assessmentId} and s.kind = 3
    group by s.employee_id, ba.area_id`);
  await db.execute(sql`update assessment_participants p set score = r.score
    from (select employee_id, avg(score) as score from assessment_scores
          where assessment_id = ${assessmentId} and kind = 2 group by 1) r
    where p.assessment_id = ${assessmentId} and p.employee_id = r.employee_id`);
}

/** The SQL scores of a sample of employees must be what scoreEmployee gives for their answers. */
async function checkScores(
  db: Db,
  assessmentId: string,
  questions: Awaited<ReturnType<typeof seed>>['questions'],
) {
  const areas = await queryRows<{ id: string; behaviours: { code: string }[] }>(
    db,
    sql`select id, behaviours from threat_areas`,
  );
  const areaOf = new Map(areas.flatMap((a) => a.behaviours.map((b) => [b.code, a.id] as const)));
  const sample = await queryRows<{ employee_id: string; score: number }>(
    db,
    sql`select employee_id, score from assessment_participants
        where assessment_id = ${assessmentId} and finished_at is not null order by md5(employee_id::text) limit 25`,
  );
  for (const p of sample) {
    const answers = await queryRows<{ question_id: string; points: BehaviourPoints }>(
      db,
      sql`select question_id, points from assessment_answers where assessment_id = ${assessmentId} and employee_id = ${p.employee_id}`,
    );
    const expected = scoreEmployee(
      questions.map((q) => ({ id: q.id, areaId: q.area_id, behaviours: q.behaviours })),
      new Map(answers.map((a) => [a.question_id, a.points])),
      (code) => areaOf.get(code),
    );
    if (Math.abs((expected.resilience ?? -1) - Number(p.score)) > 1e-9)
      throw new Error(`SQL scoring differs for ${p.employee_id}: ${p.score} vs ${expected.resilience}`);
  }
  return sample.length;
}

async function main() {
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const count = Number(values.employees);
  const requests = Number(values.requests);
  const loadAverage = Math.round(loadavg()[0]! * 10) / 10;
  const t = await createTestApp(kind, { JOBS: '0' }, { onDisk: true });
  try {
    const db = t.ctx.db;
    const { company, admin, token } = await benchCompany(t, count);

    const seedStart = performance.now();
    const { assessmentId, questions, areaId } = await seed(db, company.id, count);
    const seedSeconds = seconds(seedStart);
    const rebuildStart = performance.now();
    await rebuildAssessmentStats(db, assessmentId);
    const rebuildSeconds = seconds(rebuildStart);
    await db.execute(sql`analyze`);
    const checked = await checkScores(db, assessmentId, questions);
    const [answers] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from assessment_answers where assessment_id = ${assessmentId}`,
    );

    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}/api/companies/${company.id}/assessments/${assessmentId}`;
    const timed = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1] ?? NaN);
    };
    const calls: Record<string, string> = {
      overview: '/overview',
      threatAreas: '/threat-areas',
      threatAreaDetail: `/threat-areas/${areaId}`,
      keyBehaviours: '/key-behaviours',
      usersScoreRange: '/users?p=1&minScore=40&maxScore=70',
      usersByScore: '/users?p=1&order=score&d=desc',
    };
    const times: Record<string, number[]> = {};
    for (const path of Object.values(calls)) await timed(path);
    for (let i = 0; i < requests; i++)
      for (const [name, path] of Object.entries(calls)) (times[name] ??= []).push(await timed(path));

    global.gc?.();
    const rssBefore = rssMb();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb())), 20);
    const csvStart = performance.now();
    const res = await fetch(`${base}/answers?csv=1&token=${token}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      bytes += buffer.length;
      for (let i = buffer.indexOf(10); i >= 0; i = buffer.indexOf(10, i + 1)) lines++;
    }
    const csvSeconds = seconds(csvStart);
    clearInterval(sampler);
    const tenant: TenantContext = {
      companyId: company.id,
      userId: admin.id,
      role: 1,
      permissions: [],
      via: 'membership',
    };
    const parts = await answersCsvParts(db, tenant, assessmentId);

    console.log(
      JSON.stringify(
        {
          bench: 'assessment',
          db: kind,
          employees: count,
          questions: questions.length,
          answers: answers!.n,
          cores: cpus().length,
          loadAverageAtStart: loadAverage,
          seedSeconds,
          rebuildStatsSeconds: rebuildSeconds,
          sqlScoresCheckedAgainstScoreEmployee: checked,
          requestsPerCall: requests,
          serverP50Ms: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, percentile(v, 50)])),
          serverP95Ms: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, percentile(v, 95)])),
          answersCsv: {
            status: res.status,
            seconds: csvSeconds,
            megabytes: Math.round(bytes / 104_857.6) / 10,
            rows: lines - 1,
            rssBeforeMb: rssBefore,
            rssPeakMb: rssPeak,
            rssGrowthMb: rssPeak - rssBefore,
            ...parts,
          },
        },
        null,
        2,
      ),
    );
  } finally {
    if (values.keep) {
      await t.release();
      console.error(`kept: ${t.databaseUrl ?? t.dataDir}`);
    } else await t.close();
  }
}

await main();
