import { describe, expect, it } from 'vitest';
import {
  completionPercent,
  DEFAULT_PASS_MARK,
  durationMinutes,
  earnsCertificate,
  quizScorePercent,
  totalSeconds,
} from './figures.ts';
import { formatZonedDateTime, isTimeZone } from './time-zones.ts';

describe('completion and quiz score', () => {
  it('are two figures: lessons finished of delivered, answers right of given', () => {
    expect(completionPercent(10, 10)).toBe(100);
    expect(quizScorePercent(10, 30)).toBe(33);
    expect(completionPercent(0, 0)).toBeNull();
    expect(quizScorePercent(0, 0)).toBeNull();
  });
});

describe('earnsCertificate', () => {
  const all = { lessons: 10, finished: 10 };
  it('needs every lesson finished and the pass mark met', () => {
    expect(earnsCertificate({ ...all, answered: 30, correct: 10 }, DEFAULT_PASS_MARK)).toBe(false);
    expect(earnsCertificate({ ...all, answered: 30, correct: 24 }, DEFAULT_PASS_MARK)).toBe(true);
    expect(earnsCertificate({ lessons: 10, finished: 9, answered: 27, correct: 27 }, 80)).toBe(false);
    expect(earnsCertificate({ lessons: 0, finished: 0, answered: 0, correct: 0 }, 80)).toBe(false);
  });
  it('asks only completion of a program without quiz questions', () => {
    expect(earnsCertificate({ ...all, answered: 0, correct: 0 }, 80)).toBe(true);
  });
});

describe('formatZonedDateTime', () => {
  const instant = new Date('2026-12-03T16:00:00Z');
  it('writes the local time with its zone', () => {
    expect(formatZonedDateTime(instant, 'Europe/Berlin')).toBe(
      '3 December 2026 at 17:00 CET (Europe/Berlin)',
    );
    expect(formatZonedDateTime(new Date('2026-07-03T16:00:00Z'), 'Europe/Berlin')).toBe(
      '3 July 2026 at 18:00 CEST (Europe/Berlin)',
    );
    expect(formatZonedDateTime(instant, 'UTC')).toBe('3 December 2026 at 16:00 UTC');
  });
  it('falls back to UTC for a zone it does not know', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(formatZonedDateTime(instant, 'Mars/Olympus')).toBe('3 December 2026 at 16:00 UTC');
  });
});

describe('durations', () => {
  it('are whole minutes, at least one, over the items together', () => {
    expect(durationMinutes(144)).toBe(2);
    expect(durationMinutes(20)).toBe(1);
    expect(totalSeconds([{ duration: 60 }, { duration: 75 }, { duration: 75 }])).toBe(210);
    expect(durationMinutes(totalSeconds([{ duration: 60 }, { duration: 75 }, { duration: 75 }]))).toBe(4);
  });
});
