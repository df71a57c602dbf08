import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES, TRAINING_MESSAGES, type TrainingSave } from '@vigil/shared';
import {
  companies,
  companySubscriptions,
  employees,
  listMembers,
  trainingDeliveries,
  trainingEvents,
  trainings,
} from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabases())('training programs on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let other: { id: string };
  let admin: string;
  let viewer: string;
  let outsider: string;
  let listId: string;
  let emptyListId: string;
  let otherListId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Programs Co' });
    other = await createCompany(db, { name: 'Elsewhere Co' });
    const [a, v, o] = await Promise.all([createManager(db), createManager(db), createManager(db)]);
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, v.id, 2);
    await addMember(db, other.id, o.id, 1);
    [admin, viewer, outsider] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
    listId = await listWith(company.id, admin, 'Finance', ['ann@programs.example', 'bob@programs.example']);
    emptyListId = await listWith(company.id, admin, 'Nobody yet', []);
    otherListId = await listWith(other.id, outsider, 'Their list', ['zed@elsewhere.example']);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function listWith(companyId: string, token: string, name: string, emails: string[]) {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/lists`,
      headers: bearer(token),
      payload: { name },
    });
    const id = res.json<{ id: string }>().id;
    if (emails.length > 0) {
      const added = await t.inject({
        method: 'POST',
        url: `/api/companies/${companyId}/lists/${id}/users`,
        headers: bearer(token),
        payload: { users: emails.map((email) => ({ email, name: email.split('@')[0] })) },
      });
      expect(added.statusCode).toBe(200);
    }
    return id;
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: object) =>
    t.inject({
      method,
      url: `/api/companies/${company.id}/automations${url}`,
      headers: bearer(token),
      payload,
    });

  const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

  function program(overrides: Partial<TrainingSave> = {}): TrainingSave {
    return {
      name: 'Phishing basics',
      status: 'scheduled',
      templateId: 'phishing-defence',
      templateCustomized: false,
      subjects: ['spot-the-phish', 'link-and-attachment-traps', 'smishing-text-scams', 'vishing-phone-scams'],
      userLists: [listId],
      scheduleType: 0,
      date: inAnHour(),
      frequency: 'W',
      subjectsPerInterval: 3,
      sendOptions: { channel: 1 },
      reminders_enabled: true,
      reminders_settings: {
        channel: 1,
        steps: [
          { delay: 1, delayType: 3 },
          { delay: 3, delayType: 3 },
        ],
      },
      introMessageEnabled: true,
      introductoryData: { message: '<p>Welcome to <strong>security</strong> training</p>' },
      ...overrides,
    };
  }

  async function create(body: TrainingSave) {
    const res = await call('POST', '', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ automation: { id: string; status: string } }>().automation;
  }

  const view = async (id: string, token = admin) => (await call('GET', `/${id}`, token)).json();

  it('starts a program: its batches follow the schedule and each has its reminders', async () => {
    const start = inAnHour();
    const created = await create(program({ date: start }));
    expect(created.status).toBe('scheduled');
    const v = await view(created.id);
    expect(v).toMatchObject({
      name: 'Phishing basics',
      status: 'scheduled',
      statusInfo: { label: 'Scheduled' },
      active: 1,
      selectedUserCount: 2,
      selectedUserListsIds: [listId],
      canEdit: true,
      canPause: true,
      canStop: true,
      canDelete: true,
      canCopy: true,
      canRemind: false,
      attendance: null,
      completionRate: null,
    });
    const batches = v.events.filter((e: { type: number }) => e.type === 1);
    expect(batches.map((e: { subjects: string[] }) => e.subjects.length)).toEqual([3, 1]);
    expect(batches[0].date).toBe(new Date(start).toISOString());
    expect(new Date(batches[1].date).getTime() - new Date(start).getTime()).toBe(7 * DAY);
    const reminders = v.events.filter((e: { type: number }) => e.type === 2);
    expect(reminders).toHaveLength(4);
    const firstReminders = reminders.filter((r: { parentId: string }) => r.parentId === batches[0].id);
    expect(
      firstReminders.map((r: { date: string }) => new Date(r.date).getTime() - new Date(start).getTime()),
    ).toEqual([DAY, 3 * DAY]);
    expect(v.introductoryData.message).toBe('<p>Welcome to <strong>security</strong> training</p>');
  });

  it('saves a draft leniently, strips HTML from the name, and lists it for admins only', async () => {
    const draft = await create(
      program({ status: 'draft', name: '<b>Draft</b>\u00a0one&nbsp;', subjects: [], userLists: [] }),
    );
    expect(draft.status).toBe('draft');
    const v = await view(draft.id);
    expect(v.name).toBe('Draft one');
    expect(v.events).toEqual([]);
    expect(v.active).toBe(0);
    const untitled = await create(program({ status: 'draft', name: '   ' }));
    expect((await view(untitled.id)).name).toBe('Untitled Training');

    const adminList = (await call('GET', '?tab=draft')).json();
    expect(adminList.rows.map((r: { id: string }) => r.id)).toContain(draft.id);
    expect(adminList.counts.draft).toBeGreaterThanOrEqual(2);
    const viewerList = (await call('GET', '?tab=draft', viewer)).json();
    expect(viewerList.rows.some((r: { status: string }) => r.status === 'draft')).toBe(false);
    expect(viewerList.counts.draft).toBe(0);
    expect((await call('GET', `/${draft.id}`, viewer)).statusCode).toBe(404);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = (await t.ctx.db.select().from(trainings).where(eq(trainings.companyId, company.id)))
      .length;
    const cases: [Partial<TrainingSave>, string][] = [
      [{ date: new Date(Date.now() - HOUR).toISOString() }, SCHEDULE_MESSAGES.dateInPast],
      [{ subjects: ['no-such-subject'] }, TRAINING_MESSAGES.unknownSubject],
      [{ userLists: [otherListId] }, TRAINING_MESSAGES.unknownList],
      [{ userLists: [emptyListId] }, TRAINING_MESSAGES.needsEmployees],
      [{ name: 'Untitled Training' }, TRAINING_MESSAGES.needsName],
      [{ name: 'untitled training' }, TRAINING_MESSAGES.needsName],
      [{ introductoryData: { message: '<p> </p>' } }, TRAINING_MESSAGES.introEmpty],
      [{ sendOptions: { channel: 2 } }, TRAINING_MESSAGES.integrationConfigure('Slack')],
      [{ templateId: 'no-such-template' }, TRAINING_MESSAGES.unknownTemplate],
      [{ isScorm: true }, 'SCORM packages are not enabled for this company.'],
      [
        {
          events: [
            { id: -1, date: new Date(Date.now() + 30 * 60_000).toISOString(), subjects: ['spot-the-phish'] },
          ],
        },
        TRAINING_MESSAGES.eventBeforeStart,
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('POST', '', admin, program(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    const schemaCases: Partial<TrainingSave>[] = [
      {
        reminders_settings: {
          channel: 1,
          steps: Array.from({ length: 6 }, (_, i) => ({ delay: i + 1, delayType: 3 as const })),
        },
      },
      { reminders_settings: { channel: 1, steps: [{ delay: 1001, delayType: 3 }] } },
      { sendOptions: { channel: 0 } },
      { subjectsPerInterval: 21 },
      {
        events: Array.from({ length: 201 }, () => ({
          date: inAnHour(),
          subjects: ['spot-the-phish'],
        })),
      },
    ];
    for (const overrides of schemaCases) {
      const res = await call('POST', '', admin, program(overrides));
      expect(res.statusCode, JSON.stringify(overrides).slice(0, 200)).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    const zeroChannel = await call('POST', '', admin, program({ sendOptions: { channel: 0 } }));
    expect(zeroChannel.json().errors).toContainEqual({ message: TRAINING_MESSAGES.oneChannel });
    const after = (await t.ctx.db.select().from(trainings).where(eq(trainings.companyId, company.id))).length;
    expect(after).toBe(before);
  });

  it('keeps a manager-arranged schedule, as long as no delivery is before the start', async () => {
    const start = new Date(Date.now() + 2 * HOUR);
    const second = new Date(start.getTime() + 3 * DAY);
    const created = await create(
      program({
        date: start.toISOString(),
        reminders_enabled: false,
        subjects: ['spot-the-phish', 'clean-desk'],
        events: [
          { id: -1, date: second.toISOString(), subjects: ['clean-desk'] },
          { id: -1, date: start.toISOString(), subjects: ['spot-the-phish'] },
        ],
      }),
    );
    const v = await view(created.id);
    expect(v.events.map((e: { date: string; subjects: string[] }) => [e.date, e.subjects])).toEqual([
      [start.toISOString(), ['spot-the-phish']],
      [second.toISOString(), ['clean-desk']],
    ]);
    const mismatch = await call(
      'PUT',
      `/${created.id}`,
      admin,
      program({ events: [{ id: -1, date: start.toISOString(), subjects: ['spot-the-phish'] }] }),
    );
    expect(mismatch.json().errors).toContainEqual({ message: TRAINING_MESSAGES.eventsMismatch });
  });

  it('sends everything now in a single batch', async () => {
    const created = await create(program({ scheduleType: 1, date: null }));
    const batches = (await view(created.id)).events.filter((e: { type: number }) => e.type === 1);
    expect(batches).toHaveLength(1);
    expect(batches[0].subjects).toHaveLength(4);
    expect(Math.abs(new Date(batches[0].date).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('edits a scheduled program (starting it again) and refuses to edit one that has begun', async () => {
    const created = await create(program());
    const update = await call(
      'PUT',
      `/${created.id}`,
      admin,
      program({ name: 'Renamed', subjects: ['clean-desk'] }),
    );
    expect(update.statusCode).toBe(200);
    const v = await view(created.id);
    expect(v.name).toBe('Renamed');
    expect(v.events.filter((e: { type: number }) => e.type === 1)).toHaveLength(1);

    await t.ctx.db.update(trainings).set({ status: 'active' }).where(eq(trainings.id, created.id));
    const refused = await call('PUT', `/${created.id}`, admin, program());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().description).toBe(TRAINING_MESSAGES.cannotEdit);
    await t.ctx.db.update(trainings).set({ status: 'completed' }).where(eq(trainings.id, created.id));
    expect((await call('PUT', `/${created.id}`, admin, program())).json().description).toBe(
      TRAINING_MESSAGES.cannotEdit,
    );
  });

  it('pauses a scheduled program back to draft, without deliveries, and starts it again', async () => {
    const created = await create(program());
    expect((await call('POST', `/${created.id}/pause`, viewer)).statusCode).toBe(403);
    expect((await call('POST', `/${created.id}/pause`)).statusCode).toBe(200);
    const paused = await view(created.id);
    expect(paused).toMatchObject({ status: 'draft', events: [], canPause: false, canStop: false });
    expect((await call('POST', `/${created.id}/pause`)).statusCode).toBe(409);
    const again = await call('PUT', `/${created.id}`, admin, program());
    expect(again.json().automation.status).toBe('scheduled');
  });

  it('stops: a program that sent nothing goes back to draft; one mid-way is completed and sends no more', async () => {
    const quiet = await create(program());
    expect((await call('POST', `/${quiet.id}/stop`)).statusCode).toBe(200);
    expect((await view(quiet.id)).status).toBe('draft');

    const running = await create(program());
    const [first] = await t.ctx.db
      .select()
      .from(trainingEvents)
      .where(eq(trainingEvents.trainingId, running.id))
      .orderBy(trainingEvents.sendAt)
      .limit(1);
    await t.ctx.db
      .update(trainingEvents)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(trainingEvents.id, first!.id));
    const [ann] = await t.ctx.db.select().from(employees).where(eq(employees.email, 'ann@programs.example'));
    await t.ctx.db.insert(trainingDeliveries).values({
      eventId: first!.id,
      trainingId: running.id,
      companyId: company.id,
      employeeId: ann!.id,
      channel: 1,
      status: 'sent',
      sentAt: new Date(),
    });
    await t.ctx.db.update(trainings).set({ status: 'active' }).where(eq(trainings.id, running.id));
    const mid = await view(running.id);
    expect(mid).toMatchObject({
      status: 'active',
      canStop: true,
      canEdit: false,
      canDelete: false,
      canRemind: true,
      totalUsers: 1,
      total: 3,
      attendance: 0,
      completionRate: 0,
    });
    expect((await view(running.id, viewer)).canStop).toBe(false);
    expect((await call('DELETE', `/${running.id}`)).statusCode).toBe(409);
    expect((await call('POST', `/${running.id}/stop`)).statusCode).toBe(200);
    const stopped = await view(running.id);
    expect(stopped.status).toBe('completed');
    expect(stopped.events.filter((e: { status: string }) => e.status === 'scheduled')).toEqual([]);
    expect(stopped.events.filter((e: { status: string }) => e.status === 'sent')).toHaveLength(1);
    expect((await call('POST', `/${running.id}/stop`)).statusCode).toBe(409);

    const lessons = (await call('GET', `/${running.id}/lessons`)).json();
    expect(lessons.find((l: { id: string }) => l.id === 'spot-the-phish')).toMatchObject({ sent: 1 });
    const lists = (await call('GET', `/${running.id}/lists`)).json();
    expect(lists).toEqual([{ id: listId, name: 'Finance', list_user_count: 2, score: 0, total: 3 }]);
    const people = (await call('GET', `/${running.id}/employees?q=ann`)).json();
    expect(people.total).toBe(1);
    expect(people.rows[0]).toMatchObject({ email: 'ann@programs.example', listName: 'Finance', total: 3 });
  });

  it('deletes a draft or scheduled program for ever; viewers and other companies cannot', async () => {
    const created = await create(program());
    expect((await call('DELETE', `/${created.id}`, viewer)).statusCode).toBe(403);
    const foreign = await t.inject({
      method: 'DELETE',
      url: `/api/companies/${other.id}/automations/${created.id}`,
      headers: bearer(outsider),
    });
    expect(foreign.statusCode).toBe(404);
    const peek = await t.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/automations/${created.id}`,
      headers: bearer(outsider),
    });
    expect(peek.statusCode).toBe(404);
    expect((await call('DELETE', `/${created.id}`)).statusCode).toBe(204);
    const gone = await call('GET', `/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().description).toBe(TRAINING_MESSAGES.notFound);
  });

  it('searches, filters, sorts and pages the list with tab counts', async () => {
    const mark = `Zeta-${Date.now()}`;
    const a = await create(
      program({ name: `${mark} A`, date: new Date(Date.now() + 5 * DAY).toISOString() }),
    );
    const b = await create(
      program({
        name: `${mark} B`,
        date: new Date(Date.now() + 2 * DAY).toISOString(),
        subjects: ['clean-desk'],
      }),
    );
    const byStart = (await call('GET', `?q=${mark}&sort=start&d=asc`)).json();
    expect(byStart.rows.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    expect(byStart.total).toBe(2);
    expect(byStart.rows[0]).toMatchObject({
      subjectsNames: ['Clean desk, locked screen'],
      selectedUserCount: 2,
    });
    const bySubject = (await call('GET', `?q=${mark}&subjectId=clean-desk`)).json();
    expect(bySubject.rows.map((r: { id: string }) => r.id)).toEqual([b.id]);
    const from = new Date(Date.now() + 3 * DAY).toISOString();
    const late = (await call('GET', `?q=${mark}&startFrom=${encodeURIComponent(from)}`)).json();
    expect(late.rows.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const byList = (await call('GET', `?listId=${emptyListId}`)).json();
    expect(byList.total).toBe(0);
    const paged = (await call('GET', `?q=${mark}&n=1&p=2&sort=start&d=asc`)).json();
    expect(paged.rows.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const active = (await call('GET', '?tab=active')).json();
    expect(active.rows.every((r: { status: string }) => ['scheduled', 'active'].includes(r.status))).toBe(
      true,
    );
    expect(active.counts.all).toBe(active.counts.active + active.counts.completed + active.counts.draft);
    const latest = (await call('GET', '/latest')).json();
    expect(latest.length).toBeLessThanOrEqual(10);
    // Newest change first: B came after A (another test's program may be activated by the jobs meanwhile).
    const order = latest.map((r: { id: string }) => r.id);
    expect(order).toContain(b.id);
    expect(order.indexOf(b.id)).toBeLessThan(order.indexOf(a.id));
  });

  it('limits a trial to subjects available for beta and refuses a company without licence', async () => {
    await t.ctx.db
      .update(companySubscriptions)
      .set({ trial: true })
      .where(eq(companySubscriptions.companyId, company.id));
    const res = await call(
      'POST',
      '',
      admin,
      program({ subjects: ['spot-the-phish', 'ai-powered-phishing'] }),
    );
    expect(res.json().errors).toContainEqual({
      message: '1/2 of the selected subjects are unavailable in your subscription',
    });
    const preview = await call('POST', '/preview', admin, {
      targetEmail: 'me@programs.example',
      type: 1,
      name: 'x',
      previewSubjects: [{ index: 0, subjectIds: ['ai-powered-phishing'] }],
    });
    expect(preview.json().errors).toContainEqual({
      message: '1/1 of the selected subjects are unavailable in your subscription',
    });
    await t.ctx.db
      .update(companySubscriptions)
      .set({ trial: false })
      .where(eq(companySubscriptions.companyId, company.id));

    await t.ctx.db
      .update(companies)
      .set({ trialEnds: new Date(Date.now() - DAY) })
      .where(eq(companies.id, company.id));
    const expired = await call('POST', '', admin, program());
    expect(expired.statusCode).toBe(403);
    expect(expired.json().description).toBe(TRAINING_MESSAGES.noLicense);
    const me = await t.inject({ method: 'GET', url: `/api/companies/${company.id}`, headers: bearer(admin) });
    expect(me.json().canCreateTraining).toBe(false);
    await t.ctx.db.update(companies).set({ trialEnds: null }).where(eq(companies.id, company.id));
  });

  it('sends a preview as real mail to each recipient, with the intro and the subjects', async () => {
    const after = new Date();
    const res = await call('POST', '/preview', admin, {
      targetEmail: 'lead@programs.example, second@programs.example',
      type: 2,
      name: 'Phish <b>week</b>',
      previewSubjects: [{ index: 1, subjectIds: ['clean-desk'] }],
      introductoryData: { enabled: true, message: '<p>Hello <script>alert(1)</script>team</p>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, sent: 2 });
    const mail = await t.waitForMail('second@programs.example', { after });
    expect(mail.subject).toBe('[Preview] Phish week');
    expect(mail.text).toContain('Hello team');
    expect(mail.text).toContain('Clean desk, locked screen');
    expect(mail.text).toContain('/catalog/subject/clean-desk/');
    expect(mail.text).not.toContain('alert');
    await t.waitForMail('lead@programs.example', { after });

    const bad = await call('POST', '/preview', admin, {
      targetEmail: 'a@b.example, nope',
      type: 1,
      previewSubjects: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ message: TRAINING_MESSAGES.previewBadRecipient('nope') });
    const empty = await call('POST', '/preview', admin, { targetEmail: ' ', type: 1, previewSubjects: [] });
    expect(empty.json().errors).toContainEqual({ message: TRAINING_MESSAGES.previewNeedsRecipient });
    const noPeriod = await call('POST', '/preview', admin, {
      targetEmail: 'a@b.example',
      type: 2,
      previewSubjects: [],
    });
    expect(noPeriod.json().errors).toContainEqual({ message: TRAINING_MESSAGES.previewNeedsPeriod });
    expect(
      (await call('POST', '/preview', viewer, { targetEmail: 'a@b.example', type: 1, previewSubjects: [] }))
        .statusCode,
    ).toBe(403);
  });

  it('counts the employees of several lists once each', async () => {
    const overlapping = await listWith(company.id, admin, 'Overlap', [
      'ann@programs.example',
      'cy@programs.example',
    ]);
    const res = await call('GET', `/audience?lists=${listId},${overlapping}`);
    expect(res.json()).toEqual({ selectedUserCount: 3 });
    expect((await call('GET', `/audience?lists=${otherListId}`)).statusCode).toBe(404);
    expect((await call('GET', '/audience?lists=')).json()).toEqual({ selectedUserCount: 0 });
  });

  it('hides who is who under anonymous tracking', async () => {
    const created = await create(program());
    await t.ctx.db.update(companies).set({ anonymousTracking: 1 }).where(eq(companies.id, company.id));
    const page = (await call('GET', `/${created.id}/employees`)).json();
    expect(page.total).toBe(2);
    expect(page.rows.every((r: { email: string; name: string }) => r.email === '' && r.name === '')).toBe(
      true,
    );
    expect((await view(created.id)).anonymousTracking).toBe(true);
    await t.ctx.db.update(companies).set({ anonymousTracking: 0 }).where(eq(companies.id, company.id));
    // A list member's removal takes them out of the program's employees.
    const [bob] = await t.ctx.db.select().from(employees).where(eq(employees.email, 'bob@programs.example'));
    await t.ctx.db.delete(listMembers).where(eq(listMembers.employeeId, bob!.id));
    expect((await call('GET', `/${created.id}/employees`)).json().total).toBe(1);
  });
});
