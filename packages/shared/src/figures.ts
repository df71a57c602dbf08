import { percentOf } from './assessment-scoring.ts';

/**
 * The figures Vigil reports, each named for what it measures and named the same on every screen,
 * report, CSV and PDF (the glossary is in docs/REPORTS.md; the locale files carry the same names under
 * `figures.*`).
 */
export const FIGURES = {
  completion: {
    name: 'Completion',
    definition: 'Lessons finished ÷ lessons delivered.',
  },
  quizScore: {
    name: 'Quiz score',
    definition: 'Correct answers ÷ questions answered (the first answer to each question counts).',
  },
  resilienceScore: {
    name: 'Resilience score',
    definition: 'The result of a human-risk assessment, 0–100, averaged over the employees who finished it.',
  },
} as const;
export type FigureName = keyof typeof FIGURES;

/** Completion: lessons finished ÷ lessons delivered, in percent. */
export const completionPercent = (finished: number, delivered: number) => percentOf(finished, delivered);

/** Quiz score: correct answers ÷ questions answered, in percent; null before any answer. */
export const quizScorePercent = (correct: number, answered: number) => percentOf(correct, answered);

/** The quiz score a certificate needs unless the company sets its own (`ui.certificate_pass_mark`). */
export const DEFAULT_PASS_MARK = 80;

export interface CertificateFacts {
  /** Lessons of the program and those the employee finished. */
  lessons: number;
  finished: number;
  /** Quiz questions answered over the program and answered correctly. */
  answered: number;
  correct: number;
}

/**
 * A certificate is earned when every lesson of the program is finished and the quiz score meets the
 * pass mark. A program without quiz questions has no quiz score, so finishing it is enough.
 */
export function earnsCertificate(f: CertificateFacts, passMark: number): boolean {
  if (f.lessons === 0 || f.finished < f.lessons) return false;
  const score = quizScorePercent(f.correct, f.answered);
  return score === null || score >= passMark;
}

/** A running time in whole minutes, at least one: what the apps and the mails say a lesson takes. */
export const durationMinutes = (seconds: number): number => Math.max(1, Math.round(seconds / 60));

/** The running time of lessons or assessment questions together, in seconds. */
export const totalSeconds = (items: readonly { duration: number }[]): number =>
  items.reduce((sum, item) => sum + Math.max(0, item.duration), 0);
