// The dashboard's five calls, and the programs' and assessments' list pages, for a company of 50 000
// employees with 50 training programs and 20 assessments and what they sent and what was done with it.
// Usage: [TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test] \
//          node --expose-gc --import tsx bench/dashboard.ts --db postgres|pglite [--employees 50000] [--rounds 200] [--keep]
// Seeding is set-based (INSERT … SELECT, spreads drawn from hashes so every run is the same):
// employees in one list of everyone, ten departments and five teams; programs to lists of each size;
// trainings active, scheduled, completed and draft, each of three batches of two subjects with a reminder
// each, a delivery per member for every batch sent (1 % bounced), reminders to 40 %; 80 % of a program's
// employees take part, opening 70 % of the subjects delivered (60 % finished, quiz answers in the masks); assessments the same way with
// invitations, reminders, due dates, participants (80 % started, 70 % finished, scores) and their
// kept resilience aggregate. Each call is timed by its Server-Timing header over real HTTP.
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { EVERYONE, STAT_KINDS } from '../apps/server/src/lib/assessment-stats.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany, seedEmployees } from './seed.ts';
import { percentile, seconds } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    employees: { type: 'string', default: '50000' },
    rounds: { type: 'string', default: '200' },
    // Leave the seeded database behind (its URL or PGlite folder is printed), to profile its queries.
    keep: { type: 'boolean', default: false },
  },
});

/** A program's list: every tenth program goes to everyone, most to a department, some to a team. */
const listOf = (
  g: SQL,
) => sql`case when ${g} % 10 = 0 then 'Everyone' when ${g} % 4 = 3 then 'Team ' || (${g} % 5)
  else 'Department ' || (${g} % 10) end`;

async function seedLists(db: Db, companyId: string, everyone: string) {
  const c = sql`${companyId}::uuid`;
  await db.execute(sql`insert into employee_lists (company_id, name)
    select ${c}, 'Department ' || d from generate_series(0, 9) d
    union all select ${c}, 'Team ' || d from generate_series(0, 4) d`);
  // Departments split everyone in ten; a team is 500 of its department's people.
  await db.execute(sql`
    with e as (select id, row_number() over (order by id) as rn from employees where company_id = ${c}),
    l as (select id, name from employee_lists where company_id = ${c} and id <> ${everyone})
    insert into list_members (list_id, employee_id, company_id)
    select l.id, e.id, ${c} from e join l on l.name = 'Department ' || (e.rn % 10)
    union all
    select l.id, e.id, ${c} from e join l on l.name = 'Team ' || (e.rn % 5) where e.rn % 20 < 1`);
}

async function seedTrainings(db: Db, companyId: string, subjectIds: string[]) {
  const c = sql`${companyId}::uuid`;
  // g 1–50: 1–12 active, 13–17 scheduled, 18–46 completed, 47–50 draft; each started g weeks ago.
  await db.execute(sql`
    insert into trainings (company_id, name, status, subject_ids, schedule_type, started_at, channel)
    select ${c}, 'Program ' || g,
      case when g <= 12 then 'active' when g <= 17 then 'scheduled' when g <= 46 then 'completed' else 'draft' end,
      ${sql.param(subjectIds)}::text[], 1, now() - (g || ' weeks')::interval, 1
    from generate_series(1, 50) g`);
  await db.execute(sql`
    insert into training_lists (training_id, list_id, company_id)
    select t.id, l.id, ${c} from trainings t
    cross join lateral (select substring(t.name from 9)::int as g) n
    join employee_lists l on l.company_id = ${c} and l.name = ${listOf(sql`n.g`)}
    where t.company_id = ${c}`);
  // Three batches a week apart: an active program has sent two and sends the third in g days, a
  // scheduled one starts in the coming days, a completed one sent all three months ago.
  await db.execute(sql`
    with p as (select t.id, t.status, substring(t.name from 9)::int as g from trainings t
               where t.company_id = ${c} and t.status <> 'draft'),
    b as (select p.*, b.pos,
            case when p.status = 'scheduled' then now() + ((p.g - 12) || ' days')::interval + (b.pos || ' weeks')::interval
                 when p.status = 'active' then now() + (p.g || ' days')::interval - ((2 - b.pos) * 7 + 14 || ' days')::interval
                   + (b.pos = 2)::int * interval '14 days'
                 else now() - (p.g || ' weeks')::interval + (b.pos || ' weeks')::interval end as send_at
          from p cross join generate_series(0, 2) b(pos))
    insert into training_events (training_id, company_id, type, position, send_at, status, subject_ids, sent_at)
    select b.id, ${c}, 1, b.pos, b.send_at,
      case when b.send_at < now() then 'sent' else 'scheduled' end,
      (${sql.param(subjectIds)}::text[])[b.pos * 2 + 1 : b.pos * 2 + 2],
      case when b.send_at < now() then b.send_at end
    from b`);
  await db.execute(sql`
    insert into training_events (training_id, company_id, type, position, parent_id, send_at, status, sent_at)
    select e.training_id, ${c}, 2, e.position, e.id, e.send_at + interval '3 days',
      case when e.send_at + interval '3 days' < now() then 'sent' else 'scheduled' end,
      case when e.send_at + interval '3 days' < now() then e.send_at + interval '3 days' end
    from training_events e where e.company_id = ${c} and e.type = 1`);
  await db.execute(sql`
    insert into training_deliveries (event_id, training_id, company_id, employee_id, channel, status, sent_at)
    select e.id, e.training_id, ${c}, m.employee_id, 1,
      case when abs(hashtext(m.employee_id::text)) % 100 = 0 then 'bounced' else 'sent' end, e.sent_at
    from training_events e
    join training_lists tl on tl.training_id = e.training_id
    join list_members m on m.list_id = tl.list_id
    where e.company_id = ${c} and e.status = 'sent'
      and (e.type = 1 or abs(hashtext(m.employee_id::text || e.id::text)) % 100 < 40)`);
  // 70 % open each delivered subject, 60 % finish it; three quiz questions, answered and correct as bits.
  await db.execute(sql`
    insert into training_progress (training_id, employee_id, subject_id, company_id, opened_at, video_percent,
      answered_mask, correct_mask, questions, finished_at)
    select d.training_id, d.employee_id, s.subject_id, ${c}, e.sent_at + interval '1 hour',
      case when h % 100 < 60 then 100 else 50 end,
      case when h % 100 < 60 then 7 else 0 end,
      case when h % 100 < 60 then (h / 100) % 8 else 0 end, 3,
      case when h % 100 < 60 then e.sent_at + interval '2 hours' end
    from training_deliveries d
    join training_events e on e.id = d.event_id and e.type = 1
    cross join lateral unnest(e.subject_ids) s(subject_id)
    cross join lateral (select abs(hashtext(d.employee_id::text || s.subject_id)) as h) x
    where d.company_id = ${c} and d.status = 'sent' and h % 1000 < 700
      and abs(hashtext(d.employee_id::text || d.training_id::text)) % 100 < 80`);
}

async function seedAssessments(db: Db, companyId: string) {
  const c = sql`${companyId}::uuid`;
  // g 1–20: 1–5 active, 6–7 scheduled, 8–18 completed, 19–20 draft.
  await db.execute(sql`
    insert into assessments (company_id, name, status, schedule_type, delivery_at, due_at, started_at, completed_at)
    select ${c}, 'Assessment ' || g, s.status, 0, s.delivery, s.delivery + interval '3 weeks',
      case when s.status in ('active', 'completed') then s.delivery end,
      case when s.status = 'completed' then s.delivery + interval '3 weeks' end
    from generate_series(1, 20) g
    cross join lateral (select
      case when g <= 5 then 'active' when g <= 7 then 'scheduled' when g <= 18 then 'completed' else 'draft' end as status,
      case when g <= 5 then now() - (g * 3 || ' days')::interval when g <= 7 then now() + (g || ' days')::interval
        else now() - (g * 3 || ' weeks')::interval end as delivery) s`);
  await db.execute(sql`
    insert into assessment_lists (assessment_id, list_id, company_id)
    select a.id, l.id, ${c} from assessments a
    cross join lateral (select substring(a.name from 12)::int as g) n
    join employee_lists l on l.company_id = ${c} and l.name = ${listOf(sql`n.g`)}
    where a.company_id = ${c}`);
  await db.execute(sql`
    insert into assessment_events (assessment_id, company_id, type, position, send_at, status, sent_at)
    select a.id, ${c}, case when r = 0 then 1 else 2 end, r, a.delivery_at + (r || ' weeks')::interval,
      case when a.delivery_at + (r || ' weeks')::interval < now() then 'sent' else 'scheduled' end,
      case when a.delivery_at + (r || ' weeks')::interval < now() then a.delivery_at + (r || ' weeks')::interval end
    from assessments a cross join generate_series(0, 2) r
    where a.company_id = ${c} and a.status <> 'draft'`);
  await db.execute(sql`
    insert into assessment_participants (assessment_id, employee_id, company_id, list_ids, invited_at, started_at,
      finished_at, answered, score)
    select a.id, m.employee_id, ${c}, array[al.list_id], a.delivery_at,
      case when h % 100 < 80 then a.delivery_at + interval '1 hour' end,
      case when h % 100 < 70 then a.delivery_at + interval '2 hours' end,
      case when h % 100 < 70 then 20 when h % 100 < 80 then 5 else 0 end,
      case when h % 100 < 70 then (h / 100) % 101 end
    from assessments a
    join assessment_lists al on al.assessment_id = a.id
    join list_members m on m.list_id = al.list_id
    cross join lateral (select abs(hashtext(m.employee_id::text || a.id::text)) as h) x
    where a.company_id = ${c} and a.status in ('active', 'completed')`);
  await db.execute(sql`
    insert into assessment_deliveries (event_id, assessment_id, company_id, employee_id, channel, status)
    select e.id, e.assessment_id, ${c}, p.employee_id, 1, 'sent'
    from assessment_events e join assessment_participants p on p.assessment_id = e.assessment_id
    where e.company_id = ${c} and e.status = 'sent' and (e.type = 1 or p.finished_at is null)`);
  await db.execute(sql`
    insert into assessment_stats (assessment_id, list_id, kind, key, sum, count, at_risk)
    select assessment_id, ${EVERYONE}, ${STAT_KINDS.resilience}, '', sum(score), count(*),
      count(*) filter (where score < 50)
    from assessment_participants where company_id = ${c} and finished_at is not null
    group by assessment_id`);
}

async function main() {
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const count = Number(values.employees);
  const rounds = Number(values.rounds);
  const loadAverage = Math.round(loadavg()[0]! * 10) / 10;
  const t = await createTestApp(kind, { JOBS: '0' }, { onDisk: true });
  try {
    const db = t.ctx.db;
    const { company, token } = await benchCompany(t, count);
    const seedStart = performance.now();
    const [everyone] = await queryRows<{ id: string }>(
      db,
      sql`insert into employee_lists (company_id, name) values (${company.id}, 'Everyone') returning id`,
    );
    await seedEmployees(db, company.id, everyone!.id, count);
    await seedLists(db, company.id, everyone!.id);
    const subjectIds = (
      await queryRows<{ id: string }>(
        db,
        sql`select id from subjects where retired_at is null and type = 1 order by id limit 6`,
      )
    ).map((s) => s.id);
    await seedTrainings(db, company.id, subjectIds);
    await seedAssessments(db, company.id);
    await db.execute(sql`analyze`);
    const seedSeconds = seconds(seedStart);
    const [sizes] = await queryRows<Record<string, number>>(
      db,
      sql`select
        (select count(*)::int from list_members where company_id = ${company.id}) as memberships,
        (select count(*)::int from training_events where company_id = ${company.id}) as "trainingEvents",
        (select count(*)::int from training_deliveries where company_id = ${company.id}) as "trainingDeliveries",
        (select count(*)::int from training_progress where company_id = ${company.id}) as "trainingProgress",
        (select count(*)::int from assessment_events where company_id = ${company.id}) as "assessmentEvents",
        (select count(*)::int from assessment_participants where company_id = ${company.id}) as "assessmentParticipants",
        (select count(*)::int from assessment_deliveries where company_id = ${company.id}) as "assessmentDeliveries"`,
    );

    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}/api/companies/${company.id}`;
    const timed = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1] ?? NaN);
    };
    const month = new Date().toISOString().slice(0, 7);
    const calls: Record<string, string> = {
      statistics: '/statistics/status',
      trainings: '/dashboard/trainings?limit=3',
      assessments: '/dashboard/assessments?limit=3',
      events: `/events?m=${month}&tz=Europe/Berlin`,
      latestSubjects: '/subjects/latest',
      // The programs' and assessments' list pages (first page, default tab and order).
      trainingsList: '/automations',
      assessmentsList: '/assessments',
    };
    const samples = Object.fromEntries(
      await Promise.all(
        Object.entries(calls).map(async ([name, path]) => {
          const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
          return [name, await res.json()] as const;
        }),
      ),
    );
    const times: Record<string, number[]> = {};
    for (const path of Object.values(calls)) await timed(path);
    for (let i = 0; i < rounds; i++)
      for (const [name, path] of Object.entries(calls)) (times[name] ??= []).push(await timed(path));
    // The cards right after a change (an employee joins a list): computed again, then kept.
    const [someone] = await queryRows<{ employee_id: string; list_id: string }>(
      db,
      sql`select employee_id, list_id from list_members where company_id = ${company.id} limit 1`,
    );
    for (let i = 0; i < Math.min(rounds, 50); i++) {
      await db.execute(
        sql`delete from list_members where list_id = ${someone!.list_id} and employee_id = ${someone!.employee_id}`,
      );
      await db.execute(
        sql`insert into list_members (list_id, employee_id, company_id)
            values (${someone!.list_id}, ${someone!.employee_id}, ${company.id})`,
      );
      (times.statisticsAfterChange ??= []).push(await timed(calls.statistics!));
    }

    console.log(
      JSON.stringify(
        {
          bench: 'dashboard',
          db: kind,
          employees: count,
          trainings: 50,
          assessments: 20,
          ...sizes,
          cores: cpus().length,
          loadAverageAtStart: loadAverage,
          loadAverageAtEnd: Math.round(loadavg()[0]! * 10) / 10,
          seedSeconds,
          rounds,
          serverP50Ms: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, percentile(v, 50)])),
          serverP95Ms: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, percentile(v, 95)])),
          statistics: samples.statistics,
          firstTrainingRow: samples.trainings.rows[0],
          firstAssessmentRow: samples.assessments.rows[0],
          eventsThisMonth: samples.events.length,
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
