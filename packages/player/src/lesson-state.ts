import { SUBJECT_TYPES, VIDEO_WATCHED_PERCENT, type LearnerProgress } from '@vigil/shared';

/** The quiz shows once the video (or the text) has been taken in. */
export const quizUnlocked = (progress: LearnerProgress): boolean =>
  progress.videoPercent >= VIDEO_WATCHED_PERCENT;

export const isScorm = (type: number): boolean =>
  type === SUBJECT_TYPES.scorm || type === SUBJECT_TYPES.scormQuiz;
