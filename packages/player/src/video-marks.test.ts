import { EVENT_CODES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { createVideoMarkTracker } from './video-marks.ts';

const { VIDEO_START, VIDEO_25, VIDEO_50, VIDEO_75, VIDEO_95, VIDEO_100 } = EVENT_CODES;

/** Plays from `from` to `to` seconds in quarter-second time updates and collects the codes. */
function playRange(
  tracker: ReturnType<typeof createVideoMarkTracker>,
  from: number,
  to: number,
  duration = 100,
) {
  const codes: number[] = [];
  for (let t = from; t <= to; t += 0.25) codes.push(...tracker.progress(t, duration));
  return codes;
}

describe('createVideoMarkTracker', () => {
  it('records the start once and every mark once while the video plays through', () => {
    const tracker = createVideoMarkTracker();
    expect(tracker.play()).toEqual([VIDEO_START]);
    expect(tracker.play()).toEqual([]);
    expect(playRange(tracker, 0, 99.75)).toEqual([VIDEO_25, VIDEO_50, VIDEO_75, VIDEO_95]);
    expect(tracker.watched()).toBe(true);
    expect(tracker.ended()).toEqual([VIDEO_100]);
    expect(tracker.ended()).toEqual([]);
    expect(playRange(tracker, 0, 99.75)).toEqual([]);
  });

  it('records 100 % from the time updates when the last one reaches the end', () => {
    const tracker = createVideoMarkTracker();
    expect(playRange(tracker, 0, 100)).toEqual([VIDEO_25, VIDEO_50, VIDEO_75, VIDEO_95, VIDEO_100]);
    expect(tracker.ended()).toEqual([]);
  });

  it('does not count a jump ahead, nor playback after it, nor the end reached that way', () => {
    const tracker = createVideoMarkTracker();
    expect(playRange(tracker, 0, 30)).toEqual([VIDEO_25]);
    expect(tracker.progress(90, 100)).toEqual([]);
    expect(playRange(tracker, 90.25, 99.75)).toEqual([]);
    expect(tracker.ended()).toEqual([]);
    expect(tracker.watched()).toBe(false);
  });

  it('does not count a short seek ahead either', () => {
    const tracker = createVideoMarkTracker();
    playRange(tracker, 0, 20);
    tracker.seek(30);
    expect(playRange(tracker, 30, 60)).toEqual([]);
  });

  it('counts watching again from an earlier point up to new ground', () => {
    const tracker = createVideoMarkTracker();
    playRange(tracker, 0, 40);
    tracker.seek(10);
    expect(playRange(tracker, 10.25, 55)).toEqual([VIDEO_50]);
  });

  it('counts fast playback and sparse updates as watching', () => {
    const tracker = createVideoMarkTracker();
    const codes = [];
    for (let t = 0; t <= 100; t += 4) codes.push(...tracker.progress(t, 100));
    expect(codes).toEqual([VIDEO_25, VIDEO_50, VIDEO_75, VIDEO_95, VIDEO_100]);
  });

  it('starts from the mark the server already has', () => {
    const tracker = createVideoMarkTracker(50);
    expect(tracker.progress(50, 100)).toEqual([]);
    expect(playRange(tracker, 50.25, 80)).toEqual([VIDEO_75]);
  });

  it('is watched at once when the server already has 95 %', () => {
    const tracker = createVideoMarkTracker(95);
    expect(tracker.watched()).toBe(true);
    expect(tracker.play()).toEqual([VIDEO_START]);
    expect(tracker.ended()).toEqual([VIDEO_100]);
  });

  it('ignores updates without a known duration', () => {
    const tracker = createVideoMarkTracker();
    expect(tracker.progress(10, Number.NaN)).toEqual([]);
    expect(tracker.progress(10, 0)).toEqual([]);
  });
});
