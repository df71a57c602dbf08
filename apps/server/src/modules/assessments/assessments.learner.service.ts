import {
  actionPoints,
  type BehaviourPoints,
  ASSESSMENT_MESSAGES,
  behavioursToWorkOn,
  localize,
  roundScore,
  scoreBand,
  shownBand,
  scoreEmployee,
  sumPoints,
  totalSeconds,
  type AssessmentAccessRequest,
  type LearnerAssessment,
  type LearnerAssessmentAnswer,
  type LearnerAssessmentBlock,
  type LearnerAssessmentCard,
  type LearnerAssessmentResult,
  type QuestionBlock,
} from '@vigil/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { enqueue, MAIL_RETRY } from '../../jobs/jobs.ts';
import { toIso, type Db } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { addFinishedEmployee, notifyInfosecSummary } from '../../lib/assessment-stats.ts';
import { companyById, scoreRangesOf } from '../companies/companies.service.ts';
import { presentBlocks } from '../content/content.presenter.ts';
import type { LearnerIdentity } from '../campaigns/campaigns.kind.ts';
import { ASSESSMENT_ACCESS_JOB, type AccessLinkJob } from './assessments.engine.ts';
import {
  answersOf,
  assessmentRow,
  assessmentsOfEmployee,
  employeeOfCompany,
  ensureParticipant,
  isInAudience,
  participantOf,
  questionsByIds,
  recordFinish,
  saveAnswer,
  scoresOf,
  type AssessmentRecord,
  type ParticipantRow,
} from './assessments.queries.ts';

export type QuestionRows = Awaited<ReturnType<typeof questionsByIds>>;
type Action = Extract<QuestionBlock, { type: 'multiple-choice' | 'yes-no-list' }>;

const isAction = (b: QuestionBlock): b is Action => b.type === 'multiple-choice' || b.type === 'yes-no-list';

const isClosed = (a: AssessmentRecord, now: Date) =>
  a.status === 'completed' || (a.dueAt !== null && a.dueAt.getTime() <= now.getTime());

/** The assessment's questions in the manager's order (those the content still has). */
async function questionsOf(db: Db, a: AssessmentRecord): Promise<QuestionRows> {
  const rows = new Map((await questionsByIds(db, a.questionIds)).map((r) => [r.question.id, r]));
  return a.questionIds.flatMap((id) => {
    const row = rows.get(id);
    return row ? [row] : [];
  });
}

const actionsCount = (questions: QuestionRows) =>
  questions.reduce((n, q) => n + q.question.blocks.filter(isAction).length, 0);

/**
 * The assessment as this employee may take it: one of their company's running or finished
 * assessments that reaches them (a list of theirs, or they joined through the access link). An
 * employee of its lists becomes a participant when they first open it.
 */
async function reach(db: Db, learner: LearnerIdentity, id: string, now: Date) {
  const a = await assessmentRow(db, learner.scope, id);
  if (!a || (a.status !== 'active' && a.status !== 'completed')) throw NotFound(ASSESSMENT_MESSAGES.notFound);
  let participant = await participantOf(db, id, learner.employeeId);
  if (!participant) {
    if (isClosed(a, now) || !(await isInAudience(db, id, learner.employeeId)))
      throw NotFound(ASSESSMENT_MESSAGES.notFound);
    await ensureParticipant(db, {
      assessmentId: id,
      scope: learner.scope,
      employeeId: learner.employeeId,
      now,
    });
    participant = (await participantOf(db, id, learner.employeeId))!;
  }
  return { a, participant };
}

/** Refuses changes once the employee finished, or the assessment closed. */
function requireOpen(a: AssessmentRecord, participant: ParticipantRow, now: Date) {
  if (participant.finishedAt) throw Conflict(ASSESSMENT_MESSAGES.alreadyFinished);
  if (isClosed(a, now)) throw Forbidden(ASSESSMENT_MESSAGES.closed);
}

/** The keys a question's text is personalised with: the manager's, else the company's own. */
function keysOf(a: AssessmentRecord, companyName: string, learner: LearnerIdentity) {
  if (a.personalizeEnabled && a.personalizeData) return a.personalizeData;
  const domain = learner.email.split('@')[1] ?? 'example.com';
  return { companyName, companyDomain: domain, emailHR: `hr@${domain}` };
}

/** A question's blocks as the employee sees them: localized, personalised, without the scores. */
function learnerBlocks(
  blocks: QuestionBlock[],
  lang: string,
  keys: ReturnType<typeof keysOf>,
): LearnerAssessmentBlock[] {
  return presentBlocks(blocks, lang, keys).map((b): LearnerAssessmentBlock => {
    if (b.type === 'multiple-choice')
      return {
        type: b.type,
        actionId: b.actionId,
        question: b.question,
        options: b.options.map((o) => o.label),
      };
    if (b.type === 'yes-no-list')
      return { type: b.type, actionId: b.actionId, question: b.question, items: b.items.map((i) => i.text) };
    return b;
  });
}

export async function learnerAssessment(
  db: Db,
  learner: LearnerIdentity,
  id: string,
  now = new Date(),
): Promise<LearnerAssessment> {
  const { a, participant } = await reach(db, learner, id, now);
  const record = await companyById(db, learner.companyId);
  const lang = record?.company.defaultLanguage ?? 'en';
  const base = { id: a.id, name: a.name, due: toIso(a.dueAt), language: lang };
  if (participant.finishedAt) return { ...base, status: 'finished', duration: 0, questions: [], resumeAt: 0 };
  if (isClosed(a, now)) throw Forbidden(ASSESSMENT_MESSAGES.closed);
  const [questions, answers] = await Promise.all([
    questionsOf(db, a),
    answersOf(db, learner.scope, id, learner.employeeId),
  ]);
  const keys = keysOf(a, record?.company.name ?? '', learner);
  const presented = questions.map(({ question }) => {
    const language = question.languages.includes(lang) ? lang : 'en';
    const mine = answers.filter((x) => x.questionId === question.id);
    return {
      id: question.id,
      name: localize(question.name, language),
      blocks: learnerBlocks(question.blocks, language, keys),
      answers: Object.fromEntries(mine.map((x) => [x.actionId, x.choice])),
      open: question.blocks.filter(isAction).some((b) => !mine.some((x) => x.actionId === b.actionId)),
    };
  });
  const firstOpen = presented.findIndex((q) => q.open);
  return {
    ...base,
    status: 'open',
    duration: totalSeconds(questions.map(({ question }) => question)),
    questions: presented.map(({ open: _open, ...q }) => q),
    resumeAt: firstOpen >= 0 ? firstOpen : Math.max(0, presented.length - 1),
  };
}

/** Whether a choice fits the action: an option it has, or a yes or no for each of its items. */
function fits(block: Action, choice: LearnerAssessmentAnswer['choice']): boolean {
  if (block.type === 'multiple-choice') return 'option' in choice && choice.option < block.options.length;
  return 'items' in choice && choice.items.length === block.items.length;
}

/** Stores an answer to one action with the points it earns (computed here; clients never see scores). */
export async function answerAssessment(
  db: Db,
  learner: LearnerIdentity,
  id: string,
  input: LearnerAssessmentAnswer,
  now = new Date(),
) {
  const { a, participant } = await reach(db, learner, id, now);
  requireOpen(a, participant, now);
  const questions = await questionsOf(db, a);
  const question = questions.find((q) => q.question.id === input.questionId);
  if (!question) throw NotFound(ASSESSMENT_MESSAGES.unknownQuestion);
  const block = question.question.blocks.filter(isAction).find((b) => b.actionId === input.actionId);
  if (!block) throw Invalid([ASSESSMENT_MESSAGES.unknownAction]);
  if (!fits(block, input.choice)) throw Invalid([ASSESSMENT_MESSAGES.invalidChoice]);
  const answered = await saveAnswer(db, learner.scope, {
    assessmentId: id,
    employeeId: learner.employeeId,
    questionId: input.questionId,
    actionId: input.actionId,
    choice: input.choice,
    points: actionPoints(block, input.choice),
    answeredAt: now,
  });
  return { answered, total: actionsCount(questions) };
}

/** An employee's scores from their stored answers: the points per question, scored by the shared rules. */
export function scoreAnswers(
  questions: QuestionRows,
  answers: readonly { questionId: string; points: BehaviourPoints }[],
) {
  const points = new Map(
    questions.map((q) => [
      q.question.id,
      sumPoints(answers.filter((x) => x.questionId === q.question.id).map((x) => x.points)),
    ]),
  );
  const areaOf = new Map(
    questions.flatMap((q) => q.area.behaviours.map((b) => [b.code, q.area.id] as const)),
  );
  return scoreEmployee(
    questions.map((q) => ({ id: q.question.id, areaId: q.area.id, behaviours: q.question.behaviours })),
    points,
    (code) => areaOf.get(code),
  );
}

/**
 * Finishes the employee's assessment once every action is answered: scores them, and in one
 * transaction stores their resilience score, their exact scores per area, behaviour and question, and
 * adds them to the kept aggregates. Finishing again answers the same result.
 */
export async function finishAssessment(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  learner: LearnerIdentity,
  id: string,
  now = new Date(),
) {
  const { db } = ctx;
  const { a, participant } = await reach(db, learner, id, now);
  if (participant.finishedAt) return assessmentResult(db, learner, id, now);
  if (isClosed(a, now)) throw Forbidden(ASSESSMENT_MESSAGES.closed);
  const questions = await questionsOf(db, a);
  const finishedNow = await db.transaction(async (tx) => {
    const locked = await participantOf(tx, id, learner.employeeId, true);
    if (!locked || locked.finishedAt) return false;
    const answers = await answersOf(tx, learner.scope, id, learner.employeeId);
    const given = new Set(answers.map((x) => `${x.questionId}/${x.actionId}`));
    const complete = questions.every((q) =>
      q.question.blocks.filter(isAction).every((b) => given.has(`${q.question.id}/${b.actionId}`)),
    );
    if (!complete) throw Invalid([ASSESSMENT_MESSAGES.notAllAnswered]);
    const scores = scoreAnswers(questions, answers);
    await recordFinish(tx, {
      assessmentId: id,
      employeeId: learner.employeeId,
      now,
      scores,
    });
    await addFinishedEmployee(tx, {
      assessmentId: id,
      companyId: learner.companyId,
      employeeId: learner.employeeId,
      listIds: locked.listIds,
      scores,
    });
    return true;
  });
  if (finishedNow) notifyInfosecSummary(ctx, learner.companyId);
  return assessmentResult(db, learner, id, now);
}

/** The employee's result: their resilience score and band, per area, and what to work on. */
export async function assessmentResult(
  db: Db,
  learner: LearnerIdentity,
  id: string,
  now = new Date(),
): Promise<LearnerAssessmentResult> {
  const { a, participant } = await reach(db, learner, id, now);
  if (!participant.finishedAt) throw NotFound(ASSESSMENT_MESSAGES.noResult);
  const [scores, questions, record] = await Promise.all([
    scoresOf(db, id, learner.employeeId),
    questionsOf(db, a),
    companyById(db, learner.companyId),
  ]);
  const lang = record?.company.defaultLanguage ?? 'en';
  const areas = new Map(questions.map((q) => [q.area.id, q.area]));
  const behaviours = new Map(
    questions.flatMap((q) => q.area.behaviours.map((b) => [b.code, { name: b.name, area: q.area }] as const)),
  );
  const resilience = roundScore(participant.score ?? 0);
  const ranges = record ? await scoreRangesOf(db, record.company) : null;
  return {
    resilienceScore: resilience,
    band: shownBand(scoreBand(participant.score ?? 0, ranges)),
    scoreRanges: ranges,
    areas: scores
      .filter((s) => s.kind === 2)
      .map((s) => ({
        id: s.key,
        name: localize(areas.get(s.key)?.name, lang) || s.key,
        score: roundScore(s.score),
      })),
    workOn: behavioursToWorkOn(
      Object.fromEntries(scores.filter((s) => s.kind === 3).map((s) => [s.key, s.score])),
    ).map((b) => {
      const info = behaviours.get(b.code);
      return {
        code: b.code,
        name: localize(info?.name, lang) || b.code,
        area: localize(info?.area.name, lang),
        score: b.score,
      };
    }),
  };
}

/** The learner home's assessment cards: what the employee was invited to or may join. */
export async function assessmentCardsOf(
  db: Db,
  learner: LearnerIdentity,
  now = new Date(),
): Promise<LearnerAssessmentCard[]> {
  const rows = await assessmentsOfEmployee(db, learner.scope, learner.employeeId);
  return rows.map((r) => {
    const due = r.due_at ? new Date(r.due_at) : null;
    const closed = r.status === 'completed' || (due !== null && due.getTime() <= now.getTime());
    return {
      id: r.id,
      name: r.name,
      due: toIso(due),
      status: r.finished_at ? 'finished' : closed ? 'closed' : 'open',
      answered: r.answered_questions,
      questions: r.question_ids.length,
      resilienceScore: r.finished_at && r.score !== null ? roundScore(r.score) : null,
    };
  });
}

/**
 * The access page's request for a personal link. An employee the running assessment reaches becomes a
 * participant and is mailed their link (by a job); the answer is the same whoever asks.
 */
export async function requestAccess(
  ctx: AppContext,
  scope: CompanyScope,
  id: string,
  body: z.output<typeof AssessmentAccessRequest>,
  now = new Date(),
) {
  const answer = { message: ASSESSMENT_MESSAGES.accessSent };
  const a = await assessmentRow(ctx.db, scope, id);
  if (!a || a.status !== 'active' || isClosed(a, now)) return answer;
  const employee = await employeeOfCompany(ctx.db, scope, body.email);
  if (!employee || !(await isInAudience(ctx.db, id, employee.id))) return answer;
  await ensureParticipant(ctx.db, {
    assessmentId: id,
    scope,
    employeeId: employee.id,
    now,
  });
  const job: AccessLinkJob = { assessmentId: id, companyId: scope.companyId, employeeId: employee.id };
  await enqueue(ctx, ASSESSMENT_ACCESS_JOB, job, MAIL_RETRY);
  return answer;
}
