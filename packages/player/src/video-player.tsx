import { VIDEO_WATCHED_PERCENT, type LearnerEventInput, type LearnerSubject } from '@vigil/shared';
import { useState, type SyntheticEvent } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { useLessonRecorder } from '../lib/lesson-recorder.ts';
import { createVideoMarkTracker } from '../lib/video-marks.ts';

interface VideoLessonProps {
  subject: LearnerSubject;
  video: NonNullable<LearnerSubject['video']>;
  onWatched: () => void;
}

/**
 * The native player, with captions on by default. It records the start and each mark the first time
 * continuous playback passes it, and resumes a returning employee at the mark the server has.
 */
export function VideoLesson({ subject, video, onWatched }: VideoLessonProps) {
  const { t } = useI18n();
  const recorder = useLessonRecorder();
  const startPercent = subject.progress.videoPercent;
  const [tracker] = useState(() => createVideoMarkTracker(startPercent));

  const record = (codes: LearnerEventInput['code'][]) => {
    for (const code of codes) recorder.track({ trainingId: subject.trainingId, subjectId: subject.id, code });
    if (tracker.watched()) onWatched();
  };

  const resume = (event: SyntheticEvent<HTMLVideoElement>) => {
    const player = event.currentTarget;
    if (startPercent > 0 && startPercent < VIDEO_WATCHED_PERCENT && Number.isFinite(player.duration)) {
      player.currentTime = (startPercent / 100) * player.duration;
    }
  };

  return (
    <div className="video-frame">
      <video
        controls
        playsInline
        preload="metadata"
        src={video.url}
        aria-label={subject.title}
        onLoadedMetadata={resume}
        onPlay={() => record(tracker.play())}
        onSeeking={(event) => tracker.seek(event.currentTarget.currentTime)}
        onTimeUpdate={(event) =>
          record(tracker.progress(event.currentTarget.currentTime, event.currentTarget.duration))
        }
        onEnded={() => record(tracker.ended())}
      >
        {video.captions && (
          <track
            kind="captions"
            src={video.captions}
            srcLang={subject.language}
            label={t('captions')}
            default
          />
        )}
        <p>{t('videoUnsupported')}</p>
      </video>
    </div>
  );
}
