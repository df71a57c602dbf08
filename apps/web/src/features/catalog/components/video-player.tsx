import { EVENT_CODES, type SubjectDetail } from '@vigil/shared';
import { useRef, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/language-name.ts';
import { newMilestones } from '../video-progress.ts';
import classes from './video-player.module.css';

interface VideoPlayerProps {
  video: NonNullable<SubjectDetail['video']>;
  /** The subject's title: the video's accessible name. */
  title: string;
  poster: string | null;
  /** The language of the video and its captions. */
  language: string;
  onEvent: (code: number) => void;
}

/**
 * The subject's video with its captions. Records the start (7) and 25, 50, 75, 95 and 100 % (8–12)
 * once each while this player is shown.
 */
export function VideoPlayer({ video, title, poster, language, onEvent }: VideoPlayerProps) {
  const { i18n } = useTranslation();
  const recorded = useRef(new Set<number>());
  const record = (codes: number[]) => {
    for (const code of codes) {
      if (recorded.current.has(code)) continue;
      recorded.current.add(code);
      onEvent(code);
    }
  };
  const progress = (event: SyntheticEvent<HTMLVideoElement>) => {
    const { currentTime, duration, ended } = event.currentTarget;
    record(newMilestones({ currentTime, duration, ended }, recorded.current));
  };

  return (
    <video
      className={classes.video}
      src={video.url}
      poster={poster ?? undefined}
      aria-label={title}
      controls
      playsInline
      preload="metadata"
      onPlay={() => record([EVENT_CODES.VIDEO_START])}
      onTimeUpdate={progress}
      onEnded={progress}
    >
      {video.captions && (
        <track
          kind="captions"
          src={video.captions}
          srcLang={language}
          label={languageName(language, i18n.language)}
          default
        />
      )}
    </video>
  );
}
