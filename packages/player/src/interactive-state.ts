import {
  EVENT_CODES,
  type LocalizedFlag,
  type LocalizedInteractive,
  type LocalizedScene,
} from '@vigil/shared';
import type { EventCode } from './player-context.ts';

/**
 * An interactive subject as the player plays it: scene by scene, the learner taps elements to find the
 * red flags (a wrong tap shows the scene's next hint), then decides; after the last scene, a summary
 * of what they found and missed. Pure, so that the rules are tested without a browser.
 */
export interface InteractiveState {
  scene: number;
  phase: 'find' | 'decide' | 'summary';
  /** Per scene: the flag ids found, in the order found. */
  found: string[][];
  /** Per scene: wrong taps so far (the next hint is `hints[wrong - 1]`, the last one repeating). */
  wrong: number[];
  /** Per scene: the choice made, once made. */
  choices: (string | null)[];
}

/** What a tap did: found a flag, tapped one already found, or missed (with the hint to show). */
export type TapResult =
  | { kind: 'found'; flag: LocalizedFlag }
  | { kind: 'again'; flag: LocalizedFlag }
  | { kind: 'miss'; hint: string };

export function startInteractive(body: LocalizedInteractive): InteractiveState {
  const n = body.scenes.length;
  return {
    scene: 0,
    phase: 'find',
    found: Array.from({ length: n }, () => []),
    wrong: Array.from({ length: n }, () => 0),
    choices: Array.from({ length: n }, () => null),
  };
}

export const currentScene = (body: LocalizedInteractive, state: InteractiveState): LocalizedScene =>
  body.scenes[state.scene]!;

/** Taps an element of the scene on screen. */
export function tap(
  body: LocalizedInteractive,
  state: InteractiveState,
  element: string,
): { state: InteractiveState; result: TapResult } {
  const scene = currentScene(body, state);
  const flag = scene.flags.find((f) => f.element === element);
  const found = state.found[state.scene]!;
  if (flag && found.includes(flag.id)) return { state, result: { kind: 'again', flag } };
  if (flag) {
    const next = state.found.map((f, i) => (i === state.scene ? [...f, flag.id] : f));
    return { state: { ...state, found: next }, result: { kind: 'found', flag } };
  }
  const wrong = state.wrong[state.scene]! + 1;
  const hint = scene.hints[Math.min(wrong, scene.hints.length) - 1]!;
  return {
    state: { ...state, wrong: state.wrong.map((w, i) => (i === state.scene ? wrong : w)) },
    result: { kind: 'miss', hint },
  };
}

/** Every flag of the scene found: the learner goes on to the decision (they may also go on earlier). */
export const allFound = (body: LocalizedInteractive, state: InteractiveState) =>
  state.found[state.scene]!.length >= currentScene(body, state).flags.length;

export const toDecision = (state: InteractiveState): InteractiveState => ({ ...state, phase: 'decide' });

/**
 * Chooses in the scene's decision: a decision (16), and on the last scene the last decision (17) too,
 * which finishes the subject. Null once chosen or when the choice is unknown.
 */
export function decide(
  body: LocalizedInteractive,
  state: InteractiveState,
  choiceId: string,
): { state: InteractiveState; codes: EventCode[]; correct: boolean } | null {
  const choice = currentScene(body, state).decision.choices.find((c) => c.id === choiceId);
  if (state.phase !== 'decide' || state.choices[state.scene] !== null || !choice) return null;
  const last = state.scene === body.scenes.length - 1;
  return {
    state: { ...state, choices: state.choices.map((c, i) => (i === state.scene ? choice.id : c)) },
    codes: last ? [EVENT_CODES.DECISION, EVENT_CODES.LAST_DECISION] : [EVENT_CODES.DECISION],
    correct: choice.correct,
  };
}

/** After the feedback of a decision: the next scene, or the summary after the last. */
export function proceed(body: LocalizedInteractive, state: InteractiveState): InteractiveState {
  if (state.choices[state.scene] === null) return state;
  return state.scene < body.scenes.length - 1
    ? { ...state, scene: state.scene + 1, phase: 'find' }
    : { ...state, phase: 'summary' };
}

export interface InteractiveSummary {
  found: LocalizedFlag[];
  missed: LocalizedFlag[];
  rightDecisions: number;
  decisions: number;
  /** Whole per cent of the flags found and the decisions right, together. */
  score: number;
}

/** What the learner found and missed over all scenes, and how many decisions were right. */
export function summarize(body: LocalizedInteractive, state: InteractiveState): InteractiveSummary {
  const flags = body.scenes.flatMap((s, i) =>
    s.flags.map((f) => ({ f, hit: state.found[i]!.includes(f.id) })),
  );
  const rightDecisions = body.scenes.filter(
    (s, i) => s.decision.choices.find((c) => c.id === state.choices[i])?.correct,
  ).length;
  const points = flags.filter((x) => x.hit).length + rightDecisions;
  return {
    found: flags.filter((x) => x.hit).map((x) => x.f),
    missed: flags.filter((x) => !x.hit).map((x) => x.f),
    rightDecisions,
    decisions: body.scenes.length,
    score: Math.round((points / (flags.length + body.scenes.length)) * 100),
  };
}
