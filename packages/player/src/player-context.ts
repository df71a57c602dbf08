import type { LearnerAnswerInput, LearnerEventInput, LearnerProgress } from '@vigil/shared';
import { createContext, useContext, type ReactNode } from 'react';
import type { ScormCommit } from './scorm-runtime.ts';

export type EventCode = LearnerEventInput['code'];

/**
 * The texts the player shows; the host translates them (the learner app passes its own `t`, the manager
 * app its `catalog.player.*` texts).
 */
export const PLAYER_TEXT_KEYS = [
  'answerCaption',
  'answerCorrect',
  'answerError',
  'answerText',
  'answerTitle',
  'answerWrong',
  'captions',
  'columnCorrect',
  'columnDecision',
  'columnFeedback',
  'columnRightChoice',
  'columnYourChoice',
  'continue',
  'correctAnswer',
  'courseFrameTitle',
  'courseHint',
  'decisionCount',
  'feedbackCaption',
  'furtherReading',
  'goodChoice',
  'markedFinished',
  'markFinished',
  'networkError',
  'next',
  'nextQuestion',
  'no',
  'outcomeCorrect',
  'outcomeCorrectText',
  'outcomeIncorrect',
  'outcomeIncorrectText',
  'previous',
  'questionCount',
  'quizHeading',
  'quizLocked',
  'quizReady',
  'quizRestart',
  'quizResult',
  'readConfirmed',
  'readDone',
  'resetScenario',
  'riskyChoice',
  'savingAnswer',
  'scenarioEnd',
  'scenarioHeading',
  'scenarioRestart',
  'scenarioTried',
  'seeResult',
  'slideCount',
  'transcript',
  'videoUnsupported',
  'viewAnswer',
  'yes',
  'yourAnswer',
  'flagFound',
  'flagAgain',
  'notAFlag',
  'hintLabel',
  'showLinkTarget',
  'hideLinkTarget',
  'linkTarget',
  'toDecision',
  'allFoundDecide',
  'decisionHeading',
  'findHeading',
  'findHint',
  'flagCount',
  'sceneCount',
  'nextScene',
  'seeSummary',
  'summaryHeading',
  'summaryText',
  'summaryFound',
  'summaryMissed',
  'mockInbox',
  'mockSubject',
  'mockFrom',
  'mockSenderName',
  'mockSenderAddress',
  'mockReplyTo',
  'mockTo',
  'mockDate',
  'mockAttachment',
  'mockSecure',
  'mockNotSecure',
  'mockAddress',
  'mockForm',
  'mockField',
  'mockContact',
  'mockNumber',
  'mockCall',
  'mockMessenger',
  'mockYou',
  'mockCaller',
  'mockTranscript',
  'mockAuthor',
  'mockExternal',
] as const;
export type PlayerTextKey = (typeof PLAYER_TEXT_KEYS)[number];

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
  onAnswer(input: Pick<LearnerAnswerInput, 'question' | 'answer'>): Promise<AnswerGrade>;
  /** A decision at a step of a scenario, with its event codes (decision, and last decision at the end). */
  onDecision(decision: { step: number; codes: EventCode[] }): void;
  /** A scene of an interactive subject decided: the flags found there and the choice made. */
  onInteractive?(result: { scene: string; found: string[]; choice: string }): void;
  /** The SCORM package committed its data (LMSCommit, LMSFinish). */
  onScormCommit?(commit: ScormCommit): void;
  /** The course is finished: the SCORM package says so, or the employee marks it. */
  onFinish(): Promise<unknown>;
}

/** A quiz question as shown: the answers in their shown order, the right one not marked. */
export interface QuizQuestion {
  question: string;
  answers: string[];
}

/**
 * A graded answer: whether it was right and where the right one is. The learner app's server adds the
 * subject's progress, which the quiz's result then shows (it keeps the first answer to each question);
 * without it the result counts this round's answers.
 */
export interface AnswerGrade {
  correct: boolean;
  correctAnswer: number;
  progress?: Pick<LearnerProgress, 'correct' | 'questions' | 'finished'>;
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
  if (!value) throw new Error('A lesson part is shown outside SubjectPlayer or PlayerProvider.');
  return value;
}
