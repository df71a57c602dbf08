import { describe, expect, it } from 'vitest';
import { answerEventCode, shuffledAnswers } from './quiz.ts';

const question = {
  question: 'Which?',
  correct_answer: 'Right',
  wrong_answer1: 'Wrong 1',
  wrong_answer2: 'Wrong 2',
  wrong_answer3: 'Wrong 3',
};

describe('shuffledAnswers', () => {
  it('keeps the four answers and marks the correct one', () => {
    const answers = shuffledAnswers(question);
    expect(answers.map((a) => a.text).sort()).toEqual(['Right', 'Wrong 1', 'Wrong 2', 'Wrong 3']);
    expect(answers.filter((a) => a.correct).map((a) => a.text)).toEqual(['Right']);
  });

  it('moves the correct answer away from the top', () => {
    const positions = new Set(
      [0, 0.3, 0.6, 0.99].map((r) => shuffledAnswers(question, () => r).findIndex((a) => a.correct)),
    );
    expect(positions.size).toBeGreaterThan(1);
  });
});

describe('answerEventCode', () => {
  it('records answer correct (5) or incorrect (6)', () => {
    expect(answerEventCode(true)).toBe(5);
    expect(answerEventCode(false)).toBe(6);
  });
});
