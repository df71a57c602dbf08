import {
  answerOrder,
  type LearnerAnswerInput,
  type LearnerAnswerResult,
  type LearnerEventInput,
  type LearnerSubject,
} from '@vigil/shared';
import { createContext, useContext } from 'react';
import { sendEvent, submitAnswer, trackEvent } from './api.ts';

/** What a lesson player tells the outside world: events and quiz answers. */
export interface LessonRecorder {
  /** Records in the background (retried); nothing waits for it. */
  track: (input: LearnerEventInput, options?: { keepalive?: boolean }) => void;
  /** Records and waits, for a step the employee waits on ("I have read this"). */
  send: (input: LearnerEventInput) => Promise<unknown>;
  answer: (input: LearnerAnswerInput) => Promise<LearnerAnswerResult>;
}

/** The employee's own lesson: everything goes to the server. */
export const serverRecorder: LessonRecorder = { track: trackEvent, send: sendEvent, answer: submitAnswer };

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

export const LessonRecorderContext = createContext<LessonRecorder>(serverRecorder);

export const useLessonRecorder = () => useContext(LessonRecorderContext);
