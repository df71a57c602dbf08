import {
  PREVIEW_TYPES,
  SCHEDULE_TYPES,
  TRAINING_MESSAGES,
  TrainingPreviewRequest,
  type ScheduleType,
  type ScheduledBatch,
  type TrainingPreviewRequest as PreviewRequest,
} from '@vigil/shared';
import { introPlainText } from './wizard-state.ts';

export type PreviewType = (typeof PREVIEW_TYPES)[keyof typeof PREVIEW_TYPES];

/** Spec 2 §4: a specific delivery cannot be chosen when everything is sent now. */
export function previewTypes(scheduleType: ScheduleType): PreviewType[] {
  return scheduleType === SCHEDULE_TYPES.now
    ? [PREVIEW_TYPES.allTraining, PREVIEW_TYPES.other]
    : [PREVIEW_TYPES.allTraining, PREVIEW_TYPES.specificTraining, PREVIEW_TYPES.other];
}

/** Spec 2 §4: the whole program for "now", otherwise nothing until the manager chooses. */
export const defaultPreviewType = (scheduleType: ScheduleType): PreviewType | null =>
  scheduleType === SCHEDULE_TYPES.now ? PREVIEW_TYPES.allTraining : null;

export interface PreviewForm {
  recipients: string;
  type: PreviewType | null;
  /** Indexes of the chosen deliveries (specific training). */
  batches: number[];
}

export interface PreviewInput {
  name: string;
  batches: readonly ScheduledBatch[];
  introEnabled: boolean;
  introMessage: string;
}

export interface PreviewErrors {
  recipients?: string;
  type?: string;
  batches?: string;
}

export type PreviewCheck =
  { request: PreviewRequest; errors: null } | { request: null; errors: PreviewErrors };

/** The preview call's body, or the problems to show next to the form's fields (spec 2 §5). */
export function buildPreviewRequest(form: PreviewForm, input: PreviewInput): PreviewCheck {
  const errors: PreviewErrors = {};
  const recipients = TrainingPreviewRequest.shape.targetEmail.safeParse(form.recipients);
  if (!recipients.success) errors.recipients = recipients.error.issues[0]?.message;
  if (form.type === null) errors.type = TRAINING_MESSAGES.previewNeedsItems;
  if (form.type === PREVIEW_TYPES.specificTraining && form.batches.length === 0)
    errors.batches = TRAINING_MESSAGES.previewNeedsPeriod;
  const introWritten = introPlainText(input.introMessage) !== '';
  if (form.type === PREVIEW_TYPES.other && !(input.introEnabled && introWritten))
    errors.type = TRAINING_MESSAGES.introEmpty;
  if (form.type === null || Object.keys(errors).length > 0) return { request: null, errors };

  const chosen = new Set(form.batches);
  const previewSubjects =
    form.type === PREVIEW_TYPES.other
      ? []
      : input.batches
          .map((batch, index) => ({ index, subjectIds: batch.subjects }))
          .filter(({ index }) => form.type === PREVIEW_TYPES.allTraining || chosen.has(index));
  return {
    request: {
      targetEmail: form.recipients,
      type: form.type,
      name: input.name,
      previewSubjects,
      introductoryData: { enabled: input.introEnabled && introWritten, message: input.introMessage },
    },
    errors: null,
  };
}
