import { EVENT_CODES, VIDEO_MARKS, VIDEO_WATCHED_PERCENT, type LearnerEventInput } from '@vigil/shared';

type EventCode = LearnerEventInput['code'];

/**
 * The largest step between two time updates that still counts as watching (seconds). Browsers report
 * the position every 15–250 ms (less often in a background tab); a seek is reported by `seek`, and this
 * bound only catches a jump whose seek went unreported.
 */
const MAX_PLAY_STEP_S = 15;

const { VIDEO_START, VIDEO_25, VIDEO_50, VIDEO_75, VIDEO_95, VIDEO_100 } = EVENT_CODES;

/** The marks after the start, in order: [code, percent]. */
const PROGRESS_MARKS = [VIDEO_25, VIDEO_50, VIDEO_75, VIDEO_95, VIDEO_100].map(
  (code) => [code, VIDEO_MARKS[code] ?? 100] as const,
);

const WATCHED_CODE = PROGRESS_MARKS.find(([, percent]) => percent === VIDEO_WATCHED_PERCENT)![0];

export interface VideoMarkTracker {
  /** The video started playing; the start code the first time. */
  play(): EventCode[];
  /** A time update; the codes of the marks watched up to now and not recorded yet. */
  progress(position: number, duration: number): EventCode[];
  /** The employee moved the position: what lies between was not watched. */
  seek(position: number): void;
  /** Playback ended; the end code, if the video was really watched up to the watched mark. */
  ended(): EventCode[];
  /** Watched up to the watched mark (95 %) during this visit or an earlier one. */
  watched(): boolean;
}

/**
 * Which video event codes to record during one page visit, each at most once. Only continuous playback
 * counts: skipping ahead past what was watched does not reach a mark. `startPercent` is the mark the
 * server already has, so that a returning employee neither re-records those marks nor has to watch
 * the beginning again.
 */
export function createVideoMarkTracker(startPercent = 0): VideoMarkTracker {
  const recorded = new Set<EventCode>(
    PROGRESS_MARKS.filter(([, p]) => p <= startPercent).map(([code]) => code),
  );
  let watchedTo: number | null = null;
  let last = 0;

  const take = (codes: EventCode[]) => {
    const fresh = codes.filter((code) => !recorded.has(code));
    fresh.forEach((code) => recorded.add(code));
    return fresh;
  };

  return {
    play: () => take([VIDEO_START]),
    progress(position, duration) {
      if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(position)) return [];
      watchedTo ??= (Math.min(startPercent, 100) / 100) * duration;
      const step = position - last;
      if (step > 0 && step <= MAX_PLAY_STEP_S && last <= watchedTo) watchedTo = Math.max(watchedTo, position);
      last = position;
      const percent = (watchedTo / duration) * 100;
      return take(PROGRESS_MARKS.filter(([, mark]) => percent >= mark).map(([code]) => code));
    },
    seek(position) {
      if (Number.isFinite(position)) last = position;
    },
    ended() {
      return recorded.has(WATCHED_CODE) ? take(PROGRESS_MARKS.map(([code]) => code)) : [];
    },
    watched: () => recorded.has(WATCHED_CODE),
  };
}
