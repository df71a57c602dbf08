import type { LearnerSubject } from '@vigil/shared';
import { useState } from 'react';
import { usePlayer } from './player-context.ts';
import { ScormPlayer } from './scorm-player.tsx';

interface ScormLessonProps {
  subject: LearnerSubject;
  scorm: NonNullable<LearnerSubject['scorm']>;
  learner: { id: string; name: string };
}

type Saving = 'idle' | 'saving' | 'failed' | 'done';

/**
 * A SCORM package in a frame. The package reaching "passed" or "completed" finishes the course, and
 * so does the employee's own "Mark as finished".
 */
export function ScormLesson({ subject, scorm, learner }: ScormLessonProps) {
  const { text: t, events, renderDone } = usePlayer();
  const [saving, setSaving] = useState<Saving>(subject.progress.finished ? 'done' : 'idle');

  async function markFinished() {
    if (saving === 'saving') return;
    setSaving('saving');
    try {
      await events.onFinish();
      setSaving('done');
    } catch {
      setSaving('failed');
    }
  }

  const title = t('courseFrameTitle', { title: subject.title });
  return (
    <section className="scorm" aria-label={title}>
      <ScormPlayer
        url={scorm.url}
        title={title}
        learner={learner}
        onCommit={events.onScormCommit}
        onFinish={() => void markFinished()}
      />
      {saving === 'done' ? (
        renderDone({ finished: true, detail: t('markedFinished') })
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
