import { EVENT_CODES } from '@vigil/shared';

/** The share of a video watched at which each progress event is recorded (spec 1 §9). */
export const VIDEO_MILESTONES = [
  { percent: 25, code: EVENT_CODES.VIDEO_25 },
  { percent: 50, code: EVENT_CODES.VIDEO_50 },
  { percent: 75, code: EVENT_CODES.VIDEO_75 },
  { percent: 95, code: EVENT_CODES.VIDEO_95 },
  { percent: 100, code: EVENT_CODES.VIDEO_100 },
] as const;

export interface VideoPosition {
  currentTime: number;
  duration: number;
  /** The video played to its end (the browser's `ended`). */
  ended: boolean;
}

/**
 * The progress events a position has newly reached, in order, leaving out those already recorded in
 * this view: a jump past several milestones records each of them once.
 */
export function newMilestones(position: VideoPosition, recorded: ReadonlySet<number>): number[] {
  const { currentTime, duration, ended } = position;
  const percent = ended
    ? 100
    : duration > 0 && Number.isFinite(duration)
      ? (currentTime / duration) * 100
      : 0;
  return VIDEO_MILESTONES.filter((m) => percent >= m.percent && !recorded.has(m.code)).map((m) => m.code);
}
