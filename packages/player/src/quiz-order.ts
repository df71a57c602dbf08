import { EVENT_CODES, type SubjectDetail } from '@vigil/shared';
import type { AnswerGrade, QuizQuestion } from './player-context.ts';

/** A quiz question with its answers written out, as the manager's catalogue has it. */
type KeyedQuestion = SubjectDetail['questions'][number];

/** A quiz graded in the browser: the questions as shown, and the position of each right answer. */
export interface LocalQuiz {
  questions: QuizQuestion[];
  correct: number[];
}

/**
 * Puts each question's four answers in random order (Fisher–Yates; `random` as Math.random), as the
 * preview does every time its quiz starts.
 */
export function shuffledQuiz(questions: KeyedQuestion[], random: () => number = Math.random): LocalQuiz {
  const shown = questions.map((q) => {
    const answers = [
      { text: q.correct_answer, correct: true },
      { text: q.wrong_answer1, correct: false },
      { text: q.wrong_answer2, correct: false },
      { text: q.wrong_answer3, correct: false },
    ];
    for (let i = answers.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [answers[i], answers[j]] = [answers[j]!, answers[i]!];
    }
    return answers;
  });
  return {
    questions: questions.map((q, i) => ({ question: q.question, answers: shown[i]!.map((a) => a.text) })),
    correct: shown.map((answers) => answers.findIndex((a) => a.correct)),
  };
}

/** Grades an answer of a quiz kept in the browser. */
export function gradeLocally(quiz: LocalQuiz, question: number, answer: number): AnswerGrade {
  const correctAnswer = quiz.correct[question] ?? -1;
  return { correct: answer === correctAnswer, correctAnswer };
}

/** The event a graded answer records: answer correct (5) or incorrect (6). */
export function answerEventCode(correct: boolean): number {
  return correct ? EVENT_CODES.ANSWARE_CORRECT : EVENT_CODES.ANSWARE_INCORRECT;
}
