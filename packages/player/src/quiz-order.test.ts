import { EVENT_CODES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { answerEventCode, gradeLocally, shuffledQuiz } from './quiz-order.ts';

const question = {
  question: 'Which?',
  correct_answer: 'Right',
  wrong_answer1: 'Wrong 1',
  wrong_answer2: 'Wrong 2',
  wrong_answer3: 'Wrong 3',
};

describe('shuffledQuiz', () => {
  it('keeps the four answers and knows where the right one went', () => {
    const quiz = shuffledQuiz([question, { ...question, question: 'And?' }]);
    expect(quiz.questions.map((q) => q.question)).toEqual(['Which?', 'And?']);
    for (const [i, shown] of quiz.questions.entries()) {
      expect([...shown.answers].sort()).toEqual(['Right', 'Wrong 1', 'Wrong 2', 'Wrong 3']);
      expect(shown.answers[quiz.correct[i]!]).toBe('Right');
    }
  });

  it('moves the right answer away from the top', () => {
    const positions = new Set([0, 0.3, 0.6, 0.99].map((r) => shuffledQuiz([question], () => r).correct[0]));
    expect(positions.size).toBeGreaterThan(1);
  });
});

describe('gradeLocally', () => {
  it('grades an answer and shows where the right one is', () => {
    const quiz = shuffledQuiz([question], () => 0);
    const right = quiz.correct[0]!;
    expect(gradeLocally(quiz, 0, right)).toEqual({ correct: true, correctAnswer: right });
    expect(gradeLocally(quiz, 0, (right + 1) % 4)).toEqual({ correct: false, correctAnswer: right });
  });
});

describe('answerEventCode', () => {
  it('records answer correct (5) or incorrect (6)', () => {
    expect(answerEventCode(true)).toBe(EVENT_CODES.ANSWARE_CORRECT);
    expect(answerEventCode(false)).toBe(EVENT_CODES.ANSWARE_INCORRECT);
  });
});
