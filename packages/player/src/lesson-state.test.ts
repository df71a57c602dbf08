import type { LearnerProgress } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { isScorm, quizUnlocked } from './lesson-state.ts';

const progress = (videoPercent: number): LearnerProgress => ({
  opened: true,
  videoPercent,
  answered: 0,
  correct: 0,
  questions: 3,
  finished: false,
  finishedAt: null,
});

describe('lesson state', () => {
  it('unlocks the quiz from the watched mark', () => {
    expect(quizUnlocked(progress(75))).toBe(false);
    expect(quizUnlocked(progress(95))).toBe(true);
  });

  it('knows the SCORM subject types', () => {
    expect(isScorm(2) && isScorm(4) && !isScorm(1) && !isScorm(3)).toBe(true);
  });
});
