import { EVENT_CODES, type LearnerSubject } from '@vigil/shared';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { useLessonRecorder } from '../lib/lesson-recorder.ts';
import { createScorm12Api } from '../lib/scorm-runtime.ts';
import { LessonDone } from './lesson-done.tsx';

interface ScormLessonProps {
  subject: LearnerSubject;
  scorm: NonNullable<LearnerSubject['scorm']>;
  learnerName: string;
}

type Saving = 'idle' | 'saving' | 'failed' | 'done';

/**
 * A SCORM package in a frame. The server counts 100 % as finished: the package reaching "passed" or
 * "completed" records it, and so does the employee's own "Mark as finished".
 */
export function ScormLesson({ subject, scorm, learnerName }: ScormLessonProps) {
  const { t } = useI18n();
  const recorder = useLessonRecorder();
  const [saving, setSaving] = useState<Saving>(subject.progress.finished ? 'done' : 'idle');

  async function markFinished() {
    if (saving === 'saving') return;
    setSaving('saving');
    try {
      await recorder.send({
        trainingId: subject.trainingId,
        subjectId: subject.id,
        code: EVENT_CODES.VIDEO_100,
      });
      setSaving('done');
    } catch {
      setSaving('failed');
    }
  }

  const markFinishedRef = useRef(markFinished);
  useEffect(() => {
    markFinishedRef.current = markFinished;
  });
  // The package looks for the SCORM 1.2 API in its parent frame, as `window.API`.
  useEffect(() => {
    const host = window as Window & { API?: unknown };
    host.API = createScorm12Api(learnerName, () => void markFinishedRef.current());
    return () => {
      delete host.API;
    };
  }, [learnerName]);

  return (
    <section className="scorm" aria-label={t('courseFrameTitle', { title: subject.title })}>
      <div className="scorm-frame">
        <iframe src={scorm.url} title={t('courseFrameTitle', { title: subject.title })} allow="fullscreen" />
      </div>
      {saving === 'done' ? (
        <LessonDone finished detail={t('markedFinished')} />
      ) : (
        <div className="card">
          <p>{t('courseHint')}</p>
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              onClick={markFinished}
              aria-disabled={saving === 'saving'}
            >
              {t('markFinished')}
            </button>
          </div>
          <p role="status" className="feedback-line">
            {saving === 'failed' && t('networkError')}
          </p>
        </div>
      )}
    </section>
  );
}
