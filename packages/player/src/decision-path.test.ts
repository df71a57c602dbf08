import { EVENT_CODES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  choose,
  currentDecision,
  feedbackTable,
  hasEnded,
  outcome,
  resetDecisions,
  startDecisions,
  viewAnswer,
  learnerStory,
  type DecisionState,
  type DecisionStory,
} from './decision-path.ts';

const option = (label: string, next: string | null, correct: boolean) => ({
  label,
  next,
  correct,
  feedback: `Feedback on ${label}`,
});

/** Lost laptop: report it (right) or wait (wrong); then change the password (right) or not. */
const story: DecisionStory = {
  start: 'stolen',
  correctPath: ['stolen', 'password'],
  decisions: [
    {
      id: 'stolen',
      situation: 'Your laptop is gone.',
      options: [option('Report it now', 'password', true), option('Wait a day', 'password', false)],
    },
    {
      id: 'password',
      situation: 'IT asks you to change your password.',
      options: [option('Change it', null, true), option('Ignore it', null, false)],
    },
  ],
};

function play(...choices: number[]): { state: DecisionState; codes: number[][] } {
  let state = startDecisions(story);
  const codes: number[][] = [];
  for (const choice of choices) {
    const result = choose(story, state, choice);
    if (!result) throw new Error(`no choice ${choice}`);
    state = result.state;
    codes.push(result.codes);
  }
  return { state, codes };
}

describe('decision path', () => {
  it('starts at the first decision with nothing stored', () => {
    const state = startDecisions(story);
    expect(currentDecision(story, state)?.situation).toBe('Your laptop is gone.');
    expect(state).toMatchObject({ log: [], path: [], tried: false, showingAnswer: false });
  });

  it('logs each choice with its result and next step; the last one is a decision and the last decision', () => {
    const { state, codes } = play(0, 1);
    expect(codes).toEqual([[EVENT_CODES.DECISION], [EVENT_CODES.DECISION, EVENT_CODES.LAST_DECISION]]);
    expect(state.log).toEqual([
      { decision: 'stolen', option: 0, result: true, next: 'password' },
      { decision: 'password', option: 1, result: false, next: null },
    ]);
    expect(state.path).toEqual(['stolen', 'password']);
  });

  it('ends when no further decision follows, and the subject counts as tried', () => {
    const midway = play(0).state;
    expect(hasEnded(midway)).toBe(false);
    expect(midway.tried).toBe(false);
    const { state } = play(0, 0);
    expect(hasEnded(state)).toBe(true);
    expect(state.tried).toBe(true);
    expect(choose(story, state, 0)).toBeNull();
  });

  it("ends as 'correct' only when every decision was right", () => {
    expect(outcome(play(0, 0).state.log)).toBe('correct');
    expect(outcome(play(1, 0).state.log)).toBe('incorrect');
    expect(outcome(play(0, 1).state.log)).toBe('incorrect');
    expect(outcome([])).toBe('incorrect');
  });

  it('builds the feedback table: decision, the choice, whether it was right, feedback', () => {
    expect(feedbackTable(story, play(1, 0).state.log)).toEqual([
      {
        decision: 'Your laptop is gone.',
        choice: 'Wait a day',
        correct: false,
        feedback: 'Feedback on Wait a day',
      },
      {
        decision: 'IT asks you to change your password.',
        choice: 'Change it',
        correct: true,
        feedback: 'Feedback on Change it',
      },
    ]);
  });

  it("'View answer' sets the stored path to the correct path with the right choices", () => {
    const state = viewAnswer(story, play(1).state);
    expect(state.showingAnswer).toBe(true);
    expect(state.path).toEqual(['stolen', 'password']);
    expect(feedbackTable(story, state.log).map((row) => row.choice)).toEqual(['Report it now', 'Change it']);
    expect(outcome(state.log)).toBe('correct');
    expect(choose(story, state, 0)).toBeNull();
  });

  it("'Reset' clears the stored decisions; a tried subject stays tried", () => {
    const ended = play(0, 0).state;
    const state = resetDecisions(story, viewAnswer(story, ended));
    expect(state).toEqual({ current: 'stolen', log: [], path: [], tried: true, showingAnswer: false });
  });

  it('ends the story on a choice that leads to a decision it does not have', () => {
    const broken: DecisionStory = {
      ...story,
      decisions: [
        { ...story.decisions[0]!, options: [option('Go on', 'missing', true), option('x', null, false)] },
      ],
    };
    const result = choose(broken, startDecisions(broken), 0);
    expect(result?.codes).toEqual([EVENT_CODES.DECISION, EVENT_CODES.LAST_DECISION]);
    expect(result?.state.current).toBeNull();
  });

  it('ignores an option that does not exist', () => {
    expect(choose(story, startDecisions(story), 5)).toBeNull();
  });

  it("plays the learner's steps, which come without the path of right choices", () => {
    const learner = learnerStory({ start: story.start, items: story.decisions });
    expect(currentDecision(learner, startDecisions(learner))?.id).toBe('stolen');
    expect(viewAnswer(learner, startDecisions(learner)).log).toEqual([]);
  });
});
