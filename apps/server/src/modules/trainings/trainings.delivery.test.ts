import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOrder,
  DELIVERY_MESSAGES,
  LEARNER_MESSAGES,
  type LearnerHome,
  type LearnerSubject,
  type TrainingSave,
} from '@vigil/shared';
import {
  employees,
  learnerEvents,
  learnerTokens,
  listMembers,
  mails,
  trainingEvents,
  trainings,
} from '../../db/schema/index.ts';
import { hashToken } from '../auth/tokens.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  learnerTokenFrom,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { dispatch, sendDue } from './trainings.delivery.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(testDatabases())('delivery engine on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let admin: string;
  let listId: string;
  const people = ['ann@deliver.example', 'bob@deliver.example', 'cy@deliver.example'];

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    companyId = (await createCompany(db, { name: 'Deliver Co' })).id;
    const manager = await createManager(db);
    await addMember(db, companyId, manager.id, 1);
    admin = await signIn(t, manager.id);
    listId = await addList('Everyone', people);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addList(name: string, emails: string[]) {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/lists`,
      headers: bearer(admin),
      payload: { name },
    });
    const id = res.json<{ id: string }>().id;
    await addToList(id, emails);
    return id;
  }

  async function addToList(id: string, emails: string[]) {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/lists/${id}/users`,
      headers: bearer(admin),
      payload: { users: emails.map((email) => ({ email, name: email.split('@')[0] })) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function start(overrides: Partial<TrainingSave>) {
    const body: TrainingSave = {
      name: 'Winter campaign',
      status: 'scheduled',
      templateId: null,
      templateCustomized: true,
      subjects: ['spot-the-phish', 'clean-desk'],
      userLists: [listId],
      scheduleType: 0,
      date: new Date(Date.now() + HOUR).toISOString(),
      frequency: 'W',
      subjectsPerInterval: 1,
      sendOptions: { channel: 1 },
      reminders_enabled: true,
      reminders_settings: { channel: 1, steps: [{ delay: 1, delayType: 3 }] },
      introMessageEnabled: true,
      introductoryData: { message: '<p>Welcome to <strong>the</strong> training</p>' },
      ...overrides,
    };
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/automations`,
      headers: bearer(admin),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ automation: { id: string } }>().automation.id;
  }

  const mailsTo = (to: string) =>
    t.ctx.db.select().from(mails).where(eq(mails.toAddress, to)).orderBy(mails.createdAt);

  const statusOf = async (id: string) =>
    (await t.ctx.db.select({ s: trainings.status }).from(trainings).where(eq(trainings.id, id)))[0]!.s;

  const learner = (token: string) => ({
    get: (url: string) => t.inject({ method: 'GET', url: `/api/learner${url}`, headers: bearer(token) }),
    post: (url: string, payload: object) =>
      t.inject({ method: 'POST', url: `/api/learner${url}`, headers: bearer(token), payload }),
  });

  /** Takes a video subject to the end: watches it and answers its quiz right. */
  async function finishSubject(token: string, trainingId: string, subjectId: string) {
    const l = learner(token);
    const subject = (await l.get(`/trainings/${trainingId}/subjects/${subjectId}`)).json<LearnerSubject>();
    for (const code of [3, 7, 8, 9, 10, 11, 12]) {
      const res = await l.post('/events', { trainingId, subjectId, code });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (let question = 0; question < subject.questions.length; question++) {
      const answer = answerOrder(subjectId, question).indexOf(0);
      const res = await l.post('/answers', { trainingId, subjectId, question, answer });
      expect(res.statusCode, res.body).toBe(200);
    }
    return subject;
  }

  it('runs a program from start to completed on a fake clock, with reminders to the unfinished only', async () => {
    const id = await start({});
    const [first] = await t.ctx.db
      .select()
      .from(trainingEvents)
      .where(
        and(eq(trainingEvents.trainingId, id), eq(trainingEvents.type, 1), eq(trainingEvents.position, 0)),
      );
    const t0 = first!.sendAt.getTime();

    // Before the first delivery: nothing goes out.
    expect(await dispatch(t.ctx.db, new Date(t0 - MINUTE))).toBe(0);
    expect(await sendDue(t.ctx, () => new Date(t0 - MINUTE))).toBe(0);
    expect(await statusOf(id)).toBe('scheduled');

    // The first batch: one mail per employee with the intro, the program turns active.
    await dispatch(t.ctx.db, new Date(t0));
    expect(await statusOf(id)).toBe('active');
    expect(await sendDue(t.ctx, () => new Date(t0))).toBe(3);
    const annMail = (await mailsTo('ann@deliver.example'))[0]!;
    expect(annMail.subject).toBe('Winter campaign: new lessons for you');
    expect(annMail.text).toContain('Welcome to the training');
    expect(annMail.text).toContain('Spot the phish');
    expect(annMail.html).toContain('<strong>the</strong>');
    // A retried send finds nothing left: one mail each.
    expect(await sendDue(t.ctx, () => new Date(t0))).toBe(0);
    expect(await dispatch(t.ctx.db, new Date(t0))).toBe(0);
    for (const p of people) expect(await mailsTo(p)).toHaveLength(1);

    // Ann signs in with her link and finishes the lesson; the manager's figures follow.
    const ann = learnerTokenFrom(annMail.text);
    const home = (await learner(ann).get('/me')).json<LearnerHome>();
    expect(home.employee.email).toBe('ann@deliver.example');
    expect(home.trainings).toHaveLength(1);
    expect(home.trainings[0]!.subjects.map((s) => s.id)).toEqual(['spot-the-phish']);
    expect(home.trainings[0]!.subjectsTotal).toBe(2);
    const subject = await finishSubject(ann, id, 'spot-the-phish');
    expect(subject.questions.length).toBeGreaterThan(0);
    const after = (await learner(ann).get('/me')).json<LearnerHome>();
    expect(after.trainings[0]!.subjects[0]!.progress).toMatchObject({ finished: true, videoPercent: 100 });
    const view = (
      await t.inject({
        method: 'GET',
        url: `/api/companies/${companyId}/automations/${id}`,
        headers: bearer(admin),
      })
    ).json();
    expect(view).toMatchObject({
      totalUsers: 3,
      opened: 1,
      score: 1,
      total: 3,
      attendance: 33,
      completionRate: 33,
    });

    // Bob's events arrive all at once (written together): each is kept and folded into his progress,
    // repeats included; a subject not delivered to him yet is refused.
    const bob = learnerTokenFrom((await mailsTo('bob@deliver.example'))[0]!.text);
    const marks = [3, 7, 8, 9, 10, 11, 12, 12];
    const burst = await Promise.all([
      ...marks.map((code) =>
        learner(bob).post('/events', { trainingId: id, subjectId: 'spot-the-phish', code }),
      ),
      learner(bob).post('/events', { trainingId: id, subjectId: 'clean-desk', code: 3 }),
    ]);
    expect(burst.map((r) => r.statusCode)).toEqual([...marks.map(() => 200), 404]);
    const bobHome = (await learner(bob).get('/me')).json<LearnerHome>();
    expect(bobHome.trainings[0]!.subjects[0]!.progress).toMatchObject({
      opened: true,
      videoPercent: 100,
      finished: false,
    });
    const [bobEvents] = await t.ctx.db
      .select({ n: count() })
      .from(learnerEvents)
      .innerJoin(employees, eq(employees.id, learnerEvents.employeeId))
      .where(eq(employees.email, 'bob@deliver.example'));
    expect(bobEvents!.n).toBe(marks.length);

    // The reminder a day later goes to Bob and Cy, not to Ann who finished.
    await dispatch(t.ctx.db, new Date(t0 + DAY));
    expect(await sendDue(t.ctx, () => new Date(t0 + DAY))).toBe(2);
    expect(await mailsTo('ann@deliver.example')).toHaveLength(1);
    const bobReminder = (await mailsTo('bob@deliver.example'))[1]!;
    expect(bobReminder.subject).toBe('Reminder: Winter campaign');

    // Dan joins the list after the first batch: he gets it at the next tick.
    await addToList(listId, ['dan@deliver.example']);
    await dispatch(t.ctx.db, new Date(t0 + DAY + MINUTE));
    expect(await sendDue(t.ctx, () => new Date(t0 + DAY + MINUTE))).toBe(1);
    expect((await mailsTo('dan@deliver.example'))[0]!.text).toContain('Spot the phish');

    // The second batch a week later, then its reminder: the program completes by itself.
    await dispatch(t.ctx.db, new Date(t0 + 7 * DAY));
    expect(await sendDue(t.ctx, () => new Date(t0 + 7 * DAY))).toBe(4);
    expect(await statusOf(id)).toBe('active');
    await dispatch(t.ctx.db, new Date(t0 + 8 * DAY));
    await sendDue(t.ctx, () => new Date(t0 + 8 * DAY));
    await dispatch(t.ctx.db, new Date(t0 + 8 * DAY));
    // Employees have a week after the last delivery; then the program completes by itself.
    expect(await statusOf(id)).toBe('active');
    await dispatch(t.ctx.db, new Date(t0 + 14 * DAY));
    expect(await statusOf(id)).toBe('completed');
    const lessons = (
      await t.inject({
        method: 'GET',
        url: `/api/companies/${companyId}/automations/${id}/lessons`,
        headers: bearer(admin),
      })
    ).json();
    expect(lessons[0]).toMatchObject({ id: 'spot-the-phish', sent: 4, score: 1, total: 4 });
    expect(lessons[0].correctsStats).toBeGreaterThanOrEqual(0);
  });

  it('refuses a learner call without a valid link, and a subject not delivered', async () => {
    const res = await learner('not-a-token').get('/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().description).toBe(LEARNER_MESSAGES.linkInvalid);
    const annMail = (await mailsTo('ann@deliver.example'))[0]!;
    const ann = learner(learnerTokenFrom(annMail.text));
    const [program] = await t.ctx.db.select({ id: trainings.id }).from(trainings).limit(1);
    const notSent = await ann.post('/events', {
      trainingId: program!.id,
      subjectId: 'ai-powered-phishing',
      code: 3,
    });
    expect(notSent.statusCode).toBe(404);
    expect(notSent.json().description).toBe(LEARNER_MESSAGES.subjectNotDelivered);
  });

  it('stores learner links only as hashes', async () => {
    const token = learnerTokenFrom((await mailsTo('ann@deliver.example'))[0]!.text);
    const stored = await t.ctx.db.select().from(learnerTokens);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
    expect(stored.some((r) => r.tokenHash === hashToken(token))).toBe(true);
  });

  it('lets the manager see delivery status, resend, remind with the 24-hour rule, and look at one employee', async () => {
    const id = await start({ name: 'Send now', scheduleType: 1, date: null, reminders_enabled: false });
    const now = new Date();
    const everyone = (await t.ctx.db.select().from(listMembers).where(eq(listMembers.listId, listId))).length;
    await dispatch(t.ctx.db, now);
    expect(await sendDue(t.ctx)).toBe(everyone);
    await dispatch(t.ctx.db, now);
    const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.inject({
        method,
        url: `/api/companies/${companyId}/automations/${id}${url}`,
        headers: bearer(admin),
        ...(payload ? { payload } : {}),
      });

    const events = (await api('GET', '/deliveries')).json();
    expect(events[0]).toMatchObject({
      type: 1,
      manual: false,
      status: 'sent',
      counts: { sent: everyone, pending: 0 },
    });
    const users = (await api('GET', `/deliveries/${events[0].id}/users?q=bob`)).json();
    expect(users).toMatchObject({
      total: 1,
      rows: [{ email: 'bob@deliver.example', status: 'sent', attempts: 1 }],
    });

    const resent = await api('POST', `/deliveries/${events[0].id}/resend`, { email: 'bob@deliver.example' });
    expect(resent.json()).toEqual({ message: 'Reminder sent.' });
    expect(await sendDue(t.ctx)).toBe(1);
    expect(
      (await mailsTo('bob@deliver.example')).filter((m) => m.subject === 'Send now: new lessons for you'),
    ).toHaveLength(2);

    // Ann finishes; a reminder to everyone not finished (but Cy, deselected) reaches the others.
    const annMail = (await mailsTo('ann@deliver.example')).at(-1)!;
    await finishSubject(learnerTokenFrom(annMail.text), id, 'spot-the-phish');
    await finishSubject(learnerTokenFrom(annMail.text), id, 'clean-desk');
    const selection = {
      reminderOption: 2,
      all: true,
      emails: [],
      excluded: ['cy@deliver.example'],
      userLists: [],
    };
    expect((await api('POST', '/reminders/count', selection)).json()).toMatchObject({
      remindersCount: everyone - 2,
      lastReminders: [],
    });
    const sent = await api('POST', '/reminders', selection);
    expect(sent.json()).toEqual({ success: true, sent: everyone - 2 });
    expect(await sendDue(t.ctx)).toBe(everyone - 2);
    expect((await mailsTo('bob@deliver.example')).at(-1)!.subject).toBe('Reminder: Send now');
    expect((await mailsTo('cy@deliver.example')).at(-1)!.subject).not.toBe('Reminder: Send now');
    const again = await api('POST', '/reminders', selection);
    expect(again.json()).toEqual({ success: false, reason: DELIVERY_MESSAGES.recentReminder, sent: 0 });
    expect((await api('POST', '/reminders', { ...selection, repeat: true })).json()).toMatchObject({
      success: true,
    });
    const nobody = await api('POST', '/reminders', {
      ...selection,
      all: false,
      emails: ['ann@deliver.example'],
    });
    expect(nobody.json()).toEqual({ success: false, reason: DELIVERY_MESSAGES.noEmployees, sent: 0 });

    const ann = (await api('GET', '/users/ann@deliver.example')).json();
    expect(ann).toMatchObject({
      email: 'ann@deliver.example',
      score: 2,
      total: 2,
      scorePercent: 100,
      started: true,
    });
    expect(ann.subjects[0]).toMatchObject({ id: 'spot-the-phish', finished: true, videoPercent: 100 });
    expect(ann.log[0]).toMatchObject({
      actions: 'Training email · Email',
      delivery_status: 'sent',
      mailId: null,
    });

    // Reports: the pages' data, the PDF and the CSVs with the session token in the query.
    const report = (await api('GET', '/report?details=1')).json();
    expect(report.training).toMatchObject({ id, invited: everyone });
    expect(report.users.find((u: { email: string }) => u.email === 'ann@deliver.example')).toMatchObject({
      score: 2,
      viewed_subject_ids: ['clean-desk', 'spot-the-phish'],
    });
    const download = (path: string, token = admin) =>
      t.inject({ method: 'GET', url: `/api/companies/${companyId}/trainings/${id}/${path}?token=${token}` });
    const pdf = await download('report');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await download('users_report/csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('ann@deliver.example');
    expect((await download('users/csv', 'not-a-session')).statusCode).toBe(401);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/companies/${companyId}/trainings/${id}/report`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);

    // Ann completed the program: her certificate is a real PDF.
    const certificate = await learner(learnerTokenFrom(annMail.text)).get(`/trainings/${id}/certificate`);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const link = (await api('POST', '/users/cy@deliver.example/link')).json<{ link: string }>().link;
    const me = await learner(learnerTokenFrom(link)).get('/me');
    expect(me.json().employee.email).toBe('cy@deliver.example');

    // Mail logs (the subject and body of what was sent) are for super-admins only (spec 2 §1, §6).
    const root = await signIn(t, (await createManager(t.ctx.db, { superAdmin: true })).id);
    const asRoot = (url: string, token = root) =>
      t.inject({
        method: 'GET',
        url: `/api/companies/${companyId}/automations/${id}/users/ann@deliver.example${url}`,
        headers: bearer(token),
      });
    const mailId = (await asRoot('')).json().log[0].mailId as string;
    expect(mailId).toEqual(expect.any(String));
    const mail = await asRoot(`/mails/${mailId}`);
    expect(mail.statusCode).toBe(200);
    expect(mail.json()).toMatchObject({ subject: annMail.subject, to: 'ann@deliver.example' });
    expect(mail.json().html).toContain('<');
    const hidden = await asRoot(`/mails/${mailId}`, admin);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(annMail.subject);
  });
});
