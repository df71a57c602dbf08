import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMonthBounds } from '@vigil/shared';
import { queryRows } from '../../db/client.ts';
import { systemScope } from '../../lib/scope.ts';
import {
  assessmentAnswers,
  assessmentParticipants,
  assessments,
  companies,
  companySubscriptions,
  listMembers,
  trainingDeliveries,
  trainingEvents,
  trainingLists,
  trainingProgress,
  trainings,
} from '../../db/schema/index.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { calendarRows } from '../dashboard/dashboard.queries.ts';
import { trainingById } from '../trainings/trainings.queries.ts';
import { entitlements } from '@vigil/shared';
import { findUserByEmail } from '../auth/auth.service.ts';
import { myCompanies } from '../companies/companies.service.ts';
import { phishingSummary } from '../phishing/phishing.results.ts';
import { DEMO } from './demo.data.ts';
import { DEMO_STATES } from './demo.subscriptions.ts';
import { loadDemoData } from './demo.service.ts';

const DAY = 86_400_000;

/** The UTC month `offset` months from now, as YYYY-MM. */
const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const monthFromNow = (offset: number) => {
  const now = new Date();
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)));
};

describe.each(testDatabases())('demo data on %s', (kind) => {
  let t: TestApp;
  let harborId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const programs = () => t.ctx.db.select().from(trainings).where(eq(trainings.companyId, harborId));
  const program = async (status: string) => {
    const row = (await programs()).find((p) => p.status === status)!;
    return (await trainingById(t.ctx.db, systemScope(harborId, 'test'), row.id))!;
  };
  const listMembersOf = async (trainingId: string) => {
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(distinct m.employee_id)::int as n from ${trainingLists} tl
          join ${listMembers} m on m.list_id = tl.list_id where tl.training_id = ${trainingId}`,
    );
    return row!.n;
  };
  /** Correct quiz answers of all answers given in a program, in percent. */
  const quizScore = async (trainingId: string) => {
    const [row] = await queryRows<{ correct: number; answered: number }>(
      t.ctx.db,
      sql`select sum(bit_count(correct_mask::bit(32)))::int as correct,
            sum(bit_count(answered_mask::bit(32)))::int as answered
          from ${trainingProgress} where training_id = ${trainingId}`,
    );
    return (100 * row!.correct) / row!.answered;
  };

  it('loads once, into a company of a few hundred employees', { timeout: 180_000 }, async () => {
    expect(await loadDemoData(t.ctx.db)).toBe(true);
    expect(await loadDemoData(t.ctx.db)).toBe(false);
    const [harbor] = await t.ctx.db.select().from(companies).where(eq(companies.name, DEMO.company.name));
    harborId = harbor!.id;
    const [staff] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from employees where company_id = ${harborId}`,
    );
    const [plan] = await t.ctx.db
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.companyId, harborId));
    expect(staff!.n).toBeGreaterThan(300);
    expect(staff!.n).toBeLessThan(plan!.seats! * 0.8);
    expect((await programs()).map((p) => p.status).sort()).toEqual([
      'active',
      'completed',
      'draft',
      'scheduled',
    ]);
  });

  it('has one company in each subscription state, reached by the demo admin', async () => {
    const admin = (await findUserByEmail(t.ctx.db, DEMO.company.admin.email))!;
    const mine = await myCompanies(t.ctx, admin.id);
    const state = (name: string) => {
      const c = mine.find((m) => m.company_name === name)!;
      return { ...entitlements(c, new Date()), users: c.users_total, seats: c.users_available, role: c.role };
    };
    expect(mine[0]!.company_name).toBe(DEMO.company.name);
    expect(state(DEMO.company.name)).toMatchObject({ state: 'active', active: true });
    expect(state(DEMO_STATES.trial.name)).toMatchObject({ state: 'trial', active: true, role: 1, users: 12 });
    expect(state(DEMO_STATES.expired.name)).toMatchObject({ state: 'expired', active: false, role: 1 });
    expect(state(DEMO_STATES.overSeats.name)).toMatchObject({ state: 'active', users: 32, seats: 25 });
  });

  it('has a scheduled campaign whose deliveries are all to come', async () => {
    const scheduled = (await programs()).find((p) => p.status === 'scheduled')!;
    const events = await t.ctx.db
      .select()
      .from(trainingEvents)
      .where(eq(trainingEvents.trainingId, scheduled.id));
    expect(events.filter((e) => e.type === 1).length).toBeGreaterThan(1);
    expect(events.every((e) => e.sendAt.getTime() > Date.now())).toBe(true);
  });

  it('has a program finished months ago: every batch and reminder out, most lessons done', async () => {
    const done = await program('completed');
    expect(done.eventsSent).toBe(done.eventsTotal);
    expect(done.eventsTotal).toBeGreaterThan(3);
    expect(new Date(done.lastBatch!).getTime()).toBeLessThan(Date.now() - 60 * DAY);
    expect(new Date(done.firstBatch!).getTime()).toBeGreaterThan(Date.now() - 200 * DAY);
    // It reached everyone in its lists, most of the company.
    expect(done.totalUsers).toBe(await listMembersOf(done.training.id));
    expect(done.totalUsers).toBeGreaterThan(250);
    expect(done.opened).toBeGreaterThan(done.totalUsers * 0.85);
    expect(done.score).toBeGreaterThan(done.total * 0.75);
    expect(done.score).toBeLessThan(done.total);
    const score = await quizScore(done.training.id);
    expect(score).toBeGreaterThan(60);
    expect(score).toBeLessThan(90);

    // Reminders went out, to fewer employees than the batches: the others had finished by then.
    const events = await t.ctx.db
      .select()
      .from(trainingEvents)
      .where(eq(trainingEvents.trainingId, done.training.id));
    const reminders = events.filter((e) => e.type === 2);
    expect(reminders.length).toBe(done.eventsTotal);
    expect(reminders.every((e) => e.status === 'sent')).toBe(true);
    const [reminded] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from ${trainingDeliveries} d join ${trainingEvents} e on e.id = d.event_id
          where e.training_id = ${done.training.id} and e.type = 2 and d.status = 'sent'`,
    );
    expect(reminded!.n).toBeGreaterThan(0);
    expect(reminded!.n).toBeLessThan(done.totalUsers * reminders.length);
  });

  it('has a running program with its history and its next deliveries', async () => {
    const running = await program('active');
    expect(running.eventsSent).toBe(2);
    expect(running.eventsTotal).toBeGreaterThan(running.eventsSent);
    expect(running.totalUsers).toBe(await listMembersOf(running.training.id));
    expect(running.opened).toBeGreaterThan(running.totalUsers / 2);
    expect(running.score).toBeGreaterThan(0);
    expect(running.score).toBeLessThan(running.total);
  });

  it('has a baseline a few hundred employees finished, and a check still running', async () => {
    const made = await t.ctx.db.select().from(assessments).where(eq(assessments.companyId, harborId));
    expect(made.map((a) => a.status).sort()).toEqual(['active', 'completed']);
    for (const a of made) {
      const people = await t.ctx.db
        .select()
        .from(assessmentParticipants)
        .where(eq(assessmentParticipants.assessmentId, a.id));
      const finished = people.filter((p) => p.finishedAt !== null);
      expect(finished.length).toBeGreaterThan(5);
      expect(finished.length).toBeLessThan(people.length);
      if (a.status === 'completed') expect(finished.length).toBeGreaterThan(250);
      expect(finished.every((p) => p.score !== null && p.score >= 0 && p.score <= 100)).toBe(true);
      // What each one answered is kept with them.
      const answers = await queryRows<{ employee_id: string; n: number }>(
        t.ctx.db,
        sql`select employee_id, count(*)::int as n from ${assessmentAnswers}
            where assessment_id = ${a.id} group by employee_id`,
      );
      const counted = new Map(answers.map((x) => [x.employee_id, x.n]));
      expect(people.every((p) => p.answered === (counted.get(p.employeeId) ?? 0))).toBe(true);
      expect(people.filter((p) => p.startedAt !== null).length).toBe(counted.size);
      // The employees answered differently: their scores spread over more than one band.
      expect(new Set(finished.map((p) => Math.floor(p.score! / 25))).size).toBeGreaterThan(1);
    }
  });

  it("fills the calendar: this month, next month, and the months of the company's past", async () => {
    // Read as the dashboard's calendar reads a month (UTC).
    for (const offset of [0, 1, -1, -3, -4]) {
      const { from, to } = calendarMonthBounds(monthFromNow(offset));
      const rows = await calendarRows(t.ctx.db, systemScope(harborId, 'test'), from, to);
      expect(rows.length, `month ${offset}`).toBeGreaterThan(0);
    }
    const { from } = calendarMonthBounds(monthFromNow(0));
    const { to } = calendarMonthBounds(monthFromNow(2));
    const upcoming = (await calendarRows(t.ctx.db, systemScope(harborId, 'test'), from, to)).filter(
      (r) => new Date(r.date).getTime() > Date.now(),
    );
    expect(upcoming.length).toBeGreaterThan(3);
  });

  it('has a finished phishing simulation with a month of results and one sending now', async () => {
    const made = await queryRows<{ id: string; status: string; sent: number; pending: number }>(
      t.ctx.db,
      sql`select c.id, c.status,
            (select count(*) from phishing_deliveries d where d.campaign_id = c.id and d.status = 'sent')::int as sent,
            (select count(*) from phishing_deliveries d where d.campaign_id = c.id and d.status = 'pending')::int as pending
          from phishing_campaigns c where c.company_id = ${harborId} order by c.status`,
    );
    expect(made.map((c) => c.status)).toEqual(['active', 'completed']);
    const [running, done] = made;
    expect(done!.sent).toBeGreaterThan(300);
    expect(done!.pending).toBe(0);
    expect(running!.sent).toBeGreaterThan(0);
    expect(running!.pending).toBeGreaterThan(0);
    const kinds = await queryRows<{ kind: string; n: number }>(
      t.ctx.db,
      sql`select kind, count(distinct employee_id)::int as n from phishing_interactions
          where campaign_id = ${done!.id} group by kind order by kind`,
    );
    const count = (kind: string) => kinds.find((k) => k.kind === kind)?.n ?? 0;
    expect(count('clicked')).toBeGreaterThan(done!.sent * 0.1);
    expect(count('clicked')).toBeLessThan(done!.sent * 0.4);
    expect(count('scanner')).toBeGreaterThan(0);
    expect(count('reported')).toBeGreaterThan(0);
    const summary = await phishingSummary(t.ctx.db, systemScope(harborId, 'test'));
    expect(summary.simulations).toBe(2);
    expect(summary.phishPronePercent).toBeGreaterThan(10);
  });
});
