import { VIDEO_WATCHED_PERCENT } from '@vigil/shared';
import { useState, type SyntheticEvent } from 'react';
import type { EventCode } from './player-context.ts';
import { createVideoMarkTracker } from './video-marks.ts';

export interface VideoPlayerProps {
  src: string;
  /** A WebVTT file; shown by default. */
  captions: string | null;
  /** The language of the video and its captions. */
  language: string;
  /** The video's accessible name (the subject's title). */
  title: string;
  poster?: string | null;
  /** The mark already reached on an earlier visit (percent): resumes there and does not report it again. */
  startPercent?: number;
  captionsLabel: string;
  /** Shown by a browser that cannot play the video. */
  unsupportedText?: string;
  /** A mark (start, 25, 50, 75, 95, 100 %) reached for the first time by continuous playback. */
  onMark: (code: EventCode) => void;
  /** Called after each mark once the video counts as watched (95 %). */
  onWatched?: () => void;
}

/**
 * The native player, with captions on by default. It reports the start and each mark the first time
 * continuous playback passes it, and resumes a returning viewer at the mark the host has.
 */
export function VideoPlayer({
  src,
  captions,
  language,
  title,
  poster,
  startPercent = 0,
  captionsLabel,
  unsupportedText,
  onMark,
  onWatched,
}: VideoPlayerProps) {
  const [tracker] = useState(() => createVideoMarkTracker(startPercent));

  const report = (codes: EventCode[]) => {
    for (const code of codes) onMark(code);
    if (tracker.watched()) onWatched?.();
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
        src={src}
        poster={poster ?? undefined}
        aria-label={title}
        onLoadedMetadata={resume}
        onPlay={() => report(tracker.play())}
        onSeeking={(event) => tracker.seek(event.currentTarget.currentTime)}
        onTimeUpdate={(event) =>
          report(tracker.progress(event.currentTarget.currentTime, event.currentTarget.duration))
        }
        onEnded={() => report(tracker.ended())}
      >
        {captions && (
          <track kind="captions" src={captions} srcLang={language} label={captionsLabel} default />
        )}
        {unsupportedText && <p>{unsupportedText}</p>}
      </video>
    </div>
  );
}
