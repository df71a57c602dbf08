import { committedScore, type PlayerEvents } from '@vigil/player';
import {
  answerOrder,
  EVENT_CODES,
  type InteractiveResultInput,
  type LearnerAnswerInput,
  type LearnerAnswerResult,
  type LearnerEventInput,
  type LearnerScormScoreInput,
  type LearnerSubject,
} from '@vigil/shared';
import { sendEvent, submitAnswer, trackEvent, trackInteractive, trackScormScore } from './api.ts';

/** Where a lesson's events and quiz answers go. */
export interface LessonRecorder {
  /** Records in the background (retried); nothing waits for it. */
  track: (input: LearnerEventInput, options?: { keepalive?: boolean }) => void;
  /** Records and waits, for a step the employee waits on ("I have read this"). */
  send: (input: LearnerEventInput) => Promise<unknown>;
  answer: (input: LearnerAnswerInput) => Promise<LearnerAnswerResult>;
  /** Records a scene of an interactive subject in the background. */
  interactive: (input: InteractiveResultInput) => void;
  /** Records a SCORM subject's own score in the background. */
  scormScore: (input: LearnerScormScoreInput) => void;
}

/** The employee's own lesson: everything goes to the server. */
export const serverRecorder: LessonRecorder = {
  track: trackEvent,
  send: sendEvent,
  answer: submitAnswer,
  interactive: trackInteractive,
  scormScore: trackScormScore,
};

/**
 * Where the correct answer of each quiz question is shown: the content lists it first, and every
 * lesson shows the answers in the fixed order of `answerOrder`.
 */
export const correctAnswersOf = (subject: Pick<LearnerSubject, 'id' | 'questions'>): number[] =>
  subject.questions.map((_, i) => answerOrder(subject.id, i).indexOf(0));

/**
 * A lesson that records nothing (the public demo): events go nowhere and the quiz is graded in the
 * browser.
 */
export function localRecorder(correctAnswers: readonly number[]): LessonRecorder {
  const given = new Map<number, boolean>();
  return {
    track: () => undefined,
    send: () => Promise.resolve(),
    interactive: () => undefined,
    scormScore: () => undefined,
    answer: (input) => {
      const correctAnswer = correctAnswers[input.question] ?? -1;
      const correct = input.answer === correctAnswer;
      if (!given.has(input.question)) given.set(input.question, correct);
      const answered = given.size;
      return Promise.resolve({
        correct,
        correctAnswer,
        progress: {
          opened: true,
          videoPercent: 100,
          answered,
          correct: [...given.values()].filter(Boolean).length,
          questions: correctAnswers.length,
          finished: answered >= correctAnswers.length,
          finishedAt: null,
        },
      });
    },
  };
}

/**
 * What the player reports, as the events of this subject in its training: the visit (open, close),
 * video marks, a text read (start and end, as a watched video), decisions with their step, answers,
 * an interactive subject's scenes (flags found, choice), a SCORM package's own score (each commit that
 * holds one; the server keeps the first), and a finished course (100 %).
 */
export function lessonEvents(
  recorder: LessonRecorder,
  subject: Pick<LearnerSubject, 'trainingId' | 'id'>,
): PlayerEvents {
  const event = { trainingId: subject.trainingId, subjectId: subject.id };
  return {
    onOpen: () => recorder.track({ ...event, code: EVENT_CODES.SUBJECT_OPEN }),
    onClose: () => recorder.track({ ...event, code: EVENT_CODES.SUBJECT_CLOSE }, { keepalive: true }),
    onMark: (code) => recorder.track({ ...event, code }),
    onRead: async () => {
      await recorder.send({ ...event, code: EVENT_CODES.VIDEO_START });
      await recorder.send({ ...event, code: EVENT_CODES.VIDEO_100 });
    },
    onAnswer: (input) => recorder.answer({ ...event, ...input }),
    onDecision: ({ step, codes }) => {
      for (const code of codes) recorder.track({ ...event, code, item: step });
    },
    onInteractive: (result) => recorder.interactive({ ...event, ...result }),
    onScormCommit: (commit) => {
      const scaled = committedScore(commit);
      if (scaled !== null) recorder.scormScore({ ...event, scaled });
    },
    onFinish: () => recorder.send({ ...event, code: EVENT_CODES.VIDEO_100 }),
  };
}
