import { EVENT_CODES, type SubjectDetail } from '@vigil/shared';

/** An interactive decision subject (type 3): its steps, the first one and the path of correct choices. */
export type DecisionStory = NonNullable<SubjectDetail['video_decisions']>;
type Decision = DecisionStory['decisions'][number];

/** One choice made (spec 3 §3 decision log entry): the decision, the option, whether it was right, where it led. */
export interface DecisionLogEntry {
  decision: string;
  option: number;
  result: boolean;
  next: string | null;
}

export interface DecisionPlayerState {
  /** The decision on screen; null once the story has ended (or the answer is shown). */
  current: string | null;
  log: DecisionLogEntry[];
  /** The stored path: the decisions taken, in order; the correct path after 'View answer'. */
  path: string[];
  /** The story was played to an end in this view, so the subject counts as tried. */
  tried: boolean;
  /** 'View answer' was used: the log and path are the correct ones, not the viewer's. */
  showingAnswer: boolean;
}

export interface FeedbackRow {
  decision: string;
  choice: string;
  correct: boolean;
  feedback: string;
}

function decisionById(story: DecisionStory, id: string | null): Decision | undefined {
  return id === null ? undefined : story.decisions.find((d) => d.id === id);
}

export function startDecisions(story: DecisionStory): DecisionPlayerState {
  return {
    current: decisionById(story, story.start) ? story.start : null,
    log: [],
    path: [],
    tried: false,
    showingAnswer: false,
  };
}

export function currentDecision(story: DecisionStory, state: DecisionPlayerState): Decision | undefined {
  return decisionById(story, state.current);
}

/**
 * Chooses an option of the decision on screen. Every choice records a decision event (16); the one
 * after which no further decision follows records the last decision (17), ends the story and makes
 * the subject count as tried. Null when there is nothing to choose.
 */
export function choose(
  story: DecisionStory,
  state: DecisionPlayerState,
  optionIndex: number,
): { state: DecisionPlayerState; eventCode: number } | null {
  const decision = currentDecision(story, state);
  const option = decision?.options[optionIndex];
  if (!decision || !option || state.showingAnswer) return null;
  // A choice that points at a decision the story does not have ends it rather than leaving it stuck.
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
    eventCode: ended ? EVENT_CODES.LAST_DECISION : EVENT_CODES.DECISION,
  };
}

export function hasEnded(state: DecisionPlayerState): boolean {
  return state.current === null;
}

/** How the preview ends: 'correct' when every decision was right, otherwise 'incorrect'. */
export function outcome(log: DecisionLogEntry[]): 'correct' | 'incorrect' {
  return log.length > 0 && log.every((entry) => entry.result) ? 'correct' : 'incorrect';
}

/** The feedback table built once no further decision follows: each decision, the choice and its feedback. */
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

/** The option of a decision on the correct path: correct and leading to the path's next step. */
function correctOption(decision: Decision, nextOnPath: string | null): number {
  const exact = decision.options.findIndex((o) => o.correct && o.next === nextOnPath);
  return exact >= 0 ? exact : decision.options.findIndex((o) => o.correct);
}

/** 'View answer': the stored path becomes the correct path, each step with its right choice. */
export function viewAnswer(story: DecisionStory, state: DecisionPlayerState): DecisionPlayerState {
  const log = story.correctPath.flatMap((id, i): DecisionLogEntry[] => {
    const decision = decisionById(story, id);
    const nextOnPath = story.correctPath[i + 1] ?? null;
    const option = decision ? correctOption(decision, nextOnPath) : -1;
    if (!decision || option < 0) return [];
    return [{ decision: id, option, result: true, next: decision.options[option]?.next ?? null }];
  });
  return { ...state, current: null, log, path: [...story.correctPath], showingAnswer: true };
}

/** 'Reset': clears the stored decisions and starts again; a subject once tried stays tried. */
export function resetDecisions(story: DecisionStory, state: DecisionPlayerState): DecisionPlayerState {
  return { ...startDecisions(story), tried: state.tried };
}
