import { SUBJECT_TYPES, type LearnerProgress, type LearnerSubject } from '@vigil/shared';
import type { MessageKey } from '../i18n/i18n.ts';

const TYPE_LABELS: Record<number, MessageKey> = {
  [SUBJECT_TYPES.video]: 'typeVideo',
  [SUBJECT_TYPES.scorm]: 'typeScorm',
  [SUBJECT_TYPES.decision]: 'typeDecision',
  [SUBJECT_TYPES.scormQuiz]: 'typeScormQuiz',
  [SUBJECT_TYPES.interactive]: 'typeInteractive',
};

export const subjectTypeLabel = (type: number): MessageKey => TYPE_LABELS[type] ?? 'typeVideo';

/** The label of an opened subject: a video subject without its video is read instead. */
export const lessonLabel = (subject: Pick<LearnerSubject, 'type' | 'video'>): MessageKey =>
  subject.type === SUBJECT_TYPES.video && !subject.video ? 'typeText' : subjectTypeLabel(subject.type);

export type ProgressState = 'notStarted' | 'inProgress' | 'finished';

/** Where an employee stands in a subject, as the home page shows it. */
export function progressState(progress: LearnerProgress): ProgressState {
  if (progress.finished) return 'finished';
  return progress.opened || progress.videoPercent > 0 || progress.answered > 0 ? 'inProgress' : 'notStarted';
}
