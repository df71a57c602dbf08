import {
  answerOrder,
  earnsCertificate,
  EVENT_CODES,
  LEARNER_MESSAGES,
  SUBJECT_TYPES,
  localize,
  quizScorePercent,
  VIDEO_MARKS,
  type InteractiveResultInput,
  type LearnerAnswerInput,
  type LearnerEventInput,
  type LearnerScormScoreInput,
  type LearnerHome,
  type LearnerSubject,
  type LearnerTraining,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { MediaSigner } from '../../lib/signed-media.ts';
import { NotFound, Unauthorized } from '../../http/errors.ts';
import { brandOf, companyLogoBytes, scoreRangesOf, settingsOf } from '../companies/companies.service.ts';
import { presentSubjectDetail } from '../content/content.presenter.ts';
import { renderCertificatePdf } from '../../lib/pdf/certificate-pdf.ts';
import { certificateNote } from '../../mail/templates/company-texts.ts';
import { groupCommit } from '../../lib/group-commit.ts';
import { listedSeconds } from '../../lib/subject-duration.ts';
import { campaignKinds, type LearnerIdentity } from '../campaigns/campaigns.kind.ts';
import { learnerCompany, learnerSubjectRow, learnerSubjects } from './learner.cache.ts';
import { presentLearnerSubject, presentProgress } from '../campaigns/campaigns.presenter.ts';
import { learnerBatching } from '../campaigns/campaigns.learner.ts';
import {
  deliveredSubjects,
  isDelivered,
  progressOf,
  recordInteractiveResult,
  recordProgressBatch,
  type ProgressChange,
  type ProgressRow,
} from './learner.queries.ts';

/** A subject's type and quiz length, which every event needs. */
async function factsOf(db: Db, subjectId: string) {
  const row = await learnerSubjectRow(db, subjectId);
  if (!row) throw NotFound(LEARNER_MESSAGES.subjectNotDelivered);
  return { type: row.subject.type, questions: quizLength(row.subject) };
}

const quizLength = (subject: { body: { quiz?: unknown[] } }) => subject.body.quiz?.length ?? 0;

/**
 * Learner events are written by group commit: those that arrive while a write runs go together in the
 * next statement. Events of the same employee, program and subject go in separate statements, in
 * their order (a statement folds each progress row once).
 */
const progressWriters = new WeakMap<
  Db,
  (item: { change: ProgressChange; now: Date }) => Promise<ProgressRow | undefined>
>();

function writeProgress(db: Db, change: ProgressChange, now: Date) {
  let writer = progressWriters.get(db);
  if (!writer) {
    writer = groupCommit(async (items: { change: ProgressChange; now: Date }[]) => {
      const results: (ProgressRow | undefined)[] = new Array(items.length);
      let pending = items.map((item, index) => ({ item, index }));
      while (pending.length > 0) {
        const seen = new Set<string>();
        const first: typeof pending = [];
        const later: typeof pending = [];
        for (const p of pending) {
          const c = p.item.change;
          const key = `${c.trainingId}/${c.employeeId}/${c.subjectId}`.toLowerCase();
          (seen.has(key) ? later : first).push(p);
          seen.add(key);
        }
        const rows = await recordProgressBatch(
          db,
          first.map((p) => p.item),
        );
        first.forEach((p, i) => (results[p.index] = rows[i]));
        pending = later;
      }
      return results;
    }, learnerBatching(db));
    progressWriters.set(db, writer);
  }
  return writer({ change, now });
}

async function companyOf(db: Db, companyId: string) {
  const record = await learnerCompany(db, companyId);
  if (!record) throw Unauthorized(LEARNER_MESSAGES.linkInvalid);
  return record.company;
}

export async function learnerHome(ctx: AppContext, learner: LearnerIdentity): Promise<LearnerHome> {
  const { db } = ctx;
  const company = await companyOf(db, learner.companyId);
  // The employee's language (the one their mails take), else the company's default.
  const lang = learner.language ?? company.defaultLanguage;
  const [delivered, progress] = await Promise.all([
    deliveredSubjects(db, learner.scope, learner.employeeId),
    progressOf(db, learner.scope, learner.employeeId),
  ]);
  const subjectInfo = new Map(
    (await learnerSubjects(db, [...new Set(delivered.map((d) => d.subject_id))])).map((s) => [
      s.subject.id,
      s.subject,
    ]),
  );
  const progressBy = new Map(progress.map((p) => [`${p.trainingId}/${p.subjectId}`, p]));
  const settings = settingsOf(company);
  const passMark = settings.certificatesEnabled ? settings.passMark : null;
  const byTraining = new Map<string, LearnerTraining & { programSubjects: string[] }>();
  for (const d of delivered) {
    const t = byTraining.get(d.training_id) ?? {
      id: d.training_id,
      name: d.name,
      status: d.status,
      subjects: [],
      subjectsTotal: d.program_subjects.length,
      finished: 0,
      nextDelivery: d.next_delivery ? new Date(d.next_delivery).toISOString() : null,
      completed: false,
      completedAt: null,
      quizScore: null,
      passMark,
      certificate: false,
      programSubjects: d.program_subjects,
    };
    const s = subjectInfo.get(d.subject_id);
    const p = presentProgress(progressBy.get(`${d.training_id}/${d.subject_id}`), s ? quizLength(s) : 0);
    t.subjects.push({
      id: d.subject_id,
      title: s ? localize(s.title, lang) : d.subject_id,
      description: s ? localize(s.description, lang) : '',
      type: s?.type ?? 1,
      duration: s ? listedSeconds(s, lang) : 0,
      thumb: s?.thumb ?? null,
      deliveredAt: new Date(d.delivered_at).toISOString(),
      progress: p,
    });
    byTraining.set(d.training_id, t);
  }
  const trainings = [...byTraining.values()].map(({ programSubjects, ...t }) => {
    const order = new Map(programSubjects.map((id, i) => [id, i]));
    t.subjects.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    t.finished = t.subjects.filter((s) => s.progress.finished).length;
    t.completed = t.finished >= t.subjectsTotal && t.subjectsTotal > 0;
    t.completedAt = t.completed
      ? t.subjects
          .map((s) => s.progress.finishedAt ?? '')
          .sort()
          .at(-1) || null
      : null;
    const answered = t.subjects.reduce((sum, s) => sum + s.progress.answered, 0);
    const correct = t.subjects.reduce((sum, s) => sum + s.progress.correct, 0);
    t.quizScore = quizScorePercent(correct, answered);
    t.certificate =
      passMark !== null &&
      earnsCertificate({ lessons: t.subjectsTotal, finished: t.finished, answered, correct }, passMark);
    return t;
  });
  return {
    employee: { name: learner.name, email: learner.email },
    brand: brandOf(ctx.config, company),
    language: lang,
    trainings,
    assessments: [],
    scoreRanges: await scoreRangesOf(db, company),
    // What the other campaign kinds show (assessment cards).
    ...Object.assign({}, ...(await Promise.all(campaignKinds().map((k) => k.learnerHome?.(db, learner))))),
  };
}

async function requireDelivered(db: Db, learner: LearnerIdentity, trainingId: string, subjectId: string) {
  if (!(await isDelivered(db, learner.scope, learner.employeeId, trainingId, subjectId)))
    throw NotFound(LEARNER_MESSAGES.subjectNotDelivered);
}

export async function learnerSubject(
  db: Db,
  learner: LearnerIdentity,
  trainingId: string,
  subjectId: string,
  signer: MediaSigner,
): Promise<LearnerSubject> {
  await requireDelivered(db, learner, trainingId, subjectId);
  const [company, row, progress] = await Promise.all([
    companyOf(db, learner.companyId),
    learnerSubjectRow(db, subjectId),
    progressOf(db, learner.scope, learner.employeeId, trainingId),
  ]);
  if (!row) throw NotFound(LEARNER_MESSAGES.subjectNotDelivered);
  const detail = presentSubjectDetail(row.subject, row.category, company.defaultLanguage, false, [], signer);
  const p = progress.find((x) => x.subjectId === subjectId);
  return presentLearnerSubject(
    detail,
    { subjectId, trainingId },
    presentProgress(p, detail.questions.length),
    true,
  );
}

/** Records a learner event (open, close, video marks, decisions) into the events and the progress. */
export async function recordLearnerEvent(
  db: Db,
  learner: LearnerIdentity,
  input: LearnerEventInput,
  now = new Date(),
) {
  const facts = await factsOf(db, input.subjectId);
  const row = await writeProgress(
    db,
    {
      companyId: learner.companyId,
      trainingId: input.trainingId,
      employeeId: learner.employeeId,
      subjectId: input.subjectId,
      code: input.code,
      item: input.item ?? null,
      percent: VIDEO_MARKS[input.code] ?? 0,
      answerBit: 0,
      correct: false,
      lastDecision: input.code === EVENT_CODES.LAST_DECISION,
      type: facts.type,
      questions: facts.questions,
    },
    now,
  );
  if (!row) throw NotFound(LEARNER_MESSAGES.subjectNotDelivered);
  return presentProgress(row, facts.questions);
}

/** Grades an answer on the server: the first answer to each question is the one that counts. */
export async function answerQuestion(
  db: Db,
  learner: LearnerIdentity,
  input: LearnerAnswerInput,
  now = new Date(),
) {
  const row = await learnerSubjectRow(db, input.subjectId);
  const quiz = row?.subject.body.quiz ?? [];
  if (!row || input.question >= quiz.length) throw NotFound(LEARNER_MESSAGES.subjectNotDelivered);
  const order = answerOrder(input.subjectId, input.question);
  const correct = order[input.answer] === 0;
  const progress = await writeProgress(
    db,
    {
      companyId: learner.companyId,
      trainingId: input.trainingId,
      employeeId: learner.employeeId,
      subjectId: input.subjectId,
      code: correct ? EVENT_CODES.ANSWARE_CORRECT : EVENT_CODES.ANSWARE_INCORRECT,
      item: input.question,
      percent: 0,
      answerBit: 1 << input.question,
      correct,
      lastDecision: false,
      type: row.subject.type,
      questions: quiz.length,
    },
    now,
  );
  if (!progress) throw NotFound(LEARNER_MESSAGES.subjectNotDelivered);
  return { correct, correctAnswer: order.indexOf(0), progress: presentProgress(progress, quiz.length) };
}

/**
 * A SCORM subject's own score, as its run-time committed it (cmi.core.score.raw, cmi.score.scaled):
 * the package keeps its own answers, so its score is written as the subject's quiz — its N listed
 * questions (at least one) all answered, round(scaled × N) of them right. Every figure that reads the
 * quiz (the program's score, reports, certificates, a package's LMS) then counts it. As with a quiz,
 * the first score counts; a later attempt changes nothing.
 */
export async function recordScormScore(
  db: Db,
  learner: LearnerIdentity,
  input: LearnerScormScoreInput,
  now = new Date(),
) {
  await requireDelivered(db, learner, input.trainingId, input.subjectId);
  const row = await learnerSubjectRow(db, input.subjectId);
  if (!row || !isScormType(row.subject.type)) throw NotFound(LEARNER_MESSAGES.subjectNotDelivered);
  const questions = Math.max(1, Math.min(quizLength(row.subject), 30));
  const right = Math.round(input.scaled * questions);
  const progress = await writeProgress(
    db,
    {
      companyId: learner.companyId,
      trainingId: input.trainingId,
      employeeId: learner.employeeId,
      subjectId: input.subjectId,
      code: right === questions ? EVENT_CODES.ANSWARE_CORRECT : EVENT_CODES.ANSWARE_INCORRECT,
      item: null,
      percent: 0,
      answerBit: 2 ** questions - 1,
      correct: right > 0,
      correctBits: 2 ** right - 1,
      lastDecision: false,
      type: row.subject.type,
      questions,
    },
    now,
  );
  if (!progress) throw NotFound(LEARNER_MESSAGES.subjectNotDelivered);
  return presentProgress(progress, questions);
}

const isScormType = (type: number) => type === SUBJECT_TYPES.scorm || type === SUBJECT_TYPES.scormQuiz;

/**
 * Keeps the result of one scene of an interactive subject: the flags found (only the scene's own count)
 * and the choice, graded here. The first completion counts; the answer says whether the choice was right.
 */
export async function recordInteractiveScene(
  db: Db,
  learner: LearnerIdentity,
  input: InteractiveResultInput,
) {
  await requireDelivered(db, learner, input.trainingId, input.subjectId);
  const row = await learnerSubjectRow(db, input.subjectId);
  const scene =
    row?.subject.type === SUBJECT_TYPES.interactive
      ? row.subject.body.interactive?.scenes.find((s) => s.id === input.scene)
      : undefined;
  const choice = scene?.decision.choices.find((c) => c.id === input.choice);
  if (!scene || !choice) throw NotFound(LEARNER_MESSAGES.subjectNotDelivered);
  const flags = new Set(scene.flags.map((f) => f.id));
  await recordInteractiveResult(db, learner.scope, {
    trainingId: input.trainingId,
    employeeId: learner.employeeId,
    subjectId: input.subjectId,
    sceneId: scene.id,
    found: [...new Set(input.found)].filter((f) => flags.has(f)),
    choice: choice.id,
    correct: choice.correct,
  });
  return { correct: choice.correct };
}

/** The employee's certificate of a program they completed, when the company issues certificates. */
export async function learnerCertificate(ctx: AppContext, learner: LearnerIdentity, trainingId: string) {
  const home = await learnerHome(ctx, learner);
  const training = home.trainings.find((t) => t.id === trainingId);
  if (!training?.certificate) throw NotFound(LEARNER_MESSAGES.trainingNotFound);
  const company = await companyOf(ctx.db, learner.companyId);
  return renderCertificatePdf({
    brand: home.brand,
    logo: await companyLogoBytes(ctx, company),
    employeeName: learner.name,
    employeeEmail: learner.email,
    trainingName: training.name,
    completedAt: new Date(training.completedAt ?? Date.now()),
    subjects: training.subjects.map((s) => s.title),
    language: home.language,
    note: certificateNote(settingsOf(company), home.language, {
      employee_name: learner.name,
      company: company.name,
      program: training.name,
      due_date: '',
    }),
  });
}

// Used by other modules.
export { recordProgressBatch, type ProgressChange } from './learner.queries.ts';
