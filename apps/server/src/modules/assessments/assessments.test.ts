import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ASSESSMENT_MESSAGES,
  personalizeDefaults,
  personalizeSettings,
  type AssessmentSave,
  type Company,
  type LearnerAssessment,
  type LearnerHome,
} from '@vigil/shared';
import {
  assessmentEvents,
  assessmentParticipants,
  assessments,
  assessmentScores,
  assessmentStats,
  companies,
  employees,
  learnerTokens,
  mails,
} from '../../db/schema/index.ts';
import {
  addMember,
  assessmentSave,
  bearer,
  createCompany,
  createManager,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { hashToken } from '../auth/tokens.ts';
import { dispatchAssessments, sendAssessmentMails } from './assessments.engine.ts';
import { assessmentsJobs } from './assessments.jobs.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PHISH = 'ph-shared-document-login';
const MFA = 'pw-late-night-mfa-prompts';

/** The learner token and target in an assessment mail's link. */
function linkFrom(text: string) {
  const match = text.match(/#t=([A-Za-z0-9_%-]+)&go=assessments\/([0-9a-f-]{36})/);
  if (!match?.[1] || !match[2]) throw new Error('No assessment link in the mail');
  return { token: decodeURIComponent(match[1]), assessmentId: match[2] };
}

describe.each(testDatabases())('assessments on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let admin: string;
  let viewer: string;
  let listId: string;
  const people = ['ann@assess.example', 'bob@assess.example', 'cy@assess.example'];

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    companyId = (await createCompany(db, { name: 'Assess Co' })).id;
    const manager = await createManager(db);
    await addMember(db, companyId, manager.id, 1);
    admin = await signIn(t, manager.id);
    const watcher = await createManager(db);
    await addMember(db, companyId, watcher.id, 2);
    viewer = await signIn(t, watcher.id);
    listId = await addList('Everyone', people);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addList(name: string, emails: string[], company = companyId, token = admin) {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${company}/lists`,
      headers: bearer(token),
      payload: { name },
    });
    const id = res.json<{ id: string }>().id;
    if (emails.length > 0) {
      const added = await t.inject({
        method: 'POST',
        url: `/api/companies/${company}/lists/${id}/users`,
        headers: bearer(token),
        payload: { users: emails.map((email) => ({ email, name: email.split('@')[0] })) },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    return id;
  }

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, token = admin) =>
    t.inject({ method, url: `/api/companies/${companyId}${path}`, headers: bearer(token), payload });

  async function create(body: AssessmentSave) {
    const res = await api('POST', '/assessments', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ assessment: { id: string; status: string }; message?: string }>();
  }

  const errorsOf = (res: { json: <T>() => T }) =>
    res.json<{ errors?: { message: string }[] }>().errors?.map((e) => e.message) ?? [];

  const mailsTo = (to: string) =>
    t.ctx.db.select().from(mails).where(eq(mails.toAddress, to)).orderBy(mails.createdAt);

  const statusOf = async (id: string) =>
    (await t.ctx.db.select({ s: assessments.status }).from(assessments).where(eq(assessments.id, id)))[0]!.s;

  const learner = (token: string) => ({
    get: (url: string) => t.inject({ method: 'GET', url: `/api/learner${url}`, headers: bearer(token) }),
    post: (url: string, payload?: object) =>
      t.inject({ method: 'POST', url: `/api/learner${url}`, headers: bearer(token), payload: payload ?? {} }),
  });

  /** Runs a queued job's handler as the worker would (jobs are off in these tests). */
  async function runJobs(send: ReturnType<typeof vi.spyOn>, name: string) {
    const job = assessmentsJobs.find((j) => j.name === name)!;
    for (const call of send.mock.calls.filter((c: unknown[]) => c[0] === name))
      await job.handler(t.ctx, call[1]);
  }

  it('runs an assessment from start to close on a fake clock', async () => {
    const t0 = Date.now();
    const due = new Date(t0 + 3 * DAY).toISOString();
    const started = await create(
      assessmentSave([PHISH, MFA], [listId], {
        due,
        introMessage: '<p>Be <strong>honest</strong><script>alert(1)</script></p>',
        reminders_enabled: true,
        reminders_settings: { channel: 1, steps: [{ send: new Date(t0 + DAY).toISOString() }] },
      }),
    );
    expect(started.assessment.status).toBe('active');
    const id = started.assessment.id;

    // The invitation is due now: one mail per employee, sent once however often the loop runs.
    const t1 = t0 + MINUTE;
    await dispatchAssessments(t.ctx.db, new Date(t1));
    expect(await sendAssessmentMails(t.ctx, () => new Date(t1))).toBe(3);
    expect(await sendAssessmentMails(t.ctx, () => new Date(t1))).toBe(0);
    await dispatchAssessments(t.ctx.db, new Date(t1));
    for (const p of people) expect(await mailsTo(p)).toHaveLength(1);
    const invitation = (await mailsTo('ann@assess.example'))[0]!;
    expect(invitation.subject).toBe('Spring pulse: your security assessment');
    expect(invitation.html).toContain('<strong>honest</strong>');
    expect(invitation.html).not.toContain('<script>');
    const ann = linkFrom(invitation.text);
    expect(ann.assessmentId).toBe(id);
    // The token is kept only as its hash.
    const [stored] = await t.ctx.db
      .select()
      .from(learnerTokens)
      .where(eq(learnerTokens.tokenHash, hashToken(ann.token)));
    expect(stored).toBeDefined();
    const bob = linkFrom((await mailsTo('bob@assess.example'))[0]!.text);

    // Ann sees the questions personalised, without scores, and her home lists the assessment.
    const taken = (await learner(ann.token).get(`/assessments/${id}`)).json<LearnerAssessment>();
    expect(taken.status).toBe('open');
    expect(taken.questions.map((q) => q.id)).toEqual([PHISH, MFA]);
    expect(JSON.stringify(taken)).not.toContain('scores');
    expect(JSON.stringify(taken)).not.toContain('{companyName}');
    const home = (await learner(ann.token).get('/me')).json<LearnerHome>();
    expect(home.assessments).toEqual([
      expect.objectContaining({ id, status: 'open', answered: 0, questions: 2, resilienceScore: null }),
    ]);

    // Finishing before every action is answered is refused.
    const a1 = await learner(ann.token).post(`/assessments/${id}/answers`, {
      questionId: PHISH,
      actionId: 'shared-doc-action',
      choice: { option: 1 },
    });
    expect(a1.json()).toEqual({ answered: 1, total: 2 });
    const early = await learner(ann.token).post(`/assessments/${id}/finish`);
    expect(early.statusCode).toBe(400);
    expect(errorsOf(early)).toEqual([ASSESSMENT_MESSAGES.notAllAnswered]);
    await learner(ann.token).post(`/assessments/${id}/answers`, {
      questionId: MFA,
      actionId: 'mfa-prompt-action',
      choice: { option: 3 },
    });
    const annResult = await learner(ann.token).post(`/assessments/${id}/finish`);
    expect(annResult.statusCode, annResult.body).toBe(200);
    expect(annResult.json()).toMatchObject({
      resilienceScore: 100,
      band: { title: 'Excellent' },
      workOn: [],
    });

    // Bob answers differently: PH-2 1/2, PH-5 0/2 (phishing 25), PW-3 1/2 (passwords 50): 37.5.
    for (const [questionId, actionId, option] of [
      [PHISH, 'shared-doc-action', 2],
      [MFA, 'mfa-prompt-action', 2],
    ] as const) {
      const res = await learner(bob.token).post(`/assessments/${id}/answers`, {
        questionId,
        actionId,
        choice: { option },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const bobResult = (await learner(bob.token).post(`/assessments/${id}/finish`)).json();
    expect(bobResult).toMatchObject({ resilienceScore: 38, band: { title: 'Risky' } });
    expect(bobResult.areas).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'email-phishing', score: 25 }),
        expect.objectContaining({ id: 'passwords-and-access', score: 50 }),
      ]),
    );
    expect(bobResult.workOn.map((w: { code: string }) => w.code)).toEqual(['PH-5', 'PH-2', 'PW-3']);
    // Finishing twice gives the same result and changes nothing.
    expect((await learner(bob.token).post(`/assessments/${id}/finish`)).json()).toEqual(bobResult);
    const again = await learner(bob.token).post(`/assessments/${id}/answers`, {
      questionId: MFA,
      actionId: 'mfa-prompt-action',
      choice: { option: 3 },
    });
    expect(again.statusCode).toBe(409);

    const participants = await t.ctx.db
      .select()
      .from(assessmentParticipants)
      .where(eq(assessmentParticipants.assessmentId, id));
    const scoreOf = async (email: string) => {
      const [emp] = await t.ctx.db.select().from(employees).where(eq(employees.email, email));
      return participants.find((p) => p.employeeId === emp!.id);
    };
    expect((await scoreOf('ann@assess.example'))!.score).toBe(100);
    expect((await scoreOf('bob@assess.example'))!.score).toBeCloseTo(37.5);
    expect((await scoreOf('cy@assess.example'))!.finishedAt).toBeNull();
    const bobId = (await scoreOf('bob@assess.example'))!.employeeId;
    const bobScores = await t.ctx.db
      .select()
      .from(assessmentScores)
      .where(and(eq(assessmentScores.assessmentId, id), eq(assessmentScores.employeeId, bobId)));
    expect(bobScores.map((s) => [s.kind, s.key, s.score]).sort()).toEqual(
      [
        [2, 'email-phishing', 25],
        [2, 'passwords-and-access', 50],
        [3, 'PH-2', 50],
        [3, 'PH-5', 0],
        [3, 'PW-3', 50],
        [4, MFA, 50],
        [4, PHISH, 25],
      ].sort(),
    );
    const kept = await t.ctx.db.select().from(assessmentStats).where(eq(assessmentStats.assessmentId, id));
    expect(
      kept.find((s) => s.kind === 1 && s.listId === '00000000-0000-0000-0000-000000000000'),
    ).toMatchObject({
      count: 2,
      sum: 137.5,
    });

    // The manager's view follows.
    const view = (await api('GET', `/assessments/${id}`)).json();
    expect(view).toMatchObject({
      status: 'active',
      usersTotal: 3,
      usersStarted: 2,
      usersFinished: 2,
      completion: 67,
      resilienceScore: 69,
      canRemind: true,
      canDelete: false,
      accessLink: null,
    });
    expect(view.areas).toEqual([
      { id: 'email-phishing', name: 'Email phishing', score: 63 },
      { id: 'passwords-and-access', name: expect.any(String), score: 75 },
    ]);

    // The planned reminder a day later goes to Cy only.
    await dispatchAssessments(t.ctx.db, new Date(t0 + DAY));
    expect(await sendAssessmentMails(t.ctx, () => new Date(t0 + DAY))).toBe(1);
    const cyMails = await mailsTo('cy@assess.example');
    expect(cyMails).toHaveLength(2);
    expect(cyMails[1]!.subject).toBe('Reminder: Spring pulse');
    expect(await mailsTo('ann@assess.example')).toHaveLength(1);
    const reminders = (await api('GET', `/assessments/${id}/reminders`)).json();
    expect(reminders).toEqual([
      expect.objectContaining({ status: 1, alreadySet: true, sendTo: 1, manual: false }),
    ]);

    // The due date closes it: completed, and answering is refused.
    await dispatchAssessments(t.ctx.db, new Date(new Date(due).getTime() + MINUTE));
    expect(await statusOf(id)).toBe('completed');
    const cy = linkFrom(cyMails[0]!.text);
    const late = await learner(cy.token).post(`/assessments/${id}/answers`, {
      questionId: PHISH,
      actionId: 'shared-doc-action',
      choice: { option: 1 },
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().description).toBe(ASSESSMENT_MESSAGES.closed);
    expect((await learner(cy.token).get(`/assessments/${id}`)).statusCode).toBe(403);
    // A finished employee still sees the result.
    expect((await learner(bob.token).get(`/assessments/${id}/result`)).json()).toEqual(bobResult);
    const edit = await api('PUT', `/assessments/${id}`, assessmentSave([PHISH, MFA], [listId], { due }));
    expect(edit.statusCode).toBe(403);
    expect(edit.json().description).toBe(ASSESSMENT_MESSAGES.cannotEdit);
  });

  it('checks answers against the question blocks', async () => {
    const { assessment } = await create(assessmentSave([PHISH], [listId], { name: 'Checks' }));
    await dispatchAssessments(t.ctx.db);
    await sendAssessmentMails(t.ctx);
    const mail = (await mailsTo('ann@assess.example')).at(-1)!;
    const { token } = linkFrom(mail.text);
    const post = (payload: object) => learner(token).post(`/assessments/${assessment.id}/answers`, payload);
    const unknownQuestion = await post({
      questionId: MFA,
      actionId: 'mfa-prompt-action',
      choice: { option: 0 },
    });
    expect(unknownQuestion.statusCode).toBe(404);
    const unknownAction = await post({ questionId: PHISH, actionId: 'nope', choice: { option: 0 } });
    expect(errorsOf(unknownAction)).toEqual([ASSESSMENT_MESSAGES.unknownAction]);
    const wrongShape = await post({
      questionId: PHISH,
      actionId: 'shared-doc-action',
      choice: { items: [true] },
    });
    expect(errorsOf(wrongShape)).toEqual([ASSESSMENT_MESSAGES.invalidChoice]);
    const outOfRange = await post({
      questionId: PHISH,
      actionId: 'shared-doc-action',
      choice: { option: 7 },
    });
    expect(errorsOf(outOfRange)).toEqual([ASSESSMENT_MESSAGES.invalidChoice]);
    // Another company's employee cannot see it.
    const other = await createCompany(t.ctx.db);
    const [stranger] = await t.ctx.db
      .insert(employees)
      .values({ companyId: other.id, email: 'ann@assess.example', name: 'Other Ann' })
      .returning();
    await t.ctx.db.insert(learnerTokens).values({
      tokenHash: hashToken('stranger-token-0123456789'),
      employeeId: stranger!.id,
      companyId: other.id,
    });
    const foreign = await learner('stranger-token-0123456789').get(`/assessments/${assessment.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().description).toBe(ASSESSMENT_MESSAGES.notFound);
  });

  it("remembers an assessment's personalize values in the company's settings for the next one", async () => {
    const personalizeData = {
      companyName: 'Assess Group',
      companyDomain: 'assess.example',
      emailHR: 'hr@assess.example',
    };
    await create(assessmentSave([PHISH], [], { status: 'draft', name: 'Personal', personalizeData }));
    const mine = await t.inject({
      method: 'GET',
      url: '/api/companies/my_companies',
      headers: bearer(admin),
    });
    const company = mine.json<Company[]>().find((c) => c.company_id === companyId)!;
    expect(personalizeDefaults(company)).toEqual(personalizeData);
    expect(company.settings).toMatchObject(personalizeSettings(personalizeData));
  });

  it('saves drafts, validates a start, and applies the lifecycle rules', async () => {
    const draft = await create(assessmentSave([], [], { status: 'draft', name: '' }));
    expect(draft).toMatchObject({ assessment: { status: 'draft' }, message: ASSESSMENT_MESSAGES.draftSaved });
    const updated = await api(
      'PUT',
      `/assessments/${draft.assessment.id}`,
      assessmentSave([PHISH], [], { status: 'draft' }),
    );
    expect(updated.json()).toMatchObject({ message: ASSESSMENT_MESSAGES.updated });

    const emptyList = await addList('Nobody', []);
    const bad = await api(
      'POST',
      '/assessments',
      assessmentSave([], [emptyList], {
        name: 'Untitled Assessment',
        personalizeData: null,
        due: new Date(Date.now() - DAY).toISOString(),
        reminders_enabled: true,
      }),
    );
    expect(bad.statusCode).toBe(400);
    const problems = errorsOf(bad);
    expect(problems).toContain(ASSESSMENT_MESSAGES.needsName);
    expect(problems).toContain(ASSESSMENT_MESSAGES.needsQuestions);
    expect(problems).toContain(ASSESSMENT_MESSAGES.needsEmployees);
    expect(problems).toContain(ASSESSMENT_MESSAGES.remindersInvalid);
    expect(problems).toContain('Company name is required');
    expect(problems.some((p) => p.startsWith('Due date cannot be set in the past ('))).toBe(true);

    const unknown = await api('POST', '/assessments', assessmentSave(['no-such-question'], [listId]));
    expect(errorsOf(unknown)).toContain(ASSESSMENT_MESSAGES.unknownQuestion);
    const manual = await api('POST', '/assessments', assessmentSave([PHISH], [listId], { scheduleType: -1 }));
    expect(errorsOf(manual)).toEqual([ASSESSMENT_MESSAGES.manualNotEnabled]);
    const tooMany = await api(
      'POST',
      '/assessments',
      assessmentSave([PHISH], [listId], {
        reminders_enabled: true,
        reminders_settings: {
          channel: 1,
          steps: [1, 2, 3, 4, 5, 6].map((h) => ({ send: new Date(Date.now() + h * HOUR).toISOString() })),
        },
      }),
    );
    expect(errorsOf(tooMany)).toContain(ASSESSMENT_MESSAGES.tooManyReminders);
    const lateReminder = await api(
      'POST',
      '/assessments',
      assessmentSave([PHISH], [listId], {
        reminders_enabled: true,
        reminders_settings: { channel: 1, steps: [{ send: new Date(Date.now() + 30 * DAY).toISOString() }] },
      }),
    );
    expect(errorsOf(lateReminder)[0]).toMatch(/^Reminder must be set before the due date \(/);

    // Scheduled for tomorrow: pause sends it back to draft, stop completes it with nothing sent.
    const date = new Date(Date.now() + DAY).toISOString();
    const scheduled = await create(
      assessmentSave([PHISH], [listId], { name: 'Later', scheduleType: 0, date }),
    );
    expect(scheduled.assessment.status).toBe('scheduled');
    const paused = await api('POST', `/assessments/${scheduled.assessment.id}/pause`);
    expect(paused.json()).toEqual({ success: true, message: ASSESSMENT_MESSAGES.paused });
    expect(await statusOf(scheduled.assessment.id)).toBe('draft');
    const events = () =>
      t.ctx.db
        .select()
        .from(assessmentEvents)
        .where(eq(assessmentEvents.assessmentId, scheduled.assessment.id));
    expect(await events()).toHaveLength(0);
    await api(
      'PUT',
      `/assessments/${scheduled.assessment.id}`,
      assessmentSave([PHISH], [listId], { name: 'Later', scheduleType: 0, date }),
    );
    const stopped = await api('POST', `/assessments/${scheduled.assessment.id}/stop`);
    expect(stopped.json()).toEqual({ success: true, message: ASSESSMENT_MESSAGES.stopped });
    expect(await statusOf(scheduled.assessment.id)).toBe('completed');
    expect((await events()).every((e) => e.status !== 'sent')).toBe(true);
    await dispatchAssessments(t.ctx.db, new Date(Date.now() + 2 * DAY));
    expect(await sendAssessmentMails(t.ctx, () => new Date(Date.now() + 2 * DAY))).toBe(0);

    const deleted = await api('DELETE', `/assessments/${draft.assessment.id}`);
    expect(deleted.json()).toEqual({ success: true, message: ASSESSMENT_MESSAGES.deleted });
    expect((await api('GET', `/assessments/${draft.assessment.id}`)).statusCode).toBe(404);
  });

  it('locks what a running assessment may not change and invites new lists', async () => {
    const body = assessmentSave([PHISH], [listId], { name: 'Running' });
    const { assessment } = await create(body);
    await dispatchAssessments(t.ctx.db);
    await sendAssessmentMails(t.ctx);
    const locked = await api('PUT', `/assessments/${assessment.id}`, { ...body, questions: [PHISH, MFA] });
    expect(locked.statusCode).toBe(400);
    expect(errorsOf(locked)).toEqual([ASSESSMENT_MESSAGES.lockedWhenActive]);
    expect((await api('DELETE', `/assessments/${assessment.id}`)).statusCode).toBe(409);

    const newcomers = await addList('Newcomers', ['dee@assess.example']);
    const due = new Date(Date.now() + 10 * DAY).toISOString();
    const edited = await api('PUT', `/assessments/${assessment.id}`, {
      ...body,
      name: 'Running still',
      due,
      userLists: [listId, newcomers],
    });
    expect(edited.json()).toMatchObject({
      assessment: { status: 'active' },
      message: ASSESSMENT_MESSAGES.updated,
    });
    await dispatchAssessments(t.ctx.db);
    expect(await sendAssessmentMails(t.ctx)).toBe(1);
    expect((await mailsTo('dee@assess.example'))[0]!.subject).toBe('Running still: your security assessment');
  });

  it('lists with tabs, search, filters and paging, and authorises by role and company', async () => {
    const res = await api('GET', '/assessments?tab=all&n=2&p=1&sort=updated');
    const page = res.json();
    expect(res.statusCode, res.body).toBe(200);
    expect(page.rows).toHaveLength(2);
    expect(page.counts.all).toBe(page.counts.active + page.counts.completed + page.counts.draft);
    const byQuestion = (await api('GET', `/assessments?q=${encodeURIComponent('late-night')}`)).json();
    expect(byQuestion.total).toBe(0);
    const areaName = (await api('GET', '/assessments?q=Passwords')).json();
    expect(areaName.rows.every((r: { areas: string[] }) => r.areas.length > 0)).toBe(true);
    const named = (await api('GET', '/assessments?q=Running')).json();
    expect(named.rows.map((r: { name: string }) => r.name)).toEqual(['Running still']);
    const byList = (await api('GET', `/assessments?listId=${listId}&tab=completed`)).json();
    expect(byList.rows.every((r: { status: string }) => r.status === 'completed')).toBe(true);
    const latest = (await api('GET', '/assessments/latest')).json();
    expect(latest.length).toBeGreaterThan(0);

    const asViewer = await api('GET', '/assessments?tab=draft', undefined, viewer);
    expect(asViewer.json().counts.draft).toBe(0);
    expect((await api('POST', '/assessments', assessmentSave([PHISH], [listId]), viewer)).statusCode).toBe(
      403,
    );
    const other = await createCompany(t.ctx.db);
    const foreign = await t.inject({
      method: 'GET',
      url: `/api/companies/${other.id}/assessments`,
      headers: bearer(admin),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('starts by access link when manual scheduling is on, and mails a personal link on request', async () => {
    await t.ctx.db
      .update(companies)
      .set({ settings: { 'ui.assessment_manual_schedule': '1', 'ui.sso.configured': '1' } })
      .where(eq(companies.id, companyId));
    const { assessment } = await create(
      assessmentSave([PHISH], [listId], { name: 'Open door', scheduleType: -1 }),
    );
    expect(assessment.status).toBe('active');
    const viewed = await api('GET', `/assessments/${assessment.id}`);
    expect(viewed.statusCode, viewed.body).toBe(200);
    const view = viewed.json();
    expect(view.accessLink).toBe(`http://localhost:3000/assessments/${assessment.id}?o=${companyId}&sso=1`);
    await dispatchAssessments(t.ctx.db);
    expect(await sendAssessmentMails(t.ctx)).toBe(0);

    const redirect = await t.inject({ method: 'GET', url: `/assessments/${assessment.id}?o=${companyId}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`${t.config.learnerUrl}/#/access/${assessment.id}?o=${companyId}`);
    // The manager app's pages under /assessments/ are not access links: reloading the list or an
    // assessment's page gets the app, as any other page of it does.
    const page = (url: string) => t.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const appPage = await page('/no-such-page/');
    for (const url of [
      '/assessments/',
      `/assessments/${assessment.id}`,
      `/assessments/${assessment.id}/view/`,
    ]) {
      const res = await page(url);
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([
        url,
        appPage.statusCode,
        appPage.headers['content-type'],
      ]);
    }

    const send = vi.spyOn(t.ctx.queue, 'send');
    const ask = (email: string) =>
      t.inject({
        method: 'POST',
        url: `/api/learner/assessments/${assessment.id}/access`,
        payload: { email, companyId },
      });
    const stranger = await ask('nobody@assess.example');
    const member = await ask('Cy@assess.example');
    expect(stranger.json()).toEqual({ message: ASSESSMENT_MESSAGES.accessSent });
    expect(member.json()).toEqual(stranger.json());
    await runJobs(send, 'assessments.access');
    send.mockRestore();
    const mail = (await mailsTo('cy@assess.example')).at(-1)!;
    expect(mail.subject).toBe('Your link to Open door');
    expect(await mailsTo('nobody@assess.example')).toHaveLength(0);
    const { token } = linkFrom(mail.text);
    expect((await learner(token).get(`/assessments/${assessment.id}`)).json().status).toBe('open');
  });

  it('reminds those who have not finished, with the 24 hour rule, and copies sign-in links', async () => {
    const { assessment } = await create(assessmentSave([PHISH], [listId], { name: 'Remind me' }));
    await dispatchAssessments(t.ctx.db);
    await sendAssessmentMails(t.ctx);
    const path = `/assessments/${assessment.id}/reminders`;
    expect((await api('POST', `${path}/count`, {})).json()).toEqual({
      remindersCount: 3,
      lastReminders: null,
    });
    expect((await api('POST', path, {})).json()).toEqual({ success: true });
    expect(await sendAssessmentMails(t.ctx)).toBe(3);
    const recent = await api('POST', path, {});
    expect(recent.json()).toEqual({ success: false, reason: ASSESSMENT_MESSAGES.recentReminder });
    expect((await api('POST', path, { confirmRepeat: true, emails: ['ann@assess.example'] })).json()).toEqual(
      {
        success: true,
      },
    );
    const nobody = await api('POST', path, { confirmRepeat: true, emails: ['zed@assess.example'] });
    expect(nobody.json()).toEqual({ success: false, reason: ASSESSMENT_MESSAGES.noEmployeesToRemind });
    expect((await api('POST', `${path}/count`, {})).json().lastReminders).not.toBeNull();

    const link = await api('POST', `/assessments/${assessment.id}/users/ann%40assess.example/link`);
    expect(link.json().link).toMatch(new RegExp(`#t=.+&go=assessments/${assessment.id}$`));
    const asViewer = await api(
      'POST',
      `/assessments/${assessment.id}/users/ann%40assess.example/link`,
      undefined,
      viewer,
    );
    expect(asViewer.statusCode).toBe(403);
  });

  it('sends a preview with the question names and the intro', async () => {
    const send = vi.spyOn(t.ctx.queue, 'send');
    const res = await api('POST', '/assessments/preview', {
      targetEmail: 'boss@assess.example, deputy@assess.example',
      previewQuestions: [PHISH, MFA],
      name: 'Preview me',
      introMessage: '<p>Hello <em>team</em></p>',
    });
    expect(res.json()).toEqual({ success: true, message: ASSESSMENT_MESSAGES.previewSent });
    await runJobs(send, 'assessments.preview');
    send.mockRestore();
    const mail = (await mailsTo('boss@assess.example'))[0]!;
    expect(mail.subject).toBe('[Preview] Preview me');
    expect(mail.html).toContain('<em>team</em>');
    expect(mail.text).toContain("- Sign-in prompts you didn't start");
    const many = await api('POST', '/assessments/preview', {
      targetEmail: Array.from({ length: 11 }, (_, i) => `p${i}@assess.example`).join(','),
      previewQuestions: [PHISH],
    });
    expect(many.statusCode).toBe(400);
  });

  it('serves the demo data and redirects the demo links', async () => {
    const demo = await t.inject({ method: 'GET', url: `/api/learner/demo/assessment/${companyId}` });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json().questions).toHaveLength(5);
    expect(demo.body).toContain('Assess Co');
    expect((await t.inject({ method: 'GET', url: '/api/learner/demo/assessment/nope' })).statusCode).toBe(
      404,
    );
    const lesson = await t.inject({ method: 'GET', url: `/api/learner/demo/training/${companyId}` });
    expect(lesson.statusCode, lesson.body).toBe(200);
    expect(lesson.json().video).not.toBeNull();
    const link = await t.inject({ method: 'GET', url: `/assessment/try-demo/${companyId}/Ann%20Admin` });
    expect(link.headers.location).toBe(`${t.config.learnerUrl}/#/demo/assessment/${companyId}`);
    const training = await t.inject({ method: 'GET', url: `/training/try-demo/${companyId}/Ann%20Admin` });
    expect(training.headers.location).toBe(`${t.config.learnerUrl}/#/demo/training/${companyId}`);
  });
});
