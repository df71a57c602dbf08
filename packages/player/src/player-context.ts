import type { LearnerAnswerInput, LearnerAnswerResult, LearnerEventInput } from '@vigil/shared';
import { createContext, useContext, type ReactNode } from 'react';
import type { ScormCommit } from './scorm-runtime.ts';

export type EventCode = LearnerEventInput['code'];

/** The texts the player shows; the host translates them (the learner app passes its own `t`). */
export type PlayerTextKey =
  | 'answerCorrect'
  | 'answerError'
  | 'answerWrong'
  | 'captions'
  | 'continue'
  | 'correctAnswer'
  | 'courseFrameTitle'
  | 'courseHint'
  | 'decisionCount'
  | 'furtherReading'
  | 'goodChoice'
  | 'markedFinished'
  | 'markFinished'
  | 'networkError'
  | 'next'
  | 'nextQuestion'
  | 'previous'
  | 'questionCount'
  | 'quizHeading'
  | 'quizLocked'
  | 'quizReady'
  | 'quizResult'
  | 'readConfirmed'
  | 'readDone'
  | 'riskyChoice'
  | 'savingAnswer'
  | 'scenarioEnd'
  | 'scenarioHeading'
  | 'scenarioRestart'
  | 'seeResult'
  | 'slideCount'
  | 'transcript'
  | 'videoUnsupported'
  | 'yourAnswer';

/** Translates a player text; `{name}` placeholders take the given values. */
export type PlayerText = (key: PlayerTextKey, values?: Record<string, string | number>) => string;

/**
 * What happens in the player, told to the host, which decides where it goes: the learner app records
 * it on the server, a preview or a demo keeps it in the browser. Callbacks that return a promise are
 * waited on by the employee (a rejection shows the network error and lets them try again).
 */
export interface PlayerEvents {
  /** The subject is shown (again, after the page comes back from the back-forward cache). */
  onOpen?(): void;
  /** The subject is left: the host page is closed, put away or navigated from. */
  onClose?(): void;
  /** A video mark (start, 25, 50, 75, 95, 100 %) reached for the first time in this visit. */
  onMark(code: EventCode): void;
  /** A text subject was read to its end ("I have read this"). */
  onRead(): Promise<unknown>;
  /** A quiz answer, graded by the host. */
  onAnswer(input: Pick<LearnerAnswerInput, 'question' | 'answer'>): Promise<LearnerAnswerResult>;
  /** A decision at a step of a scenario, with its event codes (decision, and last decision at the end). */
  onDecision(decision: { step: number; codes: EventCode[] }): void;
  /** The SCORM package committed its data (LMSCommit, LMSFinish). */
  onScormCommit?(commit: ScormCommit): void;
  /** The course is finished: the SCORM package says so, or the employee marks it. */
  onFinish(): Promise<unknown>;
}

/** How the host shows the end of a lesson (the learner app adds the way back to the training). */
export interface LessonDoneProps {
  finished: boolean;
  detail?: string;
  /** Moves the focus there, when the control that led there has just disappeared. */
  takeFocus?: boolean;
}

export interface PlayerContextValue {
  text: PlayerText;
  events: PlayerEvents;
  renderDone: (props: LessonDoneProps) => ReactNode;
}

export const PlayerContext = createContext<PlayerContextValue | null>(null);

export function usePlayer(): PlayerContextValue {
  const value = useContext(PlayerContext);
  if (!value) throw new Error('A lesson part is shown outside SubjectPlayer.');
  return value;
}
