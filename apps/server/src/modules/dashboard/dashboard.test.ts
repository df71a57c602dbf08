/**
 * The dashboard's calls over HTTP, on data written straight into the tables so that every figure can
 * be worked out by hand:
 *
 *   employees e1–e6; lists A = {e1, e2, e3}, B = {e3, e4}, C = {e5}; e6 in no list.
 *   T1 active    → A, subjects s1 s2 s3: batch 1 (s1 s2) sent 2 Mar 09:00 to e1, e2 (sent) and e3
 *                  (bounced), its reminder 5 Mar; batch 2 (s3) planned 31 Mar 23:30 UTC (1 Apr in Berlin).
 *                  Progress: e1 s1 3 answered / 2 correct, e1 s2 2 / 1, e2 s1 1 / 0.
 *   T4 active    → B: batch sent 1 Feb, a reminder 28 Feb 23:30 UTC (1 Mar in Berlin).
 *   T2 scheduled → B: batch planned 20 Mar 10:00.
 *   T3 completed → C: batch sent 10 Jan, a cancelled one 15 Mar.
 *   T5 draft     → A: an event 12 Mar (never shown).
 *   Q  active    (seedAssessment): lists Sales, Ops with five more employees; invited 2 Mar 09:00,
 *                reminders 9 and 16 Mar, due 30 Mar 09:00; 5 invited, 4 started, 3 finished, score 56.
 *   S  scheduled → A: invitation planned 10 Apr, due 20 Apr.
 *   D  completed → C: delivered 1 Feb, due 15 Feb, nobody invited.
 *   X  draft     → A: due 25 Mar (never shown).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CalendarEvent,
  CompanyStatistics,
  DashboardAssessmentRow,
  DashboardTrainingRow,
  LatestSubject,
} from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import {
  assessmentEvents,
  assessmentLists,
  assessments,
  companies,
  companyFigureChanges,
  companyStatistics,
  companySubscriptions,
  employeeLists,
  employees,
  listMembers,
  trainingDeliveries,
  trainingEvents,
  trainingLists,
  trainingProgress,
  trainings,
} from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { seedAssessment, type SeededAssessment } from '../../test/assessment-reports.fixture.ts';

const at = (iso: string) => new Date(iso);
const S = ['clean-desk', 'tailgating', 'public-wifi'];

async function seedPrograms(db: Db, companyId: string) {
  const people = await db
    .insert(employees)
    .values([1, 2, 3, 4, 5, 6].map((n) => ({ companyId, email: `e${n}@dash.example`, name: `E${n}` })))
    .returning({ id: employees.id });
  const e = people.map((p) => p.id);
  const [A, B, C] = (
    await db
      .insert(employeeLists)
      .values(['A', 'B', 'C'].map((name) => ({ companyId, name })))
      .returning({ id: employeeLists.id })
  ).map((l) => l.id);
  const members: [string, number][] = [
    [A!, 0],
    [A!, 1],
    [A!, 2],
    [B!, 2],
    [B!, 3],
    [C!, 4],
  ];
  await db
    .insert(listMembers)
    .values(members.map(([listId, i]) => ({ listId, employeeId: e[i]!, companyId })));

  const program = async (
    name: string,
    status: 'draft' | 'scheduled' | 'active' | 'completed',
    list: string,
  ) => {
    const [row] = await db
      .insert(trainings)
      .values({ companyId, name, status, subjectIds: S })
      .returning({ id: trainings.id });
    await db.insert(trainingLists).values({ trainingId: row!.id, listId: list, companyId });
    return row!.id;
  };
  const T1 = await program('Phishing basics', 'active', A!);
  const T4 = await program('Another active', 'active', B!);
  const T2 = await program('Passwords', 'scheduled', B!);
  const T3 = await program('Old program', 'completed', C!);
  const T5 = await program('Draft program', 'draft', A!);
  const batches = new Map<string, number>();
  const event = async (
    trainingId: string,
    values: {
      type?: 1 | 2;
      sendAt: string;
      status?: 'scheduled' | 'sent' | 'cancelled';
      subjects?: string[];
    },
  ) => {
    // A program's batches take positions 0, 1, … as the wizard writes them; reminders follow theirs.
    const type = values.type ?? 1;
    const position = type === 1 ? (batches.get(trainingId) ?? 0) : 0;
    if (type === 1) batches.set(trainingId, position + 1);
    const [row] = await db
      .insert(trainingEvents)
      .values({
        companyId,
        trainingId,
        type,
        position,
        sendAt: at(values.sendAt),
        status: values.status ?? 'scheduled',
        subjectIds: values.subjects ?? [],
      })
      .returning({ id: trainingEvents.id });
    return row!.id;
  };
  const batch1 = await event(T1, {
    sendAt: '2026-03-02T09:00:00Z',
    status: 'sent',
    subjects: [S[0]!, S[1]!],
  });
  await event(T1, { type: 2, sendAt: '2026-03-05T09:00:00Z', status: 'sent' });
  await event(T1, { sendAt: '2026-03-31T23:30:00Z', subjects: [S[2]!] });
  await event(T4, { sendAt: '2026-02-01T09:00:00Z', status: 'sent', subjects: S });
  await event(T4, { type: 2, sendAt: '2026-02-28T23:30:00Z', status: 'sent' });
  await event(T2, { sendAt: '2026-03-20T10:00:00Z', subjects: S });
  await event(T3, { sendAt: '2026-01-10T09:00:00Z', status: 'sent', subjects: S });
  await event(T3, { sendAt: '2026-03-15T09:00:00Z', status: 'cancelled', subjects: S });
  await event(T5, { sendAt: '2026-03-12T09:00:00Z', subjects: S });
  await db.insert(trainingDeliveries).values(
    [0, 1, 2].map((i) => ({
      eventId: batch1,
      trainingId: T1,
      companyId,
      employeeId: e[i]!,
      channel: 1,
      status: i === 2 ? ('bounced' as const) : ('sent' as const),
      sentAt: at('2026-03-02T09:00:00Z'),
    })),
  );
  const progress = (i: number, subjectId: string, answeredMask: number, correctMask: number) => ({
    trainingId: T1,
    employeeId: e[i]!,
    subjectId,
    companyId,
    openedAt: at('2026-03-02T10:00:00Z'),
    answeredMask,
    correctMask,
  });
  await db
    .insert(trainingProgress)
    .values([progress(0, S[0]!, 0b111, 0b101), progress(0, S[1]!, 0b11, 0b01), progress(1, S[0]!, 0b1, 0)]);

  const assessment = async (
    name: string,
    status: 'draft' | 'scheduled' | 'completed',
    list: string,
    dates: { deliveryAt: string; dueAt: string },
  ) => {
    const [row] = await db
      .insert(assessments)
      .values({
        companyId,
        name,
        status,
        scheduleType: 0,
        deliveryAt: at(dates.deliveryAt),
        dueAt: at(dates.dueAt),
      })
      .returning({ id: assessments.id });
    await db.insert(assessmentLists).values({ assessmentId: row!.id, listId: list, companyId });
    return row!.id;
  };
  const scheduled = await assessment('Scheduled check', 'scheduled', A!, {
    deliveryAt: '2026-04-10T08:00:00Z',
    dueAt: '2026-04-20T08:00:00Z',
  });
  await db.insert(assessmentEvents).values({
    assessmentId: scheduled,
    companyId,
    type: 1,
    position: 0,
    sendAt: at('2026-04-10T08:00:00Z'),
  });
  const done = await assessment('Done check', 'completed', C!, {
    deliveryAt: '2026-02-01T08:00:00Z',
    dueAt: '2026-02-15T08:00:00Z',
  });
  await assessment('Draft check', 'draft', A!, {
    deliveryAt: '2026-03-20T08:00:00Z',
    dueAt: '2026-03-25T08:00:00Z',
  });
  return { T1, T2, T3, T4, scheduled, done };
}

describe.each(testDatabases())('dashboard (%s)', (kind) => {
  let t: TestApp;
  let companyId: string;
  let otherId: string;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  let outsider: Record<string, string>;
  let ids: Awaited<ReturnType<typeof seedPrograms>>;
  let q: SeededAssessment;

  const get = (path: string, headers: Record<string, string> = viewer) =>
    t.inject({ method: 'GET', url: `/api/companies/${companyId}${path}`, headers });

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    const company = await createCompany(db, { subscription: { seats: 250 } });
    const other = await createCompany(db, {
      subscription: {
        partner: true,
        definition: { trainingSubjects: ['clean-desk', 'decision-lost-laptop'] },
      },
    });
    companyId = company.id;
    otherId = other.id;
    await db.update(companies).set({ defaultLanguage: 'de' }).where(eq(companies.id, companyId));
    await db
      .update(companySubscriptions)
      .set({ seats: null })
      .where(eq(companySubscriptions.companyId, otherId));
    const [adminUser, viewerUser, outsiderUser] = await Promise.all([
      createManager(db),
      createManager(db),
      createManager(db),
    ]);
    await addMember(db, companyId, adminUser.id, 1);
    await addMember(db, companyId, viewerUser.id, 2);
    await addMember(db, otherId, outsiderUser.id, 1);
    admin = bearer(await signIn(t, adminUser.id));
    viewer = bearer(await signIn(t, viewerUser.id));
    outsider = bearer(await signIn(t, outsiderUser.id));
    ids = await seedPrograms(db, companyId);
    q = await seedAssessment(db, companyId);
    await seedAssessment(db, otherId, 'Theirs');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts programs per state and the distinct employees in their lists', async () => {
    const res = await get('/statistics/status');
    expect(res.statusCode).toBe(200);
    expect(res.json<CompanyStatistics>()).toEqual({
      // Active: T1, T4 and the scheduled T2, over A ∪ B = e1–e4; completed: T3 over C = e5.
      trainings: { active: { value: 3, users: 4 }, completed: { value: 1, users: 1 } },
      // Active: Q (Sales ∪ Ops, five people) and the scheduled S (A, three more); completed: D over C.
      assessments: { active: { value: 2, users: 8 }, completed: { value: 1, users: 1 } },
      // e1–e5 and Q's five; e6 is in no list.
      employees: { total: 10, seats: 250 },
    });
    const theirs = await t.inject({
      method: 'GET',
      url: `/api/companies/${otherId}/statistics/status`,
      headers: outsider,
    });
    expect(theirs.json<CompanyStatistics>()).toEqual({
      trainings: { active: { value: 0, users: 0 }, completed: { value: 0, users: 0 } },
      assessments: { active: { value: 1, users: 5 }, completed: { value: 0, users: 0 } },
      employees: { total: 5, seats: null },
    });
  });

  it('keeps the counts until a membership, a program or its state changes', async () => {
    const db = t.ctx.db;
    const cards = async () => (await get('/statistics/status')).json<CompanyStatistics>();
    const before = await cards();
    // Kept, and no change noted since: the next call reads them as they are.
    const [kept] = await db
      .select({ figures: companyStatistics.figures })
      .from(companyStatistics)
      .where(eq(companyStatistics.companyId, companyId));
    expect(kept!.figures).not.toBeNull();
    const notes = () =>
      db.select().from(companyFigureChanges).where(eq(companyFigureChanges.companyId, companyId));
    expect(await notes()).toEqual([]);
    expect(await cards()).toEqual(before);

    // e6, in no list so far, joins C (the completed program's list): the next call counts them.
    const [e6] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.email, 'e6@dash.example'));
    const [listC] = await db
      .select({ id: employeeLists.id })
      .from(employeeLists)
      .where(and(eq(employeeLists.companyId, companyId), eq(employeeLists.name, 'C')));
    await db.insert(listMembers).values({ listId: listC!.id, employeeId: e6!.id, companyId });
    expect(await notes()).toHaveLength(1);
    const joined = await cards();
    expect(await notes()).toEqual([]);
    expect(joined.employees.total).toBe(before.employees.total + 1);
    expect(joined.trainings.completed).toEqual({ value: 1, users: 2 });

    // The completed program runs again: it moves from one card figure to the other.
    await db.update(trainings).set({ status: 'active' }).where(eq(trainings.id, ids.T3));
    const moved = await cards();
    expect(moved.trainings.completed).toEqual({ value: 0, users: 0 });
    expect(moved.trainings.active).toEqual({ value: before.trainings.active.value + 1, users: 6 });

    // Both undone: the figures are the first ones again.
    await db.update(trainings).set({ status: 'completed' }).where(eq(trainings.id, ids.T3));
    await db
      .delete(listMembers)
      .where(and(eq(listMembers.listId, listC!.id), eq(listMembers.employeeId, e6!.id)));
    expect(await cards()).toEqual(before);
  });

  it('lists the top trainings: active, then scheduled, then completed, newest start first', async () => {
    const res = await get('/dashboard/trainings');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ rows: DashboardTrainingRow[] }>().rows;
    expect(rows.map((r) => r.name)).toEqual(['Phishing basics', 'Another active', 'Passwords']);
    expect(rows[0]).toEqual({
      id: ids.T1,
      name: 'Phishing basics',
      status: 'active',
      statusInfo: { label: 'Active', color: 'teal' },
      // e1 and e2 opened something of the three reached (e3 bounced): 2 / 3.
      attendance: 67,
      // 3 of 6 first answers correct.
      awarenessScore: 50,
      isScorm: false,
      _rawData: { subjectsSent: 2, totalSubjects: 3, totalUsers: 3 },
    });
    expect(rows[1]).toMatchObject({
      attendance: null,
      awarenessScore: null,
      _rawData: { subjectsSent: 3, totalSubjects: 3, totalUsers: 0 },
    });
    expect(rows[2]).toMatchObject({
      status: 'scheduled',
      statusInfo: { label: 'Scheduled', color: 'blue' },
      _rawData: { subjectsSent: 0, totalSubjects: 3, totalUsers: 0 },
    });
    const all = (await get('/dashboard/trainings?limit=10')).json<{ rows: DashboardTrainingRow[] }>().rows;
    expect(all.map((r) => [r.id, r.status])).toEqual([
      [ids.T1, 'active'],
      [ids.T4, 'active'],
      [ids.T2, 'scheduled'],
      [ids.T3, 'completed'],
    ]);
  });

  it('lists the top assessments with attendance (finished of invited) and the kept resilience score', async () => {
    const res = await get('/dashboard/assessments?limit=3');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ rows: DashboardAssessmentRow[] }>().rows).toEqual([
      {
        id: q.id,
        name: 'Q2 risk check',
        link: `/assessment/${q.id}/view/`,
        status: 'active',
        statusInfo: { label: 'Active', color: 'teal' },
        attendance: 60,
        resilienceScore: 56,
        _rawData: { totalEmployees: 5, usersFinished: 3, started: 4 },
      },
      expect.objectContaining({
        id: ids.scheduled,
        link: `/assessment/${ids.scheduled}/view/`,
        status: 'scheduled',
        attendance: null,
        resilienceScore: null,
        _rawData: { totalEmployees: 0, usersFinished: 0, started: 0 },
      }),
      expect.objectContaining({ id: ids.done, status: 'completed' }),
    ]);
  });

  it('checks the row limit', async () => {
    expect((await get('/dashboard/trainings?limit=0')).statusCode).toBe(400);
    expect((await get('/dashboard/assessments?limit=11')).statusCode).toBe(400);
    expect((await get('/dashboard/trainings?limit=1')).json<{ rows: unknown[] }>().rows).toHaveLength(1);
  });

  it("gives the month's batches, reminders, invitations and due dates in date order (UTC)", async () => {
    const res = await get('/events?m=2026-03');
    expect(res.statusCode).toBe(200);
    const events = res.json<CalendarEvent[]>();
    expect(events.map((e) => [e.date, e.name, e.type, e.kind, e.status])).toEqual([
      ['2026-03-02T09:00:00.000Z', 'Phishing basics', 'training', 'delivery', 'active'],
      ['2026-03-02T09:00:00.000Z', 'Q2 risk check', 'assessment', 'delivery', 'active'],
      ['2026-03-05T09:00:00.000Z', 'Phishing basics', 'training', 'reminder', 'active'],
      ['2026-03-09T09:00:00.000Z', 'Q2 risk check', 'assessment', 'reminder', 'active'],
      ['2026-03-16T09:00:00.000Z', 'Q2 risk check', 'assessment', 'reminder', 'active'],
      ['2026-03-20T10:00:00.000Z', 'Passwords', 'training', 'delivery', 'scheduled'],
      ['2026-03-30T09:00:00.000Z', 'Q2 risk check', 'assessment', 'due', 'active'],
      ['2026-03-31T23:30:00.000Z', 'Phishing basics', 'training', 'delivery', 'active'],
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(
      events.filter((e) => e.type === 'training').every((e) => [ids.T1, ids.T2].includes(e.eventId)),
    ).toBe(true);
    expect(events.filter((e) => e.type === 'assessment').every((e) => e.eventId === q.id)).toBe(true);
    const february = (await get('/events?m=2026-02')).json<CalendarEvent[]>();
    expect(february.map((e) => [e.date, e.name, e.kind])).toEqual([
      ['2026-02-01T09:00:00.000Z', 'Another active', 'delivery'],
      ['2026-02-15T08:00:00.000Z', 'Done check', 'due'],
      ['2026-02-28T23:30:00.000Z', 'Another active', 'reminder'],
    ]);
  });

  it('cuts the month in the time zone asked for', async () => {
    // In Berlin, 28 Feb 23:30 UTC is 1 Mar 00:30 and 31 Mar 23:30 UTC is 1 Apr 01:30.
    const march = (await get('/events?m=2026-03&tz=Europe/Berlin')).json<CalendarEvent[]>();
    expect(march[0]).toMatchObject({
      date: '2026-02-28T23:30:00.000Z',
      name: 'Another active',
      kind: 'reminder',
    });
    expect(march.at(-1)).toMatchObject({ date: '2026-03-30T09:00:00.000Z', kind: 'due' });
    expect(march).toHaveLength(8);
    const april = (await get('/events?m=2026-04&tz=Europe/Berlin')).json<CalendarEvent[]>();
    expect(april.map((e) => [e.date, e.name, e.kind, e.status])).toEqual([
      ['2026-03-31T23:30:00.000Z', 'Phishing basics', 'delivery', 'active'],
      ['2026-04-10T08:00:00.000Z', 'Scheduled check', 'delivery', 'scheduled'],
      ['2026-04-20T08:00:00.000Z', 'Scheduled check', 'due', 'scheduled'],
    ]);
    expect((await get('/events?m=2026-04')).json<CalendarEvent[]>()).toHaveLength(2);
  });

  it('refuses a bad month or time zone', async () => {
    for (const query of ['m=2026-13', 'm=March', 'm=2026-3', '', 'm=2026-03&tz=Mars/Base']) {
      const res = await get(`/events?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const res = await get('/events?m=2026-3');
    expect(JSON.stringify(res.json())).toContain('Month must be written YYYY-MM.');
  });

  it("shows the newest subjects of the plan in the company's language", async () => {
    const db = t.ctx.db;
    await db.execute(sql`update subjects set added_at = '2030-01-01' where id = 'tailgating'`);
    await db.execute(
      sql`update subjects set added_at = '2029-06-01' where id in ('clean-desk', 'decision-lost-laptop')`,
    );
    const res = await get('/subjects/latest');
    expect(res.statusCode).toBe(200);
    const subjects = res.json<LatestSubject[]>();
    expect(subjects).toHaveLength(4);
    expect(subjects[0]).toMatchObject({
      subject_id: 'tailgating',
      thumb: '/media/thumbs/tailgating.svg',
    });
    // The decision subject has no thumbnail, so the panel skips it.
    expect(subjects[1]).toMatchObject({
      subject_id: 'clean-desk',
      title: 'Aufgeräumter Schreibtisch, gesperrter Bildschirm',
      // The German video's length, read from the file.
      duration: 146,
    });
    expect(subjects[1]!.description).toMatch(/^Ein ungesperrter Bildschirm/);
    const theirs = await t.inject({
      method: 'GET',
      url: `/api/companies/${otherId}/subjects/latest`,
      headers: outsider,
    });
    expect(theirs.json<LatestSubject[]>().map((s) => [s.subject_id, s.title])).toEqual([
      ['clean-desk', 'Clean desk, locked screen'],
    ]);
  });

  it('answers managers of the company only', async () => {
    const paths = [
      '/statistics/status',
      '/dashboard/trainings',
      '/dashboard/assessments',
      '/events?m=2026-03',
      '/subjects/latest',
    ];
    for (const path of paths) {
      expect((await get(path, admin)).statusCode, path).toBe(200);
      expect((await get(path, viewer)).statusCode, path).toBe(200);
      expect((await get(path, outsider)).statusCode, path).toBe(404);
      expect((await get(path, {})).statusCode, path).toBe(401);
    }
  });
});
