import { and, eq, sql } from 'drizzle-orm';
import {
  actionPoints,
  AssessmentSave,
  type AssessmentChoice,
  type AssessmentTemplate,
  type QuestionBlock,
} from '@vigil/shared';
import type { z } from 'zod';
import { arrayParam, type Db } from '../../db/client.ts';
import {
  assessmentAnswers,
  assessmentDeliveries,
  assessmentParticipants,
  employees,
} from '../../db/schema/index.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { dispatchAssessments } from '../assessments/assessments.engine.ts';
import { rebuildAssessmentStats } from '../../lib/assessment-stats.ts';
import { scoreAnswers } from '../assessments/assessments.learner.service.ts';
import { questionsByIds, recordFinish, saveAssessment } from '../assessments/assessments.service.ts';
import { roll } from './demo.history.ts';

const DAY = 86_400_000;
/** Answers written per statement (eight values each, well under a statement's 65 535). */
const ANSWERS_PER_INSERT = 2_000;
type Template = z.infer<typeof AssessmentTemplate>;

const PERSONALIZE = {
  companyName: 'Harbor Logistics',
  companyDomain: 'harbor-logistics.example',
  emailHR: 'people@harbor-logistics.example',
};

/** The demo's past is not mailed again: its invitations and reminders are recorded as sent then. */
async function markSent(db: Db, assessmentId: string, at: Date) {
  await db
    .update(assessmentDeliveries)
    .set({ status: 'sent', sentAt: at, attempts: 1 })
    .where(
      and(eq(assessmentDeliveries.assessmentId, assessmentId), eq(assessmentDeliveries.status, 'pending')),
    );
}

/**
 * How a demo employee answers one action: their skill (stable per employee) decides how often they
 * pick the safest answer; otherwise they pick another one. Deterministic, so every start looks alike.
 */
function demoChoice(block: QuestionBlock, employeeId: string, skill: number): AssessmentChoice | null {
  const total = (scores: Record<string, number>) => Object.values(scores).reduce((a, b) => a + b, 0);
  const safe = (salt: string) => roll(employeeId, salt) < skill;
  if (block.type === 'multiple-choice') {
    const ranked = block.options
      .map((o, i) => ({ i, score: total(o.scores) }))
      .sort((a, b) => b.score - a.score);
    if (safe(block.actionId)) return { option: ranked[0]!.i };
    const others = ranked.slice(1);
    return { option: others[roll(employeeId, `${block.actionId}/other`) % others.length]!.i };
  }
  if (block.type === 'yes-no-list') {
    return {
      items: block.items.map((item, k) => {
        const yesIsSafe = total(item.yes) >= total(item.no);
        return safe(`${block.actionId}/${k}`) ? yesIsSafe : !yesIsSafe;
      }),
    };
  }
  return null;
}

interface DemoRun {
  name: string;
  template: Template;
  lists: string[];
  began: Date;
  due: Date;
  reminderAt: Date | null;
  /** Of 100: who finished, and who only started. */
  finishedBelow: number;
  startedBelow: number;
}

/** Makes an assessment through the manager's service as of `began`, and lets the demo crowd answer it. */
async function runDemoAssessment(db: Db, tenant: TenantContext, run: DemoRun, now: Date) {
  const saved = await saveAssessment(
    db,
    tenant,
    null,
    AssessmentSave.parse({
      name: run.name,
      status: 'scheduled',
      templateIds: [run.template.id],
      questions: run.template.questions,
      userLists: run.lists,
      channel: 1,
      scheduleType: 1,
      due: run.due.toISOString(),
      reminders_enabled: run.reminderAt !== null,
      reminders_settings: {
        channel: 1,
        steps: run.reminderAt ? [{ send: run.reminderAt.toISOString() }] : [],
      },
      personalizeEnabled: true,
      personalizeData: PERSONALIZE,
    }),
    run.began,
  );
  const id = saved.assessment.id;
  await dispatchAssessments(db, run.began);
  await markSent(db, id, run.began);

  const questions = await questionsByIds(db, run.template.questions);
  const people = await db
    .select({ employeeId: assessmentParticipants.employeeId, email: employees.email, name: employees.name })
    .from(assessmentParticipants)
    .innerJoin(employees, eq(employees.id, assessmentParticipants.employeeId))
    .where(eq(assessmentParticipants.assessmentId, id));
  const sittings = people.flatMap((person) => {
    const r = roll(person.employeeId, run.name);
    if (r >= run.startedBelow) return [];
    const finishes = r < run.finishedBelow;
    const skill = 35 + (roll(person.employeeId, 'skill') % 60);
    const span = Math.max(DAY, Math.min(now.getTime(), run.due.getTime()) - run.began.getTime() - DAY);
    const at = new Date(run.began.getTime() + 3_600_000 + (((r * 7919) % 100) / 100) * span);
    const answered = finishes ? questions : questions.slice(0, 1 + (r % Math.max(1, questions.length - 1)));
    const rows = answered.flatMap(({ question }) =>
      question.blocks.flatMap((block) => {
        const choice = demoChoice(block, person.employeeId, skill);
        if (!choice || !('actionId' in block)) return [];
        return [
          {
            assessmentId: id,
            employeeId: person.employeeId,
            companyId: tenant.companyId,
            questionId: question.id,
            actionId: block.actionId,
            choice,
            points: actionPoints(block, choice),
            answeredAt: at,
          },
        ];
      }),
    );
    return rows.length > 0 ? [{ employeeId: person.employeeId, at, rows, finishes }] : [];
  });
  // The crowd's answers and starts in a few statements; a statement per employee made the first
  // start slow once the company had a few hundred.
  const answers = sittings.flatMap((x) => x.rows);
  for (let i = 0; i < answers.length; i += ANSWERS_PER_INSERT) {
    await db
      .insert(assessmentAnswers)
      .values(answers.slice(i, i + ANSWERS_PER_INSERT))
      .onConflictDoNothing();
  }
  const starters = arrayParam(
    sittings.map((x) => x.employeeId),
    'uuid',
  );
  const startedAt = arrayParam(
    sittings.map((x) => x.at.toISOString()),
    'timestamptz',
  );
  const answeredCounts = arrayParam(
    sittings.map((x) => x.rows.length),
    'int',
  );
  await db.execute(sql`
    update ${assessmentParticipants} p set started_at = s.at, answered = s.answered
    from unnest(${starters}, ${startedAt}, ${answeredCounts}) as s(employee_id, at, answered)
    where p.assessment_id = ${id} and p.employee_id = s.employee_id`);
  for (const x of sittings) {
    if (!x.finishes) continue;
    // Scored by the same rules as an employee finishing in the learner app; the kept aggregates are
    // rebuilt once below rather than added to one employee at a time.
    await recordFinish(db, {
      assessmentId: id,
      employeeId: x.employeeId,
      now: new Date(x.at.getTime() + 20 * 60_000),
      scores: scoreAnswers(questions, x.rows),
    });
  }
  if (run.reminderAt && run.reminderAt < now) {
    await dispatchAssessments(db, run.reminderAt);
    await markSent(db, id, run.reminderAt);
  }
  await rebuildAssessmentStats(db, id);
  await dispatchAssessments(db, now);
  await db.execute(sql`analyze ${assessmentAnswers}`);
  return id;
}

/**
 * The demo company's assessments: a baseline finished a month ago by most of the company, and a
 * phishing-readiness check running now with answers still coming in.
 */
export async function loadDemoAssessments(
  db: Db,
  tenant: TenantContext,
  templates: Map<string, Template>,
  lists: Map<string, string>,
  now: Date,
) {
  const template = (id: string) => {
    const found = templates.get(id);
    if (!found) throw new Error(`The content pack has no assessment template ${id}`);
    return found;
  };
  const all = [...lists.values()];
  const baselineStart = new Date(now.getTime() - 40 * DAY);
  await runDemoAssessment(
    db,
    tenant,
    {
      name: 'Baseline human-risk assessment',
      template: template('baseline-human-risk'),
      lists: all,
      began: baselineStart,
      due: new Date(baselineStart.getTime() + 14 * DAY),
      reminderAt: new Date(baselineStart.getTime() + 5 * DAY),
      finishedBelow: 86,
      startedBelow: 93,
    },
    now,
  );
  const checkStart = new Date(now.getTime() - 3 * DAY);
  await runDemoAssessment(
    db,
    tenant,
    {
      name: 'Phishing readiness check',
      template: template('phishing-readiness'),
      lists: [lists.get('Finance'), lists.get('Customer Service')].filter((x): x is string => Boolean(x)),
      began: checkStart,
      due: new Date(checkStart.getTime() + 14 * DAY),
      reminderAt: new Date(checkStart.getTime() + 7 * DAY),
      finishedBelow: 45,
      startedBelow: 60,
    },
    now,
  );
}
