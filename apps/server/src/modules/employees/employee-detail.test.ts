/**
 * The employee detail as an audit trail: a program sent through the delivery engine, lessons taken
 * through the learner API, an assessment with known scores (the report tests' fixture), and the
 * record the manager reads for one employee of a list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeDetail, LearnerAnswerResult, LearnerSubject } from '@vigil/shared';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { seedAssessment, type SeededAssessment } from '../../test/assessment-reports.fixture.ts';
import { dispatch, sendDue } from '../trainings/trainings.delivery.ts';

const SUBJECTS = ['spot-the-phish', 'clean-desk'];

describe.each(testDatabases())('employee detail on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let admin: string;
  let seeded: SeededAssessment;
  let programId: string;
  let answers: LearnerAnswerResult[];

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.inject({
      method,
      url: `/api/companies/${companyId}${url}`,
      headers: bearer(admin),
      ...(payload ? { payload } : {}),
    });

  const detail = async (listId: string, email: string) => {
    const res = await api('GET', `/lists/${listId}/users/${encodeURIComponent(email)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EmployeeDetail>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    companyId = (await createCompany(t.ctx.db, { name: 'Audit Co' })).id;
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, companyId, manager.id, 1);
    admin = await signIn(t, manager.id);
    // Alice, Bob, Carol finished (Bob at 44.17), Dan started, Eve was invited and bounced.
    seeded = await seedAssessment(t.ctx.db, companyId);

    const started = await api(
      'POST',
      '/automations',
      sendNowProgram('Phishing basics', SUBJECTS, [seeded.lists.sales]),
    );
    expect(started.statusCode, started.body).toBe(200);
    programId = started.json<{ automation: { id: string } }>().automation.id;
    await dispatch(t.ctx.db);
    await sendDue(t.ctx);

    // Bob finishes the first lesson and opens the second.
    const link = await api('POST', `/automations/${programId}/users/bob@staff.example/link`);
    expect(link.statusCode, link.body).toBe(200);
    const token = decodeURIComponent(link.json<{ link: string }>().link.match(/#t=([A-Za-z0-9_%-]+)/)![1]!);
    const learner = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.inject({
        method,
        url: `/api/learner${url}`,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
    const [first, second] = SUBJECTS as [string, string];
    const subject = (
      await learner('GET', `/trainings/${programId}/subjects/${first}`)
    ).json<LearnerSubject>();
    for (const code of [3, 7, 8, 9, 10, 11, 12]) {
      const r = await learner('POST', '/events', { trainingId: programId, subjectId: first, code });
      expect(r.statusCode, r.body).toBe(200);
    }
    answers = [];
    for (let question = 0; question < subject.questions.length; question++) {
      const r = await learner('POST', '/answers', {
        trainingId: programId,
        subjectId: first,
        question,
        answer: 0,
      });
      expect(r.statusCode, r.body).toBe(200);
      answers.push(r.json<LearnerAnswerResult>());
    }
    const opened = await learner('POST', '/events', { trainingId: programId, subjectId: second, code: 3 });
    expect(opened.statusCode, opened.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows what an employee was sent and did: lessons, quiz answers, programs and assessments', async () => {
    const bob = await detail(seeded.lists.sales, 'bob@staff.example');
    expect(bob.started).toBe(true);
    expect(bob.score).toBe(50);
    expect(bob.trainings).toEqual({ [programId]: 'Phishing basics' });
    expect(answers.length).toBeGreaterThan(0);
    const correct = answers.filter((a) => a.correct).length;
    expect(bob.subjects).toHaveLength(2);
    const [finished, opened] = [
      bob.subjects.find((s) => s.status === 'finished')!,
      bob.subjects.find((s) => s.status === 'inProgress')!,
    ];
    expect(finished).toMatchObject({
      correct,
      incorrect: answers.length - correct,
      training_ids: [programId],
    });
    expect(finished.title).not.toBe(SUBJECTS[0]);
    expect(finished.delivered).not.toBeNull();
    expect(finished.viewed).not.toBeNull();
    expect(opened).toMatchObject({ correct: 0, incorrect: 0, training_ids: [programId] });
    expect(opened.viewed).not.toBeNull();
    expect(bob.assessments).toEqual([
      {
        id: seeded.id,
        name: 'Q2 risk check',
        status: 'finished',
        invited: expect.any(String),
        finished: expect.any(String),
        score: 44,
      },
    ]);
  });

  it('shows lessons delivered but not opened, and assessments started or only invited', async () => {
    const eve = await detail(seeded.lists.sales, 'eve@staff.example');
    expect(eve).toMatchObject({ started: false, score: null, trainings: { [programId]: 'Phishing basics' } });
    expect(eve.subjects.map((s) => s.status)).toEqual(['notStarted', 'notStarted']);
    expect(eve.subjects.every((s) => s.delivered !== null && s.viewed === null)).toBe(true);
    expect(eve.assessments).toMatchObject([{ status: 'invited', finished: null, score: null }]);

    // Dan is not in the program's list: nothing delivered, his assessment started.
    const dan = await detail(seeded.lists.ops, 'dan@staff.example');
    expect(dan).toMatchObject({ started: false, score: null, subjects: [], trainings: {} });
    expect(dan.assessments).toMatchObject([{ status: 'started', score: null }]);
  });

  it('sends nothing about the person when tracking is anonymous', async () => {
    const switched = await api('POST', '/switchTrackingAnonymous');
    expect(switched.statusCode, switched.body).toBe(200);
    try {
      const bob = await detail(seeded.lists.sales, 'bob@staff.example');
      expect(bob).toMatchObject({ anonymous: true, started: false, subjects: [], assessments: [] });
    } finally {
      await api('POST', '/switchTrackingAnonymous');
    }
  });
});
