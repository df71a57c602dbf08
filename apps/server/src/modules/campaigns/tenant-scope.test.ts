import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentAnswers,
  assessmentParticipants,
  assessments,
  trainingDeliveries,
  trainings,
} from '../../db/schema/index.ts';
import { systemScope, type CompanyScope } from '../../lib/scope.ts';
import {
  addMember,
  assessmentSave,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { dispatchAssessments } from '../assessments/assessments.engine.ts';
import {
  answersOf,
  assessmentRow,
  assessmentsOfEmployee,
  assessmentsPage,
  eventsOf as assessmentEventsOf,
  countUnfinished,
  deleteAssessment,
  employeeOfCompany,
  listsOfAssessment,
  saveAnswer,
} from '../assessments/assessments.queries.ts';
import { employeeById } from '../assessments/assessments.send.queries.ts';
import {
  deliveredSubjects,
  isDelivered,
  progressOf,
  recordInteractiveResult,
  recordProgressBatch,
} from '../learner/learner.queries.ts';
import {
  countTargets,
  deliveryUsers,
  employeeByEmail,
  employeeDeliveries,
  insertResend,
  type ReminderTargets,
} from '../trainings/trainings.deliveries.queries.ts';
import { dispatch, sendDue } from '../trainings/trainings.delivery.ts';
import {
  employeesPage,
  eventsOf,
  interactiveCounts,
  lessonFigures,
  listFigures,
  listsOfTraining,
  trainingById,
  trainingRow,
  trainingsPage,
  updateTraining,
} from '../trainings/trainings.queries.ts';
import { companyListsAmong } from './campaigns.queries.ts';

/**
 * A forgotten service check cannot leak: the query layer, called with company A's scope and company
 * B's ids, finds and changes nothing. Each call is also made with B's own scope, which finds B's rows,
 * so that an empty answer means the scope held and not that the ids were wrong.
 */
describe.each(testDatabases())('campaign queries are scoped to one company on %s', (kind) => {
  let t: TestApp;
  let a: CompanyScope;
  let b: CompanyScope;
  const ids = {
    training: '',
    event: '',
    employee: '',
    subject: '',
    list: '',
    assessment: '',
    assessmentEvent: '',
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    a = systemScope((await createCompany(db, { name: 'Company A' })).id, 'test');
    const companyB = await createCompany(db, { name: 'Company B' });
    b = systemScope(companyB.id, 'test');
    const manager = await createManager(db);
    await addMember(db, companyB.id, manager.id, 1);
    const token = await signIn(t, manager.id);
    const api = (url: string, payload: object) =>
      t.inject({
        method: 'POST',
        url: `/api/companies/${companyB.id}${url}`,
        headers: bearer(token),
        payload,
      });
    ids.list = (await api('/lists', { name: 'All' })).json<{ id: string }>().id;
    await api(`/lists/${ids.list}/users`, { users: [{ email: 'bee@b.example', name: 'Bee' }] });
    const program = await api('/automations', sendNowProgram('B program', ['spot-the-phish'], [ids.list]));
    expect(program.statusCode, program.body).toBe(200);
    const assessment = await api(
      '/assessments',
      assessmentSave(['ph-shared-document-login'], [ids.list], { personalizeEnabled: false }),
    );
    expect(assessment.statusCode, assessment.body).toBe(200);
    await dispatch(db, new Date());
    await sendDue(t.ctx);
    await dispatchAssessments(db);
    const [delivery] = await db.select().from(trainingDeliveries);
    ids.training = delivery!.trainingId;
    ids.event = delivery!.eventId;
    ids.employee = delivery!.employeeId;
    ids.subject = (
      await db.select().from(trainings).where(eq(trainings.id, ids.training))
    )[0]!.subjectIds[0]!;
    ids.assessment = (
      await db.select().from(assessments).where(eq(assessments.companyId, b.companyId))
    )[0]!.id;
    ids.assessmentEvent = (await assessmentEventsOf(db, b, ids.assessment))[0]!.id;
    await recordProgressBatch(db, [
      {
        change: {
          companyId: b.companyId,
          trainingId: ids.training,
          employeeId: ids.employee,
          subjectId: ids.subject,
          code: 1,
          item: null,
          percent: 0,
          answerBit: 0,
          correct: false,
          lastDecision: false,
          type: 1,
          questions: 0,
        },
        now: new Date(),
      },
    ]);
    await recordInteractiveResult(db, b, {
      trainingId: ids.training,
      employeeId: ids.employee,
      subjectId: ids.subject,
      sceneId: 'scene',
      found: ['flag'],
      choice: 'choice',
      correct: true,
    });
  }, 300_000);
  afterAll(() => t?.close());

  it('reads nothing of another company', async () => {
    const db = t.ctx.db;
    const page = { limit: 50, offset: 0 };
    for (const [scope, found] of [
      [b, true],
      [a, false],
    ] as const) {
      const some = (rows: unknown[]) => expect(rows.length > 0, `${scope === a ? 'A' : 'B'}`).toBe(found);
      some((await deliveryUsers(db, scope, ids.event, page)).rows);
      some(await employeeDeliveries(db, scope, ids.training, ids.employee));
      some(await eventsOf(db, scope, ids.training));
      some(await lessonFigures(db, scope, ids.training));
      some(await interactiveCounts(db, scope, ids.training, ids.subject));
      some(await deliveredSubjects(db, scope, ids.employee));
      some(await progressOf(db, scope, ids.employee));
      some(await progressOf(db, scope, ids.employee, ids.training));
      expect(await isDelivered(db, scope, ids.employee, ids.training, ids.subject)).toBe(found);
      some(await assessmentEventsOf(db, scope, ids.assessment));
      some((await companyListsAmong(db, scope, [ids.list])).found);

      const one = (row: unknown) => expect(row !== undefined, `${scope === a ? 'A' : 'B'}`).toBe(found);
      const counted = (n: number) => expect(n > 0, `${scope === a ? 'A' : 'B'}`).toBe(found);
      const everything = { tab: 'all', includeDrafts: true } as const;
      const newest = { sort: 'updated', direction: 'desc', ...page } as const;
      one(await trainingRow(db, scope, ids.training));
      one(await trainingById(db, scope, ids.training));
      some((await trainingsPage(db, scope, everything, newest)).rows);
      some(await listsOfTraining(db, scope, ids.training));
      some(await listFigures(db, scope, ids.training));
      some((await employeesPage(db, scope, ids.training, { filter: 'all', ...page })).rows);
      some((await employeesPage(db, scope, ids.training, { filter: 'notCompleted', ...page })).rows);
      const everyone: ReminderTargets = { mode: 3, all: true, emails: [], excluded: [], userLists: [] };
      counted(await countTargets(db, scope, ids.training, everyone));
      one(await employeeByEmail(db, scope, 'bee@b.example'));
      one(await assessmentRow(db, scope, ids.assessment));
      some((await assessmentsPage(db, scope, everything, newest)).rows);
      some(await listsOfAssessment(db, scope, ids.assessment));
      counted(await countUnfinished(db, scope, ids.assessment, {}));
      some(await assessmentsOfEmployee(db, scope, ids.employee));
      one(await employeeOfCompany(db, scope, 'bee@b.example'));
      one(await employeeById(db, scope, ids.employee));
    }
  });

  it('changes nothing of another company', async () => {
    const db = t.ctx.db;
    const deliveries = () =>
      db.select().from(trainingDeliveries).where(eq(trainingDeliveries.trainingId, ids.training));
    const before = (await deliveries()).length;
    expect(await insertResend(db, a, ids.event, ids.employee, new Date())).toBe(0);
    expect(await deliveries()).toHaveLength(before);

    await updateTraining(db, a, ids.training, { name: 'Taken over' });
    expect((await trainingRow(db, b, ids.training))!.name).toBe('B program');
    await deleteAssessment(db, a, ids.assessment);
    expect(await assessmentRow(db, b, ids.assessment)).toBeDefined();

    const answer = {
      assessmentId: ids.assessment,
      employeeId: ids.employee,
      questionId: 'ph-shared-document-login',
      actionId: 'x',
      choice: { option: 0 },
      points: {},
      answeredAt: new Date(),
    } as unknown as Parameters<typeof saveAnswer>[2];
    expect(await saveAnswer(db, a, answer)).toBe(0);
    expect(await answersOf(db, b, ids.assessment, ids.employee)).toEqual([]);
    const [participant] = await db
      .select()
      .from(assessmentParticipants)
      .where(
        and(
          eq(assessmentParticipants.assessmentId, ids.assessment),
          eq(assessmentParticipants.employeeId, ids.employee),
        ),
      );
    expect(participant!.startedAt).toBeNull();

    // B's own scope does write: the ids were right.
    expect(await saveAnswer(db, b, answer)).toBe(1);
    expect(await answersOf(db, b, ids.assessment, ids.employee)).toHaveLength(1);
    expect(await answersOf(db, a, ids.assessment, ids.employee)).toEqual([]);
    const stored = await db.select().from(assessmentAnswers);
    expect(stored.map((r) => r.companyId)).toEqual([b.companyId]);
    expect(await insertResend(db, b, ids.event, ids.employee, new Date())).toBeGreaterThan(0);
  });
});
