import { EVENT_CODES, type SubjectDetail } from '@vigil/shared';

export interface QuizAnswer {
  text: string;
  correct: boolean;
}

type QuizQuestion = SubjectDetail['questions'][number];

/** The four answers of a quiz question in random order (Fisher–Yates; `random` as Math.random). */
export function shuffledAnswers(question: QuizQuestion, random: () => number = Math.random): QuizAnswer[] {
  const answers: QuizAnswer[] = [
    { text: question.correct_answer, correct: true },
    { text: question.wrong_answer1, correct: false },
    { text: question.wrong_answer2, correct: false },
    { text: question.wrong_answer3, correct: false },
  ];
  for (let i = answers.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [answers[i], answers[j]] = [answers[j]!, answers[i]!];
  }
  return answers;
}

/** The event a chosen answer records: answer correct (5) or incorrect (6). */
export function answerEventCode(correct: boolean): number {
  return correct ? EVENT_CODES.ANSWARE_CORRECT : EVENT_CODES.ANSWARE_INCORRECT;
}
