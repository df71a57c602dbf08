import { PREVIEW_TYPES, SCHEDULE_TYPES, TRAINING_MESSAGES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  buildPreviewRequest,
  defaultPreviewType,
  previewTypes,
  type PreviewInput,
} from './preview-request.ts';

const input: PreviewInput = {
  name: 'Security basics',
  batches: [
    { date: '2026-03-02T10:00:00.000Z', subjects: ['a', 'b'] },
    { date: '2026-03-09T10:00:00.000Z', subjects: ['c'] },
  ],
  introEnabled: true,
  introMessage: '<p>Welcome</p>',
};

describe('preview types', () => {
  it('offers no specific delivery when everything is sent now, and picks the whole program for it', () => {
    expect(previewTypes(SCHEDULE_TYPES.now)).toEqual([PREVIEW_TYPES.allTraining, PREVIEW_TYPES.other]);
    expect(previewTypes(SCHEDULE_TYPES.future)).toContain(PREVIEW_TYPES.specificTraining);
    expect(defaultPreviewType(SCHEDULE_TYPES.now)).toBe(PREVIEW_TYPES.allTraining);
    expect(defaultPreviewType(SCHEDULE_TYPES.future)).toBeNull();
  });
});

describe('the preview request', () => {
  it('sends every delivery for the whole program', () => {
    const { request } = buildPreviewRequest(
      { recipients: 'Ann@Example.com, ben@example.com', type: PREVIEW_TYPES.allTraining, batches: [] },
      input,
    );
    expect(request).toEqual({
      targetEmail: 'Ann@Example.com, ben@example.com',
      type: 1,
      name: 'Security basics',
      previewSubjects: [
        { index: 0, subjectIds: ['a', 'b'] },
        { index: 1, subjectIds: ['c'] },
      ],
      introductoryData: { enabled: true, message: '<p>Welcome</p>' },
    });
  });

  it('sends only the chosen deliveries, and only the intro for "other"', () => {
    const specific = buildPreviewRequest(
      { recipients: 'a@b.co', type: PREVIEW_TYPES.specificTraining, batches: [1] },
      input,
    );
    expect(specific.request?.previewSubjects).toEqual([{ index: 1, subjectIds: ['c'] }]);
    const other = buildPreviewRequest(
      { recipients: 'a@b.co', type: PREVIEW_TYPES.other, batches: [] },
      input,
    );
    expect(other.request?.previewSubjects).toEqual([]);
  });

  it('places each problem next to its field', () => {
    expect(buildPreviewRequest({ recipients: ' , ', type: null, batches: [] }, input).errors).toEqual({
      recipients: TRAINING_MESSAGES.previewNeedsRecipient,
      type: TRAINING_MESSAGES.previewNeedsItems,
    });
    expect(
      buildPreviewRequest({ recipients: 'nope', type: PREVIEW_TYPES.specificTraining, batches: [] }, input)
        .errors,
    ).toEqual({
      recipients: TRAINING_MESSAGES.previewBadRecipient('nope'),
      batches: TRAINING_MESSAGES.previewNeedsPeriod,
    });
    expect(
      buildPreviewRequest(
        { recipients: 'a@b.co', type: PREVIEW_TYPES.other, batches: [] },
        { ...input, introMessage: '<p></p>' },
      ).errors,
    ).toEqual({ type: TRAINING_MESSAGES.introEmpty });
  });
});
