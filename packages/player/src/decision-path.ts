import { EVENT_CODES, type DecisionStep, type LearnerSubject } from '@vigil/shared';
import type { EventCode } from './player-context.ts';

/**
 * A decision subject's story as the player plays it: the steps, the first one, and (where the answers
 * may be shown, as in the manager's preview) the path of right choices.
 */
export interface DecisionStory {
  start: string;
  decisions: DecisionStep[];
  correctPath?: string[];
}

/** The learner's subject carries its steps as `items`, without the path of right choices. */
export const learnerStory = (decisions: NonNullable<LearnerSubject['decisions']>): DecisionStory => ({
  start: decisions.start,
  decisions: decisions.items,
});

/** One choice made (spec 3 §3 decision log entry): the step, the option, whether it was right, where it led. */
export interface DecisionLogEntry {
  decision: string;
  option: number;
  result: boolean;
  next: string | null;
}

export interface DecisionState {
  /** The step on screen; null once the story has ended (or the answer is shown). */
  current: string | null;
  log: DecisionLogEntry[];
  /** The stored path: the steps taken, in order; the correct path after 'View answer'. */
  path: string[];
  /** The story was played to an end, so the subject counts as tried. */
  tried: boolean;
  /** 'View answer' was used: the log and path are the right ones, not the player's. */
  showingAnswer: boolean;
}

export interface FeedbackRow {
  decision: string;
  choice: string;
  correct: boolean;
  feedback: string;
}

export function decisionById(story: DecisionStory, id: string | null): DecisionStep | undefined {
  return id === null ? undefined : story.decisions.find((d) => d.id === id);
}

export function startDecisions(story: DecisionStory): DecisionState {
  return {
    current: decisionById(story, story.start) ? story.start : null,
    log: [],
    path: [],
    tried: false,
    showingAnswer: false,
  };
}

export function currentDecision(story: DecisionStory, state: DecisionState): DecisionStep | undefined {
  return decisionById(story, state.current);
}

/**
 * Chooses an option of the step on screen. Every choice is a decision (16); the one after which no
 * step follows is the last decision (17) as well, ends the story and makes the subject count as tried.
 * A choice that points at a step the story does not have ends it rather than leaving it stuck. Null
 * when there is nothing to choose.
 */
export function choose(
  story: DecisionStory,
  state: DecisionState,
  optionIndex: number,
): { state: DecisionState; codes: EventCode[] } | null {
  const decision = currentDecision(story, state);
  const option = decision?.options[optionIndex];
  if (!decision || !option || state.showingAnswer) return null;
  const next = decisionById(story, option.next) ? option.next : null;
  const ended = next === null;
  return {
    state: {
      ...state,
      current: next,
      log: [...state.log, { decision: decision.id, option: optionIndex, result: option.correct, next }],
      path: [...state.path, decision.id],
      tried: state.tried || ended,
    },
    codes: ended ? [EVENT_CODES.DECISION, EVENT_CODES.LAST_DECISION] : [EVENT_CODES.DECISION],
  };
}

export function hasEnded(state: DecisionState): boolean {
  return state.current === null;
}

/** How a played story ends: 'correct' when every decision was right, otherwise 'incorrect'. */
export function outcome(log: DecisionLogEntry[]): 'correct' | 'incorrect' {
  return log.length > 0 && log.every((entry) => entry.result) ? 'correct' : 'incorrect';
}

/** The feedback table once no step follows: each step, the choice, whether it was right, its feedback. */
export function feedbackTable(story: DecisionStory, log: DecisionLogEntry[]): FeedbackRow[] {
  return log.flatMap((entry) => {
    const decision = decisionById(story, entry.decision);
    const option = decision?.options[entry.option];
    if (!decision || !option) return [];
    return [
      {
        decision: decision.situation,
        choice: option.label,
        correct: entry.result,
        feedback: option.feedback,
      },
    ];
  });
}

/** The option of a step on the correct path: right, and leading to the path's next step. */
function correctOption(decision: DecisionStep, nextOnPath: string | null): number {
  const exact = decision.options.findIndex((o) => o.correct && o.next === nextOnPath);
  return exact >= 0 ? exact : decision.options.findIndex((o) => o.correct);
}

/** 'View answer': the stored path becomes the correct path, each step with its right choice. */
export function viewAnswer(story: DecisionStory, state: DecisionState): DecisionState {
  const correctPath = story.correctPath ?? [];
  const log = correctPath.flatMap((id, i): DecisionLogEntry[] => {
    const decision = decisionById(story, id);
    const option = decision ? correctOption(decision, correctPath[i + 1] ?? null) : -1;
    if (!decision || option < 0) return [];
    return [{ decision: id, option, result: true, next: decision.options[option]?.next ?? null }];
  });
  return { ...state, current: null, log, path: [...correctPath], showingAnswer: true };
}

/** 'Reset': clears the stored decisions and starts again; a subject once tried stays tried. */
export function resetDecisions(story: DecisionStory, state: DecisionState): DecisionState {
  return { ...startDecisions(story), tried: state.tried };
}
