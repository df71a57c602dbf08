import { answerOrder, type LearnerProgress, type LearnerSubject, type SubjectDetail } from '@vigil/shared';
import type { trainingProgress } from '../../db/schema/index.ts';

/** A progress row of a lesson (a program's subject, or the demo lesson). */
export type ProgressRow = typeof trainingProgress.$inferSelect;

/**
 * A lesson as the learner's player takes it: the quiz answers in the subject's own shuffled order,
 * and — when `interactive` — the video's decisions and the SCORM package (the demo lesson has
 * neither).
 */
export function presentLearnerSubject(
  detail: SubjectDetail,
  ids: { subjectId: string; trainingId: string },
  progress: LearnerProgress,
  interactive: boolean,
): LearnerSubject {
  return {
    id: ids.subjectId,
    trainingId: ids.trainingId,
    type: detail.type,
    title: detail.title,
    description: detail.description,
    language: detail.language,
    video: detail.video,
    slides: detail.slides,
    questions: detail.questions.map((q, i) => {
      const answers = [q.correct_answer, q.wrong_answer1, q.wrong_answer2, q.wrong_answer3];
      return { question: q.question, answers: answerOrder(ids.subjectId, i).map((k) => answers[k]!) };
    }),
    content: detail.content,
    decisions:
      interactive && detail.video_decisions
        ? { start: detail.video_decisions.start, items: detail.video_decisions.decisions }
        : null,
    scorm: interactive ? detail.scorm : null,
    interactive: interactive ? detail.interactive : null,
    progress,
  };
}

const bitCount = (n: number) => n.toString(2).replace(/0/g, '').length;

export function presentProgress(p: ProgressRow | undefined, questions: number): LearnerProgress {
  return {
    opened: Boolean(p?.openedAt),
    videoPercent: p?.videoPercent ?? 0,
    answered: bitCount(p?.answeredMask ?? 0),
    correct: bitCount(p?.correctMask ?? 0),
    questions: p?.questions || questions,
    finished: Boolean(p?.finishedAt),
    finishedAt: p?.finishedAt?.toISOString() ?? null,
  };
}
