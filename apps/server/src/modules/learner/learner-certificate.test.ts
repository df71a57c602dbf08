import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOrder,
  COMPANY_SETTINGS,
  DEFAULT_PASS_MARK,
  type LearnerHome,
  type LearnerSubject,
  type TrainingEmployeeRow,
  type TrainingUserDetail,
  type TrainingView,
} from '@vigil/shared';
import { companies, mails } from '../../db/schema/index.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { dispatch, sendDue } from '../trainings/trainings.delivery.ts';

const SUBJECTS = ['spot-the-phish', 'clean-desk'];

/** The learner token in a training mail's link. */
function learnerTokenFrom(text: string): string {
  const match = text.match(/#t=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error('No learner link in the mail');
  return decodeURIComponent(match[1]);
}

/**
 * Completion (lessons finished) and quiz score (answers right) are two figures: an employee who finishes
 * every lesson with a third of the answers right has completed the program, but has not passed it.
 */
describe.each(testDatabases())('certificates and the pass mark on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let admin: string;
  let trainingId: string;
  const tokens = new Map<string, string>();
  let questions = 0;

  const learner = (token: string) => ({
    get: (url: string) => t.inject({ method: 'GET', url: `/api/learner${url}`, headers: bearer(token) }),
    post: (url: string, payload: object) =>
      t.inject({ method: 'POST', url: `/api/learner${url}`, headers: bearer(token), payload }),
  });
  const manager = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.inject({
      method,
      url: `/api/companies/${companyId}${url}`,
      headers: bearer(admin),
      ...(payload ? { payload } : {}),
    });

  /** Watches every lesson to the end and answers its questions: the first `right` correctly, the rest not. */
  async function takeProgram(email: string, right: number) {
    const l = learner(tokens.get(email)!);
    let answered = 0;
    for (const subjectId of SUBJECTS) {
      const subject = (await l.get(`/trainings/${trainingId}/subjects/${subjectId}`)).json<LearnerSubject>();
      for (const code of [3, 7, 8, 9, 10, 11, 12])
        expect((await l.post('/events', { trainingId, subjectId, code })).statusCode).toBe(200);
      for (let question = 0; question < subject.questions.length; question++) {
        const order = answerOrder(subjectId, question);
        const answer = order.indexOf(answered < right ? 0 : 1);
        const res = await l.post('/answers', { trainingId, subjectId, question, answer });
        expect(res.statusCode, res.body).toBe(200);
        answered++;
      }
    }
  }

  const programOf = async (email: string) =>
    (await learner(tokens.get(email)!).get('/me')).json<LearnerHome>().trainings[0]!;
  const certificateOf = (email: string) =>
    learner(tokens.get(email)!).get(`/trainings/${trainingId}/certificate`);

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    companyId = (await createCompany(db, { settings: { 'ui.certificates_enabled': '1' } })).id;
    const person = await createManager(db);
    await addMember(db, companyId, person.id, 1);
    admin = await signIn(t, person.id);
    const list = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/lists`,
      headers: bearer(admin),
      payload: { name: 'Everyone' },
    });
    const listId = list.json<{ id: string }>().id;
    const people = ['third@pass.example', 'most@pass.example'];
    await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/lists/${listId}/users`,
      headers: bearer(admin),
      payload: { users: people.map((email) => ({ email, name: email.split('@')[0] })) },
    });
    const created = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/automations`,
      headers: bearer(admin),
      payload: sendNowProgram('Pass mark', SUBJECTS, [listId]),
    });
    expect(created.statusCode, created.body).toBe(200);
    trainingId = created.json<{ automation: { id: string } }>().automation.id;
    await dispatch(db, new Date());
    expect(await sendDue(t.ctx)).toBe(2);
    for (const email of people) {
      const [mail] = await db.select().from(mails).where(eq(mails.toAddress, email));
      tokens.set(email, learnerTokenFrom(mail!.text));
    }
    for (const subjectId of SUBJECTS) {
      const subject = await learner(tokens.get(people[0]!)!).get(
        `/trainings/${trainingId}/subjects/${subjectId}`,
      );
      questions += subject.json<LearnerSubject>().questions.length;
    }
    expect(questions).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives no certificate for every lesson finished with a third of the answers right', async () => {
    const right = Math.round(questions / 3);
    await takeProgram('third@pass.example', right);
    const program = await programOf('third@pass.example');
    expect(program).toMatchObject({
      completed: true,
      finished: SUBJECTS.length,
      quizScore: Math.round((right / questions) * 100),
      passMark: DEFAULT_PASS_MARK,
      certificate: false,
    });
    expect((await certificateOf('third@pass.example')).statusCode).toBe(404);
  });

  it('gives a certificate for every lesson finished with the pass mark met', async () => {
    const right = Math.ceil((questions * DEFAULT_PASS_MARK) / 100);
    await takeProgram('most@pass.example', right);
    const program = await programOf('most@pass.example');
    expect(program.completed).toBe(true);
    expect(program.quizScore).toBeGreaterThanOrEqual(DEFAULT_PASS_MARK);
    expect(program.certificate).toBe(true);
    const pdf = await certificateOf('most@pass.example');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows completion and quiz score separately on the Employees tab and the employee page', async () => {
    const right = Math.round(questions / 3);
    const page = await manager('GET', `/automations/${trainingId}/employees?q=third`);
    expect(page.statusCode, page.body).toBe(200);
    const row = page.json<{ rows: TrainingEmployeeRow[] }>().rows[0]!;
    expect(row).toMatchObject({
      score: SUBJECTS.length,
      total: SUBJECTS.length,
      scorePercent: 100,
      answered: questions,
      correct: right,
      quizScore: Math.round((right / questions) * 100),
    });
    const detail = await manager('GET', `/automations/${trainingId}/users/third@pass.example`);
    expect(detail.json<TrainingUserDetail>()).toMatchObject({
      scorePercent: 100,
      answered: questions,
      correct: right,
      quizScore: Math.round((right / questions) * 100),
    });
    // The program's own figures carry both as well, and the CSV names each column for what it is.
    const view = (await manager('GET', `/automations/${trainingId}`)).json<TrainingView>();
    expect(view.completionRate).toBe(100);
    expect(view.quizScore).toBeLessThan(100);
    const csv = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/trainings/${trainingId}/users_report/csv?token=${admin}`,
    });
    const header = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header).toContain('Completion %');
    expect(header).toContain('Quiz score %');
    expect(header).not.toContain('Score %,');
  });

  it("follows the company's pass mark, a whole percent only admins set", async () => {
    const bad = await manager('PUT', '', { passMark: 101 });
    expect(bad.statusCode).toBe(400);
    const watcher = await createManager(t.ctx.db);
    await addMember(t.ctx.db, companyId, watcher.id, 2);
    const byViewer = await t.inject({
      method: 'PUT',
      url: `/api/companies/${companyId}`,
      headers: bearer(await signIn(t, watcher.id)),
      payload: { passMark: 10 },
    });
    expect(byViewer.statusCode).toBe(403);
    const saved = await manager('PUT', '', { passMark: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ settings: Record<string, string> }>().settings).toMatchObject({
      [COMPANY_SETTINGS.passMark]: '30',
      'ui.certificates_enabled': '1',
    });
    expect(await programOf('third@pass.example')).toMatchObject({ passMark: 30, certificate: true });
    expect((await certificateOf('third@pass.example')).statusCode).toBe(200);
    // Certificates switched off: nobody gets one, whatever the score.
    await t.ctx.db
      .update(companies)
      .set({ settings: { 'ui.certificates_enabled': '0' } })
      .where(eq(companies.id, companyId));
    // Written past the service, as another process would: this process is told, as the service tells it.
    companyChanged(companyId);
    expect(await programOf('most@pass.example')).toMatchObject({ passMark: null, certificate: false });
    expect((await certificateOf('most@pass.example')).statusCode).toBe(404);
  });
});
