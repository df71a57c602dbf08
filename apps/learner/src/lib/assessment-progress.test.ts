import { describe, expect, it } from 'vitest';
import {
  choicesOf,
  completeChoice,
  draftsOf,
  firstIncomplete,
  isQuestionComplete,
  resumePosition,
  shouldAutoAdvance,
  withItemAnswer,
  type ActionBlock,
  type AssessmentQuestion,
} from './assessment-progress.ts';

const choice: ActionBlock = {
  type: 'multiple-choice',
  actionId: 'act',
  question: 'What do you do?',
  options: ['A', 'B', 'C'],
};
const list: ActionBlock = {
  type: 'yes-no-list',
  actionId: 'signs',
  question: 'Warning signs?',
  items: ['x', 'y'],
};

const question = (id: string, blocks: AssessmentQuestion['blocks'], answers = {}): AssessmentQuestion => ({
  id,
  name: id,
  blocks,
  answers,
});

const q1 = question('q1', [{ type: 'scenario', text: 'A text arrives.' }, choice]);
const q2 = question('q2', [choice, list]);
const q3 = question('q3', [{ type: 'image', src: '/a.png', alt: 'mail' }, list]);

describe('completeChoice', () => {
  it('takes an option the block has', () => {
    expect(completeChoice(choice, { option: 1 })).toEqual({ option: 1 });
    expect(completeChoice(choice, { option: 3 })).toBeNull();
    expect(completeChoice(choice, undefined)).toBeNull();
  });

  it('needs a yes or no for every item of a list', () => {
    expect(completeChoice(list, { items: [true, null] })).toBeNull();
    expect(completeChoice(list, { items: [true] })).toBeNull();
    expect(completeChoice(list, { items: [true, false] })).toEqual({ items: [true, false] });
    expect(completeChoice(list, { option: 0 })).toBeNull();
  });
});

describe('question completion and auto-advance', () => {
  it('is complete when every action is answered; texts and pictures ask nothing', () => {
    expect(isQuestionComplete(q1, { act: { option: 0 } })).toBe(true);
    expect(isQuestionComplete(q2, { act: { option: 0 } })).toBe(false);
    expect(isQuestionComplete(q2, { act: { option: 0 }, signs: { items: [false, false] } })).toBe(true);
    expect(isQuestionComplete(question('text', [{ type: 'scenario', text: 'only' }]), undefined)).toBe(true);
  });

  it('moves on only when an answer completes the question just now', () => {
    expect(shouldAutoAdvance(q1, undefined, { act: { option: 2 } })).toBe(true);
    // Half a list: stay.
    expect(shouldAutoAdvance(q3, undefined, { signs: { items: [true, null] } })).toBe(false);
    expect(
      shouldAutoAdvance(q3, { signs: { items: [true, null] } }, { signs: { items: [true, true] } }),
    ).toBe(true);
    // Changing an answer after going back: stay, the employee may change more.
    expect(shouldAutoAdvance(q1, { act: { option: 0 } }, { act: { option: 1 } })).toBe(false);
  });

  it('answers one item of a list at a time', () => {
    const first = withItemAnswer(undefined, 2, 1, false);
    expect(first).toEqual({ items: [null, false] });
    expect(withItemAnswer(first, 2, 0, true)).toEqual({ items: [true, false] });
  });
});

describe('resume position', () => {
  const questions = [q1, q2, q3];

  it('continues at the first question with an open action', () => {
    const drafts = draftsOf([question('q1', q1.blocks, { act: { option: 1 } }), q2, q3]);
    expect(firstIncomplete(questions, drafts)).toBe(1);
    expect(resumePosition(1, questions, drafts)).toBe(1);
  });

  it('goes further when answers still waiting to be sent complete more', () => {
    const unsent = [
      { questionId: 'q1', actionId: 'act', choice: { option: 0 } },
      { questionId: 'q2', actionId: 'act', choice: { option: 0 } },
      { questionId: 'q2', actionId: 'signs', choice: { items: [true, true] } },
    ];
    expect(resumePosition(0, questions, draftsOf(questions, unsent))).toBe(2);
  });

  it('reaches the finish step when all is answered, and never past it', () => {
    const all = draftsOf(questions, [
      { questionId: 'q1', actionId: 'act', choice: { option: 0 } },
      { questionId: 'q2', actionId: 'act', choice: { option: 0 } },
      { questionId: 'q2', actionId: 'signs', choice: { items: [true, true] } },
      { questionId: 'q3', actionId: 'signs', choice: { items: [false, true] } },
    ]);
    // The server names the last question when everything is answered.
    expect(resumePosition(2, questions, all)).toBe(3);
    expect(resumePosition(99, questions, {})).toBe(3);
    expect(resumePosition(-4, questions, {})).toBe(0);
  });

  it('ignores unsent answers to questions the assessment no longer has', () => {
    const drafts = draftsOf(questions, [{ questionId: 'gone', actionId: 'act', choice: { option: 0 } }]);
    expect(Object.keys(drafts)).toEqual(['q1', 'q2', 'q3']);
  });
});

describe('choicesOf', () => {
  it('keeps only complete answers, by question and action', () => {
    expect(choicesOf([q2], { q2: { act: { option: 2 }, signs: { items: [true, null] } } })).toEqual({
      q2: { act: { option: 2 } },
    });
  });
});
