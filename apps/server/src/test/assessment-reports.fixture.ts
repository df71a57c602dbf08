/**
 * A small assessment with known answers, seeded straight into the tables, for the report tests:
 * two lists, five employees (three finished, one started, one not started and bounced) and four
 * questions of two threat areas from the content pack. The expected figures are worked out by hand in
 * assessment-reports.test.ts.
 */
import { inArray } from 'drizzle-orm';
import {
  actionPoints,
  scoreEmployee,
  sumPoints,
  type AssessmentChoice,
  type BehaviourPoints,
} from '@vigil/shared';
import type { Db } from '../db/client.ts';
import {
  assessmentAnswers,
  assessmentDeliveries,
  assessmentEvents,
  assessmentLists,
  assessmentParticipants,
  assessments,
  assessmentScores,
  employeeLists,
  employees,
  listMembers,
  questions as questionsTable,
  threatAreas,
} from '../db/schema/index.ts';
import { addFinishedEmployee } from '../lib/assessment-stats.ts';

export const QUESTION_IDS = [
  'ph-invoice-from-new-supplier',
  'ph-report-or-delete',
  'pw-choose-new-password',
  'pw-passwords-on-sticky-notes',
] as const;

type Answers = Partial<Record<(typeof QUESTION_IDS)[number], Record<string, AssessmentChoice>>>;

interface Person {
  key: 'alice' | 'bob' | 'carol' | 'dan' | 'eve';
  name: string;
  lists: ('sales' | 'ops')[];
  answers: Answers;
  finished: boolean;
  bounced?: boolean;
}

/** The choices, by question and action id. */
const PEOPLE: Person[] = [
  {
    key: 'alice',
    name: 'Alice Archer',
    lists: ['sales'],
    finished: true,
    answers: {
      'ph-invoice-from-new-supplier': { 'invoice-next-step': { option: 2 } },
      'ph-report-or-delete': { 'report-reply': { option: 1 }, 'report-which': { items: [true, true, true] } },
      'pw-choose-new-password': { 'choose-password': { option: 2 } },
      'pw-passwords-on-sticky-notes': { 'storage-ok': { items: [false, false, true, false] } },
    },
  },
  {
    key: 'bob',
    name: 'Bob Baker',
    lists: ['sales', 'ops'],
    finished: true,
    answers: {
      'ph-invoice-from-new-supplier': { 'invoice-next-step': { option: 1 } },
      'ph-report-or-delete': {
        'report-reply': { option: 0 },
        'report-which': { items: [true, false, false] },
      },
      'pw-choose-new-password': { 'choose-password': { option: 3 } },
      'pw-passwords-on-sticky-notes': { 'storage-ok': { items: [true, false, true, false] } },
    },
  },
  {
    key: 'carol',
    // A name a spreadsheet would run as a formula.
    name: '=cmd',
    lists: ['ops'],
    finished: true,
    answers: {
      'ph-invoice-from-new-supplier': { 'invoice-next-step': { option: 0 } },
      'ph-report-or-delete': {
        'report-reply': { option: 1 },
        'report-which': { items: [true, true, false] },
      },
      'pw-choose-new-password': { 'choose-password': { option: 0 } },
      'pw-passwords-on-sticky-notes': { 'storage-ok': { items: [true, true, true, true] } },
    },
  },
  {
    key: 'dan',
    name: 'Dan Dale',
    lists: ['ops'],
    finished: false,
    answers: { 'ph-invoice-from-new-supplier': { 'invoice-next-step': { option: 2 } } },
  },
  { key: 'eve', name: 'Eve Evans', lists: ['sales'], finished: false, answers: {}, bounced: true },
];

export interface SeededAssessment {
  id: string;
  name: string;
  lists: { sales: string; ops: string };
  employees: Record<Person['key'], string>;
  lastFinishedAt: Date;
}

type Scoring = Awaited<ReturnType<typeof loadScoring>>;
type Who = { assessmentId: string; employeeId: string; companyId: string };

/** The fixture's questions and the threat area of each key behaviour, as the learner side scores them. */
async function loadScoring(db: Db) {
  const content = await db
    .select()
    .from(questionsTable)
    .where(inArray(questionsTable.id, [...QUESTION_IDS]));
  const areas = await db.select().from(threatAreas);
  const areaOfBehaviour = new Map(areas.flatMap((a) => a.behaviours.map((b) => [b.code, a.id] as const)));
  return { content, areaOfBehaviour };
}

/** The answer rows of `answers` with the points each earned, and the employee's scores. */
function scoreAnswers({ content, areaOfBehaviour }: Scoring, answers: Answers, who: Who) {
  const points = new Map<string, BehaviourPoints>();
  const answerRows = Object.entries(answers).flatMap(([questionId, actions]) => {
    const blocks = content.find((q) => q.id === questionId)!.blocks;
    const parts = Object.entries(actions!).map(([actionId, choice]) => {
      const block = blocks.find((b) => 'actionId' in b && b.actionId === actionId)!;
      return { actionId, choice, points: actionPoints(block, choice) };
    });
    points.set(questionId, sumPoints(parts.map((x) => x.points)));
    return parts.map((x) => ({ ...who, questionId, ...x }));
  });
  const scored = content.map((q) => ({ id: q.id, areaId: q.areaId, behaviours: q.behaviours }));
  return { answerRows, scores: scoreEmployee(scored, points, (code) => areaOfBehaviour.get(code)) };
}

/** A finished employee's exact scores and the assessment's aggregates, as the learner side keeps them. */
async function keepScores(
  tx: Db,
  who: Who & { listIds: string[] },
  scores: ReturnType<typeof scoreEmployee>,
): Promise<void> {
  const { assessmentId, employeeId } = who;
  const kept = [
    ...Object.entries(scores.areas).map(([key, score]) => ({ kind: 2 as const, key, score })),
    ...Object.entries(scores.behaviours).map(([key, score]) => ({ kind: 3 as const, key, score })),
    ...Object.entries(scores.questions).map(([key, score]) => ({ kind: 4 as const, key, score })),
  ];
  await tx.insert(assessmentScores).values(kept.map((s) => ({ ...s, assessmentId, employeeId })));
  await addFinishedEmployee(tx, { ...who, scores });
}

/**
 * An assessment of the fixture's questions that `finishers` finished at `finishedAt`, each with the
 * answers of one of the fixture's people (Alice scores 100, Bob 44.17, Carol 23.33), and `invited`
 * who did not answer: for the infosec board's standing over several assessments.
 */
export async function seedFinishedAssessment(
  db: Db,
  companyId: string,
  o: {
    name: string;
    finishedAt: Date;
    finishers: { employeeId: string; answersOf: 'alice' | 'bob' | 'carol' }[];
    invited?: string[];
  },
): Promise<string> {
  const startedAt = new Date(o.finishedAt.getTime() - 3_600_000);
  const [assessment] = await db
    .insert(assessments)
    .values({ companyId, name: o.name, status: 'active', questionIds: [...QUESTION_IDS], startedAt })
    .returning({ id: assessments.id });
  const assessmentId = assessment!.id;
  const scoring = await loadScoring(db);
  for (const employeeId of o.invited ?? [])
    await db
      .insert(assessmentParticipants)
      .values({ assessmentId, employeeId, companyId, invitedAt: startedAt });
  for (const f of o.finishers) {
    const who = { assessmentId, employeeId: f.employeeId, companyId };
    const { answerRows, scores } = scoreAnswers(
      scoring,
      PEOPLE.find((p) => p.key === f.answersOf)!.answers,
      who,
    );
    await db.transaction(async (tx) => {
      await tx.insert(assessmentParticipants).values({
        ...who,
        invitedAt: startedAt,
        startedAt,
        finishedAt: o.finishedAt,
        answered: answerRows.length,
        score: scores.resilience,
      });
      await tx.insert(assessmentAnswers).values(answerRows);
      await keepScores(tx, { ...who, listIds: [] }, scores);
    });
  }
  return assessmentId;
}

/** Seeds the assessment in `companyId`, scoring each finished employee as the learner side does. */
export async function seedAssessment(
  db: Db,
  companyId: string,
  name = 'Q2 risk check',
): Promise<SeededAssessment> {
  const [sales, ops] = await db
    .insert(employeeLists)
    .values([
      { companyId, name: 'Sales' },
      { companyId, name: 'Ops' },
    ])
    .returning({ id: employeeLists.id });
  const lists = { sales: sales!.id, ops: ops!.id };
  const started = new Date('2026-03-02T09:00:00Z');
  const [assessment] = await db
    .insert(assessments)
    .values({
      companyId,
      name,
      status: 'active',
      questionIds: [...QUESTION_IDS],
      scheduleType: 1,
      startedAt: started,
      dueAt: new Date('2026-03-30T09:00:00Z'),
    })
    .returning({ id: assessments.id });
  const assessmentId = assessment!.id;
  await db.insert(assessmentLists).values([
    { assessmentId, listId: lists.sales, companyId },
    { assessmentId, listId: lists.ops, companyId },
  ]);

  const rows = await db
    .insert(employees)
    .values(PEOPLE.map((p) => ({ companyId, email: `${p.key}@staff.example`, name: p.name })))
    .returning({ id: employees.id, email: employees.email });
  const ids = Object.fromEntries(rows.map((r) => [r.email.split('@')[0], r.id])) as Record<
    Person['key'],
    string
  >;
  await db
    .insert(listMembers)
    .values(
      PEOPLE.flatMap((p) => p.lists.map((l) => ({ listId: lists[l], employeeId: ids[p.key], companyId }))),
    );

  const scoring = await loadScoring(db);

  const [invitation, sentReminder] = await db
    .insert(assessmentEvents)
    .values([
      { assessmentId, companyId, type: 1, position: 0, sendAt: started, status: 'sent', sentAt: started },
      {
        assessmentId,
        companyId,
        type: 2,
        position: 1,
        sendAt: new Date('2026-03-09T09:00:00Z'),
        status: 'sent',
      },
      { assessmentId, companyId, type: 2, position: 2, sendAt: new Date('2026-03-16T09:00:00Z') },
    ])
    .returning({ id: assessmentEvents.id });

  let lastFinishedAt = started;
  for (const [i, p] of PEOPLE.entries()) {
    const employeeId = ids[p.key];
    const listIds = p.lists.map((l) => lists[l]);
    const answered = Object.entries(p.answers);
    const finishedAt = p.finished ? new Date(started.getTime() + (i + 1) * 3_600_000) : null;
    if (finishedAt) lastFinishedAt = finishedAt;
    const { answerRows, scores } = scoreAnswers(scoring, p.answers, { assessmentId, employeeId, companyId });
    await db.transaction(async (tx) => {
      await tx.insert(assessmentParticipants).values({
        assessmentId,
        employeeId,
        companyId,
        listIds,
        invitedAt: started,
        startedAt: answered.length ? new Date(started.getTime() + 60_000) : null,
        finishedAt,
        answered: answerRows.length,
        score: finishedAt ? scores.resilience : null,
      });
      if (answerRows.length) await tx.insert(assessmentAnswers).values(answerRows);
      await tx.insert(assessmentDeliveries).values({
        eventId: invitation!.id,
        assessmentId,
        companyId,
        employeeId,
        channel: 1,
        status: p.bounced ? 'bounced' : 'sent',
      });
      if (!finishedAt) {
        await tx.insert(assessmentDeliveries).values({
          eventId: sentReminder!.id,
          assessmentId,
          companyId,
          employeeId,
          channel: 1,
          status: 'sent',
        });
        return;
      }
      await keepScores(tx, { assessmentId, companyId, employeeId, listIds }, scores);
    });
  }
  return { id: assessmentId, name, lists, employees: ids, lastFinishedAt };
}
