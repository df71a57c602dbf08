import type { LearnerProgress } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { lessonLabel, progressState, subjectTypeLabel } from './subject-state.ts';

const progress = (p: Partial<LearnerProgress> = {}): LearnerProgress => ({
  opened: false,
  videoPercent: 0,
  answered: 0,
  correct: 0,
  questions: 3,
  finished: false,
  finishedAt: null,
  ...p,
});

describe('subject state', () => {
  it('tells not started, in progress and finished apart', () => {
    expect(progressState(progress())).toBe('notStarted');
    expect(progressState(progress({ opened: true }))).toBe('inProgress');
    expect(progressState(progress({ videoPercent: 25 }))).toBe('inProgress');
    expect(progressState(progress({ finished: true, videoPercent: 100 }))).toBe('finished');
  });

  it('labels the subject types', () => {
    expect(subjectTypeLabel(1)).toBe('typeVideo');
    expect(subjectTypeLabel(3)).toBe('typeDecision');
    expect(lessonLabel({ type: 1, video: { url: '/v.webm', captions: null } })).toBe('typeVideo');
    expect(lessonLabel({ type: 1, video: null })).toBe('typeText');
    expect(lessonLabel({ type: 3, video: null })).toBe('typeDecision');
  });
});
