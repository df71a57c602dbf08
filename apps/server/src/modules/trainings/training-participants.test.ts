/**
 * The kept per-employee rows of each program (training_participants, kept by the triggers of
 * migration 0009) against a recomputation from scratch, through the real write paths: the delivery
 * engine on a fake clock (over SMTP, with a bounce), reminders, a resend, late joiners, the learner
 * API, direct set-based writes as the demo loader and the benchmarks make them, a channel change and
 * deletions; and the figures read from them (detail page, lists tab, dashboard) against the queries
 * that read every delivery and progress row before.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnerSubject, TrainingSave } from '@vigil/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { systemScope } from '../../lib/scope.ts';
import {
  employees,
  trainingDeliveries,
  trainingEvents,
  trainingParticipants,
  trainingProgress,
  trainings,
} from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { presentTrainingRow } from '../dashboard/dashboard.presenter.ts';
import { topTrainings, trainingFigures } from '../dashboard/dashboard.queries.ts';
import { dispatch, sendDue } from './trainings.delivery.ts';
import { listFigures, trainingById } from './trainings.queries.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Pair {
  training_id: string;
  employee_id: string;
  reached: boolean;
  bounced: boolean;
  delivered_views: number;
  last_sent_at: string | null;
  opened: boolean;
  finished: number;
  answered: number;
  correct: number;
}

const PAIR_COLUMNS = sql`training_id::text, employee_id::text, reached, bounced, delivered_views,
  to_char(last_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as last_sent_at,
  opened, finished, answered, correct`;

/**
 * Every (program, employee) pair with a delivery or progress row, as the rule gives it: the pair's figures
 * through the same SQL functions the triggers call (training_participants_deliveries_of and _progress_of,
 * migrations 0009 and 0012), so that the rule is written once and this compares the bookkeeping — which
 * pairs each write refreshes — against every pair. What the rule means is pinned independently below:
 * the figures read from the kept rows are compared with the queries that read every delivery and
 * progress row (scannedDetail, scannedLists, scannedDashboard), and other suites check hand-computed
 * numbers.
 */
async function recomputedPairs(db: Db): Promise<Pair[]> {
  return queryRows<Pair>(
    db,
    sql`with pairs as (
          select k.training_id, k.employee_id, coalesce(d.reached, false) as reached,
            coalesce(d.bounced, false) as bounced, coalesce(d.delivered_views, 0) as delivered_views,
            d.last_sent_at, coalesce(p.opened, false) as opened, coalesce(p.finished, 0) as finished,
            coalesce(p.answered, 0) as answered, coalesce(p.correct, 0) as correct
          from (select training_id, employee_id from ${trainingDeliveries}
                union select training_id, employee_id from ${trainingProgress}) k
          join ${trainings} t on t.id = k.training_id
          cross join lateral training_participants_deliveries_of(k.training_id, k.employee_id, t.channel) d
          cross join lateral training_participants_progress_of(k.training_id, k.employee_id) p)
        select ${PAIR_COLUMNS} from pairs`,
  );
}

async function keptPairs(db: Db): Promise<Pair[]> {
  return queryRows<Pair>(db, sql`select ${PAIR_COLUMNS} from ${trainingParticipants}`);
}

/** A pair with nothing in it reads as no row: the triggers may leave one behind after a deletion. */
const meaningful = (rows: Pair[]) =>
  rows
    .filter(
      (r) =>
        r.reached ||
        r.bounced ||
        r.delivered_views > 0 ||
        r.last_sent_at !== null ||
        r.opened ||
        r.finished > 0 ||
        r.answered > 0 ||
        r.correct > 0,
    )
    .sort((a, b) => `${a.training_id}/${a.employee_id}`.localeCompare(`${b.training_id}/${b.employee_id}`));

/** The detail page's figures as trainingById read them from every delivery and progress row. */
async function scannedDetail(db: Db, companyId: string, id: string) {
  const [delivered] = await queryRows<{
    totalUsers: number;
    bouncedEmails: number;
    total: number;
    lastDelivery: Date | null;
  }>(
    db,
    sql`with sends as (
          select d.event_id, d.channel, d.round,
            (count(*) filter (where d.status in ('sent', 'bounced')))::int as reached,
            (count(*) filter (where d.status = 'bounced'))::int as bounced,
            (count(*) filter (where d.status = 'sent'))::int as sent,
            max(d.sent_at) as last_sent
          from ${trainingDeliveries} d
          where d.training_id = ${id} and d.company_id = ${companyId}
          group by d.event_id, d.channel, d.round),
        single as (select count(*) filter (where reached > 0) <= 1 as yes from sends)
        select
          case when (select yes from single) then (select coalesce(max(reached), 0) from sends)
            else (select count(distinct d.employee_id)::int from ${trainingDeliveries} d
                  where d.training_id = ${id} and d.status in ('sent', 'bounced')) end as "totalUsers",
          case when (select yes from single) then (select coalesce(max(bounced), 0) from sends)
            else (select count(distinct d.employee_id)::int from ${trainingDeliveries} d
                  where d.training_id = ${id} and d.status = 'bounced') end as "bouncedEmails",
          (select coalesce(sum(s.sent * cardinality(e.subject_ids)), 0)::int from sends s
            join ${trainingEvents} e on e.id = s.event_id and e.type = 1
            join ${trainings} t on t.id = e.training_id
            where s.round = 0 and s.channel = (t.channel & -t.channel)) as total,
          (select max(last_sent) from sends) as "lastDelivery"`,
  );
  const [progress] = await queryRows<{ score: number; opened: number }>(
    db,
    sql`select coalesce(sum(finished), 0)::int as score, (count(*) filter (where opened))::int as opened
        from (
          select count(*) filter (where p.finished_at is not null) as finished,
            bool_or(p.opened_at is not null) as opened
          from ${trainingProgress} p where p.training_id = ${id} and p.company_id = ${companyId}
          group by p.employee_id) per_employee`,
  );
  return { ...delivered!, ...progress! };
}

/** The lists tab as listFigures read it from every delivery and progress row. */
async function scannedLists(db: Db, companyId: string, trainingId: string) {
  return queryRows<{ id: string; name: string; list_user_count: number; total: number; score: number }>(
    db,
    sql`select l.id, l.name,
          (select count(*)::int from list_members m where m.list_id = l.id) as list_user_count,
          coalesce((select sum(cardinality(e.subject_ids))::int from ${trainingDeliveries} d
            join ${trainingEvents} e on e.id = d.event_id
            join list_members m on m.employee_id = d.employee_id and m.list_id = l.id
            where d.training_id = ${trainingId} and d.status = 'sent' and e.type = 1 and d.round = 0
              and d.channel = (t.channel & -t.channel)), 0) as total,
          (select count(*)::int from ${trainingProgress} p
            join list_members m on m.employee_id = p.employee_id and m.list_id = l.id
            where p.training_id = ${trainingId} and p.finished_at is not null) as score
        from training_lists tl join employee_lists l on l.id = tl.list_id
        join ${trainings} t on t.id = tl.training_id
        where tl.training_id = ${trainingId} and tl.company_id = ${companyId}
        order by l.name`,
  );
}

/** The dashboard row's figures as trainingFigures read them from every delivery and progress row. */
async function scannedDashboard(db: Db, companyId: string, id: string) {
  const [row] = await queryRows<{
    totalUsers: number;
    subjectsSent: number;
    opened: number;
    answered: number;
    correct: number;
  }>(
    db,
    sql`select
          (select count(distinct d.employee_id) from ${trainingDeliveries} d
            where d.training_id = ${id} and d.company_id = ${companyId}
              and d.status in ('sent', 'bounced'))::int as "totalUsers",
          (select coalesce(sum(cardinality(e.subject_ids)), 0) from ${trainingEvents} e
            where e.training_id = ${id} and e.type = 1 and e.status = 'sent')::int as "subjectsSent",
          (count(*) filter (where opened))::int as opened,
          coalesce(sum(answered), 0)::int as answered, coalesce(sum(correct), 0)::int as correct
        from (
          select bool_or(p.opened_at is not null) as opened,
            sum(bit_count(p.answered_mask::bit(32))) as answered,
            sum(bit_count(p.correct_mask::bit(32))) as correct
          from ${trainingProgress} p where p.training_id = ${id} and p.company_id = ${companyId}
          group by p.employee_id) per_employee`,
  );
  return row!;
}

describe.each(testDatabases())('kept program participants on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let companyId: string;
  let admin: string;
  let everyone: string;
  let team: string;

  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: (to) => (to.startsWith('gone') ? 550 : null) });
    t = await createTestApp(kind, { JOBS: '0', SMTP_URL: sink.url });
    companyId = (await createCompany(t.ctx.db, { name: 'Kept Co' })).id;
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, companyId, manager.id, 1);
    admin = await signIn(t, manager.id);
    everyone = await addList('Everyone', ['ann', 'bob', 'cy', 'gone', 'dan']);
    team = await addList('Team', ['ann', 'eve']);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const email = (name: string) => `${name}@kept.example`;
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.inject({
      method,
      url: `/api/companies/${companyId}${url}`,
      headers: bearer(admin),
      ...(payload ? { payload } : {}),
    });

  async function addList(name: string, people: string[]) {
    const id = (await api('POST', '/lists', { name })).json<{ id: string }>().id;
    await addToList(id, people);
    return id;
  }

  async function addToList(listId: string, people: string[]) {
    const res = await api('POST', `/lists/${listId}/users`, {
      users: people.map((p) => ({ email: email(p), name: p })),
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function start(overrides: Partial<TrainingSave> = {}) {
    const body: TrainingSave = {
      name: 'Kept program',
      status: 'scheduled',
      templateId: null,
      templateCustomized: false,
      subjects: ['spot-the-phish', 'clean-desk'],
      userLists: [everyone, team],
      scheduleType: 0,
      date: new Date(Date.now() + HOUR).toISOString(),
      frequency: 'W',
      subjectsPerInterval: 1,
      sendOptions: { channel: 1 },
      reminders_enabled: true,
      reminders_settings: { channel: 1, steps: [{ delay: 1, delayType: 3 }] },
      introMessageEnabled: false,
      introductoryData: { message: '' },
      ...overrides,
    };
    const res = await api('POST', '/automations', body);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ automation: { id: string } }>().automation.id;
    const [first] = await t.ctx.db
      .select({ sendAt: trainingEvents.sendAt })
      .from(trainingEvents)
      .where(
        and(eq(trainingEvents.trainingId, id), eq(trainingEvents.type, 1), eq(trainingEvents.position, 0)),
      );
    return { id, t0: first!.sendAt.getTime() };
  }

  async function tick(at: number) {
    await dispatch(t.ctx.db, new Date(at));
    const sent = await sendDue(t.ctx, () => new Date(at));
    await dispatch(t.ctx.db, new Date(at));
    return sent;
  }

  async function learner(programId: string, name: string) {
    const res = await api('POST', `/automations/${programId}/users/${email(name)}/link`);
    expect(res.statusCode, res.body).toBe(200);
    const token = decodeURIComponent(res.json<{ link: string }>().link.match(/#t=([A-Za-z0-9_%-]+)/)![1]!);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.inject({
        method,
        url: `/api/learner${url}`,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
    return {
      /** Opens a subject: the first event of a lesson. */
      open: async (subjectId: string) => {
        const r = await call('POST', '/events', { trainingId: programId, subjectId, code: 3 });
        expect(r.statusCode, r.body).toBe(200);
      },
      /** Watches the video to its end and answers every question with `answer`. */
      finish: async (subjectId: string, answer: number) => {
        const subject = (
          await call('GET', `/trainings/${programId}/subjects/${subjectId}`)
        ).json<LearnerSubject>();
        for (const code of [3, 7, 8, 9, 10, 11, 12]) {
          const r = await call('POST', '/events', { trainingId: programId, subjectId, code });
          expect(r.statusCode, r.body).toBe(200);
        }
        for (let question = 0; question < subject.questions.length; question++) {
          const r = await call('POST', '/answers', { trainingId: programId, subjectId, question, answer });
          expect(r.statusCode, r.body).toBe(200);
        }
        return subject.questions.length;
      },
      answer: async (subjectId: string, question: number, answer: number) => {
        const r = await call('POST', '/answers', { trainingId: programId, subjectId, question, answer });
        expect(r.statusCode, r.body).toBe(200);
      },
    };
  }

  /**
   * The kept rows equal the recomputation, and every figure read from them equals the one read from
   * every delivery and progress row, through the functions and through HTTP. Returns the detail figures.
   */
  async function expectExact(programId: string) {
    const db = t.ctx.db;
    expect(meaningful(await keptPairs(db))).toEqual(meaningful(await recomputedPairs(db)));

    const scanned = await scannedDetail(db, companyId, programId);
    const record = (await trainingById(db, systemScope(companyId, 'test'), programId))!;
    expect({
      totalUsers: record.totalUsers,
      bouncedEmails: record.bouncedEmails,
      total: record.total,
      score: record.score,
      opened: record.opened,
      lastDelivery: record.lastDelivery && new Date(record.lastDelivery).getTime(),
    }).toEqual({
      ...scanned,
      lastDelivery: scanned.lastDelivery && new Date(scanned.lastDelivery).getTime(),
    });
    const detail = (await api('GET', `/automations/${programId}`)).json();
    expect(detail).toMatchObject({
      totalUsers: scanned.totalUsers,
      bouncedEmails: scanned.bouncedEmails,
      total: scanned.total,
      score: scanned.score,
      opened: scanned.opened,
    });
    const page = (await api('GET', '/automations?tab=all&n=50')).json();
    expect(page.rows.find((r: { id: string }) => r.id === programId)).toMatchObject({
      totalUsers: scanned.totalUsers,
      total: scanned.total,
      score: scanned.score,
      opened: scanned.opened,
    });

    // Each employee's row on the program's Employees page, under every filter, counts the delivered
    // views of the kept pair.
    const views = new Map(
      (await keptPairs(db))
        .filter((p) => p.training_id === programId)
        .map((p) => [p.employee_id, p.delivered_views]),
    );
    const idOf = new Map(
      (await db.select({ id: employees.id, email: employees.email }).from(employees)).map((e) => [
        e.email,
        e.id,
      ]),
    );
    for (const filter of ['all', 'completed', 'notCompleted', 'bounced']) {
      const people = (await api('GET', `/automations/${programId}/employees?filter=${filter}&n=100`)).json();
      for (const row of people.rows as { email: string; total: number }[])
        expect([filter, row.email, row.total]).toEqual([
          filter,
          row.email,
          views.get(idOf.get(row.email)!) ?? 0,
        ]);
    }

    const lists = await scannedLists(db, companyId, programId);
    expect(await listFigures(db, systemScope(companyId, 'test'), programId)).toEqual(lists);
    expect((await api('GET', `/automations/${programId}/lists`)).json()).toEqual(
      lists.map((l) => ({
        id: l.id,
        name: l.name,
        list_user_count: l.list_user_count,
        score: l.score,
        total: l.total,
      })),
    );

    const dashboard = await scannedDashboard(db, companyId, programId);
    expect((await trainingFigures(db, systemScope(companyId, 'test'), [programId])).get(programId)).toEqual(
      dashboard,
    );
    const [program] = (await topTrainings(db, systemScope(companyId, 'test'), 10)).filter(
      (p) => p.id === programId,
    );
    if (program) {
      const rows = (await api('GET', '/dashboard/trainings?limit=10')).json().rows;
      expect(rows.find((r: { id: string }) => r.id === programId)).toEqual(
        JSON.parse(JSON.stringify(presentTrainingRow(program, dashboard))),
      );
    }
    return { ...scanned, lists, dashboard };
  }

  const employeeId = async (name: string) =>
    (
      await t.ctx.db
        .select({ id: employees.id })
        .from(employees)
        .where(eq(employees.email, email(name)))
    )[0]!.id;

  it('keeps every pair exact through sends, bounces, reminders, resends, joiners and learning', async () => {
    const { id, t0 } = await start();
    await expectExact(id);

    // The first batch (one subject) reaches six employees; one address bounces.
    expect(await tick(t0)).toBe(5);
    let f = await expectExact(id);
    expect(f).toMatchObject({ totalUsers: 6, bouncedEmails: 1, total: 5, score: 0, opened: 0 });
    expect(f.lists.map((l) => [l.name, l.list_user_count, l.total, l.score])).toEqual([
      ['Everyone', 5, 4, 0],
      ['Team', 2, 2, 0],
    ]);

    // Ann takes the lesson (her answers in the masks), Bob opens it and answers one question.
    const questions = await (await learner(id, 'ann')).finish('spot-the-phish', 0);
    expect(questions).toBeGreaterThan(1);
    const bob = await learner(id, 'bob');
    await bob.open('spot-the-phish');
    await bob.answer('spot-the-phish', 0, 1);
    f = await expectExact(id);
    expect(f).toMatchObject({ score: 1, opened: 2 });
    expect(f.dashboard.answered).toBe(questions + 1);

    // The batch's reminder (a type-2 event) reaches the unfinished; it adds no delivered views.
    expect(await tick(t0 + DAY)).toBe(4);
    expect(await expectExact(id)).toMatchObject({ totalUsers: 6, total: 5 });

    // A resend (round 1) to Bob: no delivered view either.
    const [batch] = (await api('GET', `/automations/${id}/deliveries`)).json();
    const resent = await api('POST', `/automations/${id}/deliveries/${batch.id}/resend`, {
      email: email('bob'),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await tick(t0 + DAY + MINUTE)).toBe(1);
    expect(await expectExact(id)).toMatchObject({ totalUsers: 6, total: 5 });

    // List changes: Fay joins the team after the batch and gets it; Cy leaves Everyone (the lists tab
    // counts the lists as they are now).
    await addToList(team, ['fay']);
    expect(await tick(t0 + DAY + 2 * MINUTE)).toBe(1);
    const removed = await api('DELETE', `/lists/${everyone}/users/${email('cy')}`);
    expect(removed.statusCode).toBe(204);
    f = await expectExact(id);
    expect(f).toMatchObject({ totalUsers: 7, total: 6 });
    expect(f.lists.map((l) => [l.name, l.list_user_count, l.total, l.score])).toEqual([
      ['Everyone', 4, 3, 1],
      ['Team', 3, 3, 1],
    ]);

    // The second batch a week later, then Ann finishes it too and Eve gets everything wrong.
    await tick(t0 + 7 * DAY);
    await (await learner(id, 'ann')).finish('clean-desk', 0);
    await (await learner(id, 'eve')).finish('spot-the-phish', 3);
    f = await expectExact(id);
    expect(f).toMatchObject({ score: 3, opened: 3 });
    await tick(t0 + 8 * DAY);
    await tick(t0 + 14 * DAY);
    await expectExact(id);
  });

  it('follows direct set-based writes, a channel change and deletions', async () => {
    const db = t.ctx.db;
    const { id, t0 } = await start({ name: 'Direct writes', reminders_enabled: false });
    await tick(t0);
    const before = await expectExact(id);

    // As the benchmarks seed: a second channel's deliveries of the batch, sent, in one statement. The
    // program's first channel is still email: they reach nobody new and add no delivered view.
    await db.execute(sql`
      insert into ${trainingDeliveries} (event_id, training_id, company_id, employee_id, channel, status, sent_at)
      select d.event_id, d.training_id, d.company_id, d.employee_id, 2, 'sent', ${new Date(t0 + HOUR).toISOString()}
      from ${trainingDeliveries} d where d.training_id = ${id} and d.channel = 1`);
    expect(await expectExact(id)).toMatchObject({ totalUsers: before.totalUsers, total: before.total });

    // Were the program's channel Slack alone, those would be the views counted.
    await db.update(trainings).set({ channel: 2 }).where(eq(trainings.id, id));
    expect(await expectExact(id)).toMatchObject({ total: before.total + 1 });
    await db.update(trainings).set({ channel: 1 }).where(eq(trainings.id, id));
    expect(await expectExact(id)).toMatchObject({ total: before.total });

    // As the demo loader does: deliveries updated in place, a bounce turned into a send.
    await db
      .update(trainingDeliveries)
      .set({ status: 'sent' })
      .where(and(eq(trainingDeliveries.trainingId, id), eq(trainingDeliveries.status, 'bounced')));
    expect(await expectExact(id)).toMatchObject({ bouncedEmails: 0, total: before.total + 1 });

    // Progress written and removed directly; a delivery removed.
    await (await learner(id, 'dan')).finish('spot-the-phish', 0);
    expect(await expectExact(id)).toMatchObject({ score: 1, opened: 1 });
    const dan = await employeeId('dan');
    await db
      .delete(trainingProgress)
      .where(and(eq(trainingProgress.trainingId, id), eq(trainingProgress.employeeId, dan)));
    await db
      .delete(trainingDeliveries)
      .where(and(eq(trainingDeliveries.trainingId, id), eq(trainingDeliveries.employeeId, dan)));
    expect(await expectExact(id)).toMatchObject({ score: 0, opened: 0, totalUsers: before.totalUsers - 1 });

    // A program's deletion takes its pairs with it.
    await db.delete(trainings).where(eq(trainings.id, id));
    expect(
      await db.select().from(trainingParticipants).where(eq(trainingParticipants.trainingId, id)),
    ).toEqual([]);
    expect(meaningful(await keptPairs(db))).toEqual(meaningful(await recomputedPairs(db)));
  });

  it('backfills the pairs of existing programs as migration 0009 does', async () => {
    const db = t.ctx.db;
    const { id, t0 } = await start({ name: 'Backfilled' });
    await tick(t0);
    await (await learner(id, 'bob')).finish('spot-the-phish', 0);
    const expected = meaningful(await keptPairs(db));
    expect(expected.length).toBeGreaterThan(5);
    const migration = readFileSync(
      fileURLToPath(new URL('../../db/migrations/0009_training_participants.sql', import.meta.url)),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--.*\n)*\s*INSERT INTO training_participants/.test(statement));
    expect(backfill).toHaveLength(2);
    await db.execute(sql`delete from ${trainingParticipants}`);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(meaningful(await keptPairs(db))).toEqual(expected);
    await expectExact(id);
  });

  it.runIf(kind === 'postgres')(
    'keeps a pair exact when two transactions change its deliveries at once',
    async () => {
      const db = t.ctx.db;
      const { id, t0 } = await start({ name: 'Concurrent', reminders_enabled: false });
      // Ann's pair exists (the first batch reached her); the second batch and a resend of the first are
      // waiting to go to her.
      await tick(t0);
      await dispatch(db, new Date(t0 + 7 * DAY));
      const [batch] = (await api('GET', `/automations/${id}/deliveries`)).json();
      const resent = await api('POST', `/automations/${id}/deliveries/${batch.id}/resend`, {
        email: email('ann'),
      });
      expect(resent.statusCode, resent.body).toBe(200);
      const ann = await employeeId('ann');
      const rows = await db
        .select({ id: trainingDeliveries.id })
        .from(trainingDeliveries)
        .where(
          and(
            eq(trainingDeliveries.trainingId, id),
            eq(trainingDeliveries.employeeId, ann),
            eq(trainingDeliveries.status, 'pending'),
          ),
        )
        .orderBy(trainingDeliveries.id);
      expect(rows).toHaveLength(2);
      const sentAt = new Date(t0 + 7 * DAY).toISOString();
      const send = (deliveryId: number) =>
        sql`update ${trainingDeliveries} set status = 'sent', sent_at = ${sentAt} where id = ${deliveryId}`;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstWrote!: () => void;
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
      const first = db.transaction(async (tx) => {
        await tx.execute(send(rows[0]!.id));
        firstWrote();
        await held;
      });
      await wrote;
      // The second waits on the pair the first holds, then counts the first's committed send too.
      const second = db.transaction(async (tx) => {
        await tx.execute(send(rows[1]!.id));
      });
      await new Promise((r) => setTimeout(r, 300));
      release();
      await Promise.all([first, second]);
      const [kept] = await db
        .select()
        .from(trainingParticipants)
        .where(and(eq(trainingParticipants.trainingId, id), eq(trainingParticipants.employeeId, ann)));
      expect(kept).toMatchObject({ reached: true, deliveredViews: 2, lastSentAt: new Date(sentAt) });
      await expectExact(id);
    },
  );
});
